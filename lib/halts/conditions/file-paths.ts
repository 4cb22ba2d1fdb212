/**
 * Path normalisation and scope matching for the code-safety and scope conditions. Pure string work:
 * nothing touches the file system.
 */

/**
 * Normalises a path for comparison: backslashes become `/`, `./` and empty segments are dropped, `..`
 * is resolved. A relative path that climbs above its root keeps a leading `../` (and is therefore
 * outside every relative scope). Absolute paths keep their leading `/`. Case is preserved.
 */
export function normalizePath(path: string): string {
  const unified = path.trim().replaceAll("\\", "/");
  const absolute = unified.startsWith("/");
  const segments: string[] = [];
  for (const segment of unified.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      if (segments.length > 0 && segments[segments.length - 1] !== "..") segments.pop();
      else if (!absolute) segments.push("..");
      continue;
    }
    segments.push(segment);
  }
  const joined = segments.join("/");
  return absolute ? `/${joined}` : joined;
}

/** Matches one path segment against a glob segment (`*` = any run, `?` = one character). */
function matchSegment(pattern: string, segment: string): boolean {
  // Classic two-pointer wildcard match: O(pattern x segment) worst case, on short strings.
  let patternIndex = 0;
  let segmentIndex = 0;
  let starIndex = -1;
  let resumeIndex = 0;
  while (segmentIndex < segment.length) {
    const patternChar = pattern[patternIndex];
    if (
      patternChar === "?" ||
      (patternChar !== undefined && patternChar !== "*" && patternChar === segment[segmentIndex])
    ) {
      patternIndex++;
      segmentIndex++;
    } else if (patternChar === "*") {
      starIndex = patternIndex++;
      resumeIndex = segmentIndex;
    } else if (starIndex !== -1) {
      patternIndex = starIndex + 1;
      segmentIndex = ++resumeIndex;
    } else {
      return false;
    }
  }
  while (pattern[patternIndex] === "*") patternIndex++;
  return patternIndex === pattern.length;
}

/**
 * True when `path` lies inside the scope `entry`. An entry without wildcards is a directory prefix or
 * an exact file (`src/auth` covers `src/auth` and `src/auth/x.ts`, not `src/authz.ts`). An entry with
 * wildcards is a glob over `/`-separated segments: `*` and `?` stay within a segment, `**` spans any
 * number of segments, and a glob also covers everything below what it matches.
 */
export function isPathInScope(path: string, entry: string): boolean {
  const normalizedPath = normalizePath(path);
  const normalizedEntry = normalizePath(entry);
  // "." covers every relative path that stays below the root; "/" covers every absolute path.
  if (normalizedEntry === "") return !normalizedPath.startsWith("/") && !normalizedPath.startsWith("..");
  if (normalizedEntry === "/") return normalizedPath.startsWith("/");
  if (!/[*?]/.test(normalizedEntry)) {
    return normalizedPath === normalizedEntry || normalizedPath.startsWith(`${normalizedEntry}/`);
  }
  const patternSegments = normalizedEntry.split("/");
  const pathSegments = normalizedPath.split("/");
  // reachable[p][s]: pattern segments [0, p) can match path segments [0, s). Tiny tables (segments).
  let reachable = new Array<boolean>(pathSegments.length + 1).fill(false);
  reachable[0] = true;
  for (const patternSegment of patternSegments) {
    const next = new Array<boolean>(pathSegments.length + 1).fill(false);
    for (let index = 0; index <= pathSegments.length; index++) {
      if (!reachable[index]) continue;
      if (patternSegment === "**") {
        for (let rest = index; rest <= pathSegments.length; rest++) next[rest] = true;
        break;
      }
      const segment = pathSegments[index];
      if (segment !== undefined && matchSegment(patternSegment, segment)) next[index + 1] = true;
    }
    reachable = next;
  }
  // The glob covers everything below a match too (a matched directory covers its files).
  return reachable.some((value) => value);
}

/**
 * Extracts the scope entries from a free-text `scope_boundary`: tokens separated by whitespace, commas
 * or semicolons that look like paths (contain `/`, a wildcard, or a file extension). Tokens starting
 * with `!` are exclusions. Returns empty lists when the boundary names no paths.
 */
export function parseScopeBoundary(scopeBoundary: string): { allowed: string[]; excluded: string[] } {
  const allowed: string[] = [];
  const excluded: string[] = [];
  for (const rawToken of scopeBoundary.split(/[\s,;]+/)) {
    const token = rawToken.replace(/^[`"'([]+|[`"')\].:]+$/g, "");
    const isExclusion = token.startsWith("!");
    const candidate = isExclusion ? token.slice(1) : token;
    const looksLikePath = /[/*?]/.test(candidate) || /^[\w.-]+\.[A-Za-z0-9]{1,8}$/.test(candidate);
    if (!looksLikePath || /^[a-z][a-z0-9+.-]*:\/\//i.test(candidate)) continue;
    (isExclusion ? excluded : allowed).push(candidate);
  }
  return { allowed, excluded };
}
