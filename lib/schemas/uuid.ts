/** The UUID text form (any version, any case) that ids and session ids take in URLs and bodies. */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `value` is a UUID (so it can be sent to a uuid column without a database error). */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

const UUID_TEMPLATE = "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx";
/** The shortest id prefix a filter accepts: the 8 characters the console's lists show. */
export const UUID_PREFIX_MIN = 8;

/**
 * True when `value` is the start of a UUID's text form with at least 8 characters (`3f9a1c2e`,
 * `3f9a1c2e-7b`, or a whole UUID), as the lists show ids shortened to their first 8 characters.
 */
export function isUuidPrefix(value: string): boolean {
  if (value.length < UUID_PREFIX_MIN || value.length > UUID_TEMPLATE.length) return false;
  for (let index = 0; index < value.length; index++) {
    const ok = UUID_TEMPLATE[index] === "-" ? value[index] === "-" : /[0-9a-f]/i.test(value[index] ?? "");
    if (!ok) return false;
  }
  return true;
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
