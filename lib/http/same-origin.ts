/**
 * CSRF defence for cookie-authenticated writes: the browser must say the request comes from this
 * origin (Sec-Fetch-Site: same-origin, or an Origin header naming this origin). Bearer-token requests
 * are not checked (browsers never attach them on their own).
 *
 * "This origin" is `KEEL_PUBLIC_URL` when it is set (and then only it), otherwise the origin the client
 * reached the server on: the Host header (behind `KEEL_TRUSTED_PROXIES`, X-Forwarded-Host and
 * X-Forwarded-Proto), with the scheme http. Never the host of `request.url`, which Next.js fills in
 * itself (`localhost:<port>`) whatever the client asked for. Both sides are normalised by the URL
 * parser (scheme and host lower case, default ports dropped) and compared as whole origins. A browser
 * cannot forge Host or Origin; a client that forges them is not a browser and carries no victim's
 * cookie, so it gains nothing.
 */
export function isSameOriginRequest(request: Request, options: { allowMissing?: boolean } = {}): boolean {
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite !== null) return fetchSite === "same-origin";
  const origin = request.headers.get("origin");
  if (origin === null || origin === "null") return origin === null && options.allowMissing === true;
  const expected = expectedOrigin(request);
  return expected !== null && normalizedOrigin(origin) === expected;
}

/** `scheme://host[:port]` with the URL parser's normalisation, or null when `url` is not a URL. */
function normalizedOrigin(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** The origin a same-origin browser request names (see `isSameOriginRequest`), or null if unknown. */
export function expectedOrigin(request: Request): string | null {
  const publicUrl = process.env.KEEL_PUBLIC_URL?.trim();
  if (publicUrl) return normalizedOrigin(publicUrl);
  const behindProxy = trustedProxyCount() > 0;
  const forwarded = (name: string) =>
    behindProxy ? request.headers.get(name)?.split(",").at(-1)?.trim() || null : null;
  const host = forwarded("x-forwarded-host") ?? request.headers.get("host");
  if (!host || /[/?#@\\\s]/.test(host)) return null;
  const scheme = forwarded("x-forwarded-proto")?.toLowerCase() === "https" ? "https" : "http";
  return normalizedOrigin(`${scheme}://${host}`);
}

function trustedProxyCount(): number {
  return Math.max(0, Math.min(5, Number(process.env.KEEL_TRUSTED_PROXIES ?? 0) || 0));
}

/**
 * The client's address. Without trusted proxies (KEEL_TRUSTED_PROXIES unset or 0) it is the TCP peer,
 * stamped into `x-keel-client-address` by scripts/client-address-hook.mjs (a client cannot set it).
 * Behind N trusted proxies it is the Nth X-Forwarded-For entry from the right.
 */
export function clientAddress(request: Request): string | null {
  const trustedProxies = trustedProxyCount();
  if (trustedProxies > 0) {
    const hops = (request.headers.get("x-forwarded-for") ?? "")
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean);
    const address = hops[hops.length - trustedProxies];
    if (address) return address;
  }
  return request.headers.get("x-keel-client-address") || null;
}
