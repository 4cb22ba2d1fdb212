/** The UUID text form (any version, any case) that ids and session ids take in URLs and bodies. */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `value` is a UUID (so it can be sent to a uuid column without a database error). */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

const H = "[0-9a-fA-F]";
/**
 * isUuidPrefix as a regular expression (JSON Schema can carry it as a `pattern`, so the OpenAPI
 * document states exactly what the server accepts): 8 hex digits, then as much of the rest of the
 * 8-4-4-4-12 form as the value goes on for.
 */
export const UUID_PREFIX_PATTERN = new RegExp(
  `^${H}{8}(?:-(?:${H}{4}-(?:${H}{4}-(?:${H}{4}-${H}{0,12}|${H}{0,4})|${H}{0,4})|${H}{0,4}))?$`,
);

/**
 * True when `value` is the start of a UUID's text form with at least 8 characters (`3f9a1c2e`,
 * `3f9a1c2e-7b`, or a whole UUID), as the lists show ids shortened to their first 8 characters.
 */
export function isUuidPrefix(value: string): boolean {
  return UUID_PREFIX_PATTERN.test(value);
}

/**
 * The first and last UUID that start with `prefix` (an isUuidPrefix value): PostgreSQL orders uuid
 * values by their bytes, which is the order of their text, so `id BETWEEN first AND last` finds them
 * with the column's index.
 */
export function uuidPrefixRange(prefix: string): { first: string; last: string } {
  const hex = prefix.toLowerCase().replaceAll("-", "");
  const dashed = (digits: string) =>
    `${digits.slice(0, 8)}-${digits.slice(8, 12)}-${digits.slice(12, 16)}-${digits.slice(16, 20)}-${digits.slice(20)}`;
  return { first: dashed(hex.padEnd(32, "0")), last: dashed(hex.padEnd(32, "f")) };
}
