/**
 * Parses `If-Match` for the settings version: `5`, `"5"` or `W/"5"`; `*` or no header means "any".
 * Anything else is a 400, never silently ignored.
 */
import { ApiError } from "./api-error";

export function parseIfMatchVersion(header: string | null): number | undefined {
  if (header === null || header.trim() === "" || header.trim() === "*") return undefined;
  const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(header);
  if (!match) {
    throw new ApiError("bad_request", 'If-Match must be the settings version, e.g. If-Match: "7".');
  }
  return Number(match[1]);
}
