import { HALT_SEARCH_PATTERN, HALT_TYPES, type ListHaltsOutput, SEVERITY_LEVELS } from "@/lib/schemas/halts";
import { isUuidPrefix } from "@/lib/schemas/uuid";
import type { HaltListFilters } from "./halts-api";

/**
 * The halt list's filters as they live in the URL (pure). Unknown or malformed values are dropped, so a
 * hand-edited URL never turns into a 400. Times in the URL are `YYYY-MM-DDTHH:mm` in UTC (the console
 * shows UTC), sent to the API as ISO timestamps.
 */

/** Filters in URL form (what the form fields hold). */
export type HaltFilterValues = {
  severity: string;
  halt_type: string;
  acknowledged: string;
  session_id: string;
  from: string;
  to: string;
  q: string;
};

export const EMPTY_FILTERS: HaltFilterValues = {
  severity: "",
  halt_type: "",
  acknowledged: "",
  session_id: "",
  from: "",
  to: "",
  q: "",
};

const LOCAL_MINUTE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

type Readable = { get(name: string): string | null };

/** Reads the filters from URL search params, dropping invalid values. */
export function readFilters(search: Readable): HaltFilterValues {
  const value = (name: string) => search.get(name)?.trim() ?? "";
  const oneOf = (name: string, allowed: readonly string[]) =>
    allowed.includes(value(name)) ? value(name) : "";
  return {
    severity: oneOf("severity", SEVERITY_LEVELS),
    halt_type: oneOf("halt_type", HALT_TYPES),
    acknowledged: oneOf("acknowledged", ["true", "false"]),
    session_id: isUuidPrefix(value("session_id")) ? value("session_id").toLowerCase() : "",
    from: LOCAL_MINUTE.test(value("from")) ? value("from") : "",
    to: LOCAL_MINUTE.test(value("to")) ? value("to") : "",
    q: HALT_SEARCH_PATTERN.test(value("q")) ? value("q").slice(0, 200) : "",
  };
}

/** The URL query for `values` (empty values left out) plus an optional cursor. */
export function filtersToQuery(values: HaltFilterValues, cursor?: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) if (value !== "") result[key] = value;
  if (cursor) result.cursor = cursor;
  return result;
}

/** `YYYY-MM-DDTHH:mm` (UTC) -> ISO timestamp; the end of a range includes its whole minute. */
export function minuteToIso(value: string, edge: "start" | "end"): string | undefined {
  if (!LOCAL_MINUTE.test(value)) return undefined;
  const date = new Date(`${value}:00.000Z`);
  if (Number.isNaN(date.getTime())) return undefined;
  if (edge === "end") date.setUTCSeconds(59, 999);
  return date.toISOString();
}

/** The API query for the filters and cursor. */
export function filtersToApi(values: HaltFilterValues, cursor?: string): HaltListFilters {
  return {
    severity: values.severity || undefined,
    halt_type: values.halt_type || undefined,
    acknowledged: values.acknowledged || undefined,
    session_id: values.session_id || undefined,
    from: minuteToIso(values.from, "start"),
    to: minuteToIso(values.to, "end"),
    q: values.q || undefined,
    cursor: cursor || undefined,
  };
}

/** Rows per page of the halt list (the server-rendered first page uses the same). */
export const HALTS_PAGE_SIZE = 25;

/** The first page the server rendered, and the request (filters and cursor) it answers. */
export type ServedHaltsPage = { key: string; page: ListHaltsOutput };

/** The list's request key for the URL's filters and cursor (what `ServedHaltsPage.key` holds). */
export function haltsRequestKey(filters: HaltFilterValues, cursor: string | undefined): string {
  return JSON.stringify(filtersToQuery(filters, cursor));
}

/** True when any filter is set. */
export function hasFilters(values: HaltFilterValues): boolean {
  return Object.values(values).some((value) => value !== "");
}

/** True when both ends of the time range are set and "from" lies after "to" (the form refuses that). */
export function rangeIsReversed(values: Pick<HaltFilterValues, "from" | "to">): boolean {
  const from = minuteToIso(values.from, "start");
  const to = minuteToIso(values.to, "end");
  return from !== undefined && to !== undefined && from > to;
}
