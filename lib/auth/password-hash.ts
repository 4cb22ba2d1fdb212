/**
 * Password hashing with scrypt (memory-hard; node:crypto, no native addon). Format:
 * `scrypt$<log2 N>$<r>$<p>$<salt base64url>$<hash base64url>`, so parameters can be raised later
 * without invalidating stored hashes. Verification is constant-time in the hash comparison, and
 * `verifyPasswordOrDummy` spends the same work when the account does not exist (no user enumeration
 * through timing).
 */
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keyLength: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/** 2^15 x 8 x 128 bytes = 32 MiB per hash. */
const DEFAULT_PARAMETERS = { logN: 15, r: 8, p: 1 };
const KEY_LENGTH = 32;

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./credential-rules";

export async function hashPassword(password: string, parameters = DEFAULT_PARAMETERS): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, parameters);
  return [
    "scrypt",
    parameters.logN,
    parameters.r,
    parameters.p,
    salt.toString("base64url"),
    hash.toString("base64url"),
  ].join("$");
}

/** True when `password` matches `stored`; false for a mismatch or a malformed stored hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [logN, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![logN, r, p].every(Number.isInteger) || logN < 10 || logN > 20 || r < 1 || r > 32 || p < 1 || p > 16)
    return false;
  const expected = Buffer.from(parts[5]!, "base64url");
  if (expected.length !== KEY_LENGTH) return false;
  const actual = await derive(password, Buffer.from(parts[4]!, "base64url"), { logN, r, p });
  return timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | null = null;

/** Verifies against `stored`, or against a throwaway hash when there is no account: same cost either way. */
export async function verifyPasswordOrDummy(password: string, stored: string | null): Promise<boolean> {
  if (stored !== null) return verifyPassword(password, stored);
  dummyHash ??= hashPassword(randomBytes(18).toString("base64url"));
  await verifyPassword(password, await dummyHash);
  return false;
}

/** A readable random password for first start and resets (about 120 bits). */
export function generatePassword(): string {
  return randomBytes(15)
    .toString("base64url")
    .replace(/[-_]/g, (character) => (character === "-" ? "k" : "e"));
}

function derive(
  password: string,
  salt: Buffer,
  parameters: { logN: number; r: number; p: number },
): Promise<Buffer> {
  const N = 2 ** parameters.logN;
  return scryptAsync(password.normalize("NFKC"), salt, KEY_LENGTH, {
    N,
    r: parameters.r,
    p: parameters.p,
    maxmem: 256 * N * parameters.r + 1024 * 1024,
  });
}
