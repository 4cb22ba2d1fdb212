/**
 * CSRF defence for cookie-authenticated writes: the browser must say the request comes from this
 * origin (Sec-Fetch-Site: same-origin, or an Origin header naming this host). Bearer-token requests are
 * not checked (browsers never attach them on their own).
 */
export function isSameOriginRequest(request: Request, options: { allowMissing?: boolean } = {}): boolean {
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite !== null) return fetchSite === "same-origin";
  const origin = request.headers.get("origin");
  if (origin === null || origin === "null") return origin === null && options.allowMissing === true;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return false;
  }
  const expected = new Set([request.headers.get("host"), new URL(request.url).host].filter(Boolean));
  const publicUrl = process.env.KEEL_PUBLIC_URL;
  if (publicUrl) {
    try {
      expected.add(new URL(publicUrl).host);
    } catch {
      // ignored: a malformed KEEL_PUBLIC_URL adds nothing
    }
  }
  return expected.has(originHost);
}

/**
 * The client's address. Without trusted proxies (KEEL_TRUSTED_PROXIES unset or 0) it is the TCP peer,
 * stamped into `x-keel-client-address` by scripts/client-address-hook.mjs (a client cannot set it).
 * Behind N trusted proxies it is the Nth X-Forwarded-For entry from the right.
 */
export function clientAddress(request: Request): string | null {
  const trustedProxies = Math.max(0, Math.min(5, Number(process.env.KEEL_TRUSTED_PROXIES ?? 0) || 0));
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
