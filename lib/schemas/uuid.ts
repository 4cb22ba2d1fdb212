/** The UUID text form (any version, any case) that ids and session ids take in URLs and bodies. */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `value` is a UUID (so it can be sent to a uuid column without a database error). */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
