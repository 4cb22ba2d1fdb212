/**
 * Who may scrape /api/metrics: a scraper presenting `Authorization: Bearer <KEEL_METRICS_TOKEN>` (compared
 * in constant time), or a signed-in person with at least the viewer role (session cookie or personal
 * token). Secure by default: with no token configured, only signed-in viewers get in; agent keys never do.
 */
import { createHash, timingSafeEqual } from "node:crypto";

/** A scrape token shorter than this is refused as misconfigured (it would be guessable). */
export const METRICS_TOKEN_MIN_LENGTH = 16;

/** The configured scrape token, or null when unset or too short. */
export function configuredMetricsToken(env: Record<string, string | undefined>): string | null {
  const token = env.KEEL_METRICS_TOKEN?.trim();
  return token && token.length >= METRICS_TOKEN_MIN_LENGTH ? token : null;
}

/** The bearer token of an Authorization header, or null. */
export function bearerToken(authorization: string | null): string | null {
  const match = authorization === null ? null : /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  return match ? match[1]! : null;
}

/** Constant-time comparison (hashes first, so the length does not leak either). */
export function isMetricsToken(presented: string, configured: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(presented), digest(configured));
}
