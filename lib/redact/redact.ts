/**
 * Secret redaction for halt descriptions, contexts and logs. Pure and linear-time; the patterns are the
 * `secrets_exposure` table in `secret-patterns.ts` (one source of truth).
 */
import { findSecrets } from "./secret-patterns";

/** Text that replaces every redacted value. */
export const REDACTED = "[REDACTED]";

/** Maximum nesting depth `redactSecretsDeep` walks; deeper values are replaced by `[TRUNCATED]`. */
export const REDACT_MAX_DEPTH = 64;

/**
 * Replaces every secret in `text` (keys, tokens, passwords in URLs and assignments, private key blocks,
 * JWTs, connection-string passwords) with `[REDACTED]`, keeping the surrounding text (the key name, the
 * URL's user and host) so the result stays readable. Never throws; text without secrets is returned as is.
 */
export function redactSecrets(text: string): string {
  const matches = findSecrets(text);
  if (matches.length === 0) return text;
  let result = "";
  let position = 0;
  for (const match of matches) {
    result += text.slice(position, match.start) + REDACTED;
    position = match.end;
  }
  return result + text.slice(position);
}

const SENSITIVE_KEY =
  /(?:^|_)(?:password|passwd|passphrase|pwd|secret|secret_key|client_secret|token|access_token|refresh_token|auth_token|session_token|api_key|apikey|access_key|private_key|authorization|cookie|credential|credentials|connection_string|dsn)$/;

/**
 * True when an object key names a secret (password, secret, token, api_key, private_key, authorization,
 * cookie, credentials, connection_string, dsn, ...). Keys are compared after camelCase/kebab-case
 * normalisation to snake_case, on whole words: `dbPassword` and `x-api-key` match, `max_tokens` does not.
 */
export function isSensitiveKey(key: string): boolean {
  const normalized = key
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  return SENSITIVE_KEY.test(normalized);
}

/**
 * Deep-redacts a JSON value: strings go through `redactSecrets`; values under a sensitive key (see
 * `isSensitiveKey`) become `[REDACTED]` whatever they are, except booleans and null, which carry no
 * secret. Returns a new value (the input is not modified). Terminates on any JSON value: nesting deeper
 * than `REDACT_MAX_DEPTH` is replaced by `[TRUNCATED]`; non-JSON values (functions, symbols) become null.
 */
export function redactSecretsDeep<Value>(value: Value): Value {
  return redactValue(value, 0) as Value;
}

function redactValue(value: unknown, depth: number): unknown {
  if (typeof value === "string") return redactSecrets(value);
  if (value === undefined) return undefined;
  if (value === null || typeof value === "number" || typeof value === "boolean") return value;
  if (typeof value !== "object") return null;
  if (depth >= REDACT_MAX_DEPTH) return "[TRUNCATED]";
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (isSensitiveKey(key) && item !== null && item !== undefined && typeof item !== "boolean") {
      result[key] = REDACTED;
    } else {
      result[key] = redactValue(item, depth + 1);
    }
  }
  return result;
}

/** Pieces of a multi-line or spaced secret (a key block's lines) this long are secrets on their own. */
const SECRET_PIECE_MIN_LENGTH = 16;

/**
 * The secret values in every string of `source` (at any depth): each match, and the long
 * whitespace-separated pieces of a match (the lines of a private key block). Used with
 * `redactKnownSecrets` when text derived from `source` may carry a secret without the context that
 * identified it (a description quoting one word of a command, a key block's body line on its own).
 */
export function secretValuesIn(source: unknown): string[] {
  const values = new Set<string>();
  const visit = (value: unknown, depth: number): void => {
    if (typeof value === "string") {
      for (const match of findSecrets(value)) {
        const secret = value.slice(match.start, match.end);
        values.add(secret);
        for (const piece of secret.split(/\s+/))
          if (piece.length >= SECRET_PIECE_MIN_LENGTH) values.add(piece);
      }
    } else if (value !== null && typeof value === "object" && depth < REDACT_MAX_DEPTH) {
      for (const item of Object.values(value)) visit(item, depth + 1);
    }
  };
  visit(source, 0);
  return [...values].sort((left, right) => right.length - left.length);
}

/** `value` (any JSON) with every literal occurrence of `secrets` in its strings replaced by `[REDACTED]`. */
export function redactKnownSecrets<Value>(value: Value, secrets: readonly string[]): Value {
  if (secrets.length === 0) return value;
  const replace = (item: unknown, depth: number): unknown => {
    if (typeof item === "string") {
      let text = item;
      for (const secret of secrets) if (text.includes(secret)) text = text.split(secret).join(REDACTED);
      return text;
    }
    if (item === null || typeof item !== "object" || depth >= REDACT_MAX_DEPTH) return item;
    if (Array.isArray(item)) return item.map((entry) => replace(entry, depth + 1));
    return Object.fromEntries(Object.entries(item).map(([key, entry]) => [key, replace(entry, depth + 1)]));
  };
  return replace(value, 0) as Value;
}
