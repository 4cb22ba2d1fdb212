/**
 * Bearer tokens: personal access tokens (`keel_pat_...`) and agent API keys (`keel_agent_...`).
 * A token is `keel_<kind>_<prefix>_<secret>`: the prefix (10 characters) finds the row, the secret
 * (32 random bytes) is checked against a SHA-256 hash in constant time. The secret is high-entropy, so
 * a fast hash is enough; the token itself is shown once and never stored.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

export type TokenKind = "personal" | "agent";

const KIND_TAG: Record<TokenKind, string> = { personal: "pat", agent: "agent" };
const TOKEN_PATTERN = /^keel_(pat|agent)_([A-Za-z0-9]{10})_([A-Za-z0-9_-]{43})$/;

export interface IssuedToken {
  token: string;
  prefix: string;
  secretHash: string;
}

export function issueToken(kind: TokenKind): IssuedToken {
  const prefix = randomBytes(8)
    .toString("base64url")
    .replace(/[^A-Za-z0-9]/g, "")
    .padEnd(10, "x")
    .slice(0, 10);
  const secret = randomBytes(32).toString("base64url");
  return { token: `keel_${KIND_TAG[kind]}_${prefix}_${secret}`, prefix, secretHash: hashSecret(secret) };
}

/** Splits a presented token; null when it is not shaped like a Keel token. */
export function parseToken(token: string): { kind: TokenKind; prefix: string; secret: string } | null {
  const match = TOKEN_PATTERN.exec(token.trim());
  if (!match) return null;
  return { kind: match[1] === "pat" ? "personal" : "agent", prefix: match[2]!, secret: match[3]! };
}

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

export function secretMatches(secret: string, storedHash: string): boolean {
  const actual = createHash("sha256").update(secret).digest();
  const expected = Buffer.from(storedHash, "hex");
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
