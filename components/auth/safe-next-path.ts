/**
 * Where to go after signing in: the `next` query parameter when it is a path on this site, else
 * `fallback`. Accepted: a string starting with a single "/" (not "//" or "/\", which browsers read as
 * another host), without control characters, that stays on the same origin once resolved, and that is
 * not the sign-in page itself. Returns path, query and fragment of the resolved URL.
 */
export function safeNextPath(next: string | null | undefined, fallback: string): string {
  if (typeof next !== "string" || next.length === 0 || next.length > 2_000) return fallback;
  if (!next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return fallback;
  const base = "http://keel.invalid";
  let resolved: URL;
  try {
    resolved = new URL(next, base);
  } catch {
    return fallback;
  }
  if (resolved.origin !== base) return fallback;
  if (/^\/[a-z]{2}\/sign-in\/?$/.test(resolved.pathname)) return fallback;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
