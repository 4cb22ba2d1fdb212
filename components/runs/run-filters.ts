import {
  COMPLETION_VERDICTS,
  RUN_KINDS,
  RUN_STATUSES,
  type RunKind,
  type RunStatus,
} from "@/lib/schemas/runs";
import { SHADOWABLE_GUARDS, type ShadowableGuard } from "@/lib/schemas/settings";

/**
 * The runs list's filters as they live in the URL (pure). Unknown values are dropped, so a hand-edited
 * URL never turns into a 400.
 */

/** Runs per page of the list (the server's first page and each "show more"). */
export const RUNS_PAGE_SIZE = 25;

/** Filters in URL form; "" means "any". */
export type CompletionVerdict = (typeof COMPLETION_VERDICTS)[number];
export type RunFilterValues = {
  status: RunStatus | "";
  kind: RunKind | "";
  verdict: CompletionVerdict | "";
  /** Runs a guard acted on (the settings panel's links), with the decision kind and since when. */
  guard?: ShadowableGuard | "";
  decision?: "enforced" | "shadow" | "";
  since?: string;
};

export const EMPTY_RUN_FILTERS: RunFilterValues = { status: "", kind: "", verdict: "" };

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

type Readable = { get(name: string): string | null };

function oneOf<Value extends string>(value: string | null, allowed: readonly Value[]): Value | "" {
  const trimmed = value?.trim() ?? "";
  return (allowed as readonly string[]).includes(trimmed) ? (trimmed as Value) : "";
}

/** Reads the filters from URL search params, dropping invalid values. */
export function readRunFilters(search: Readable): RunFilterValues {
  const values: RunFilterValues = {
    status: oneOf(search.get("status"), RUN_STATUSES),
    kind: oneOf(search.get("kind"), RUN_KINDS),
    verdict: oneOf(search.get("verdict"), COMPLETION_VERDICTS),
  };
  const guard = oneOf(search.get("guard"), SHADOWABLE_GUARDS);
  if (guard === "") return values;
  const since = search.get("since")?.trim() ?? "";
  return {
    ...values,
    guard,
    decision: oneOf(search.get("decision"), ["enforced", "shadow"] as const),
    since: ISO_INSTANT.test(since) ? since : "",
  };
}

/** Reads the filters from a page's `searchParams` object (a repeated parameter counts by its first value). */
export function readRunFiltersFromRecord(
  record: Record<string, string | string[] | undefined>,
): RunFilterValues {
  return readRunFilters({
    get: (name) => {
      const value = record[name];
      return (Array.isArray(value) ? value[0] : value) ?? null;
    },
  });
}

/** The URL query (and the API query) for `values`: empty values left out. */
export function runFiltersToQuery(values: RunFilterValues): Record<string, string> {
  const result: Record<string, string> = {};
  if (values.status) result.status = values.status;
  if (values.kind) result.kind = values.kind;
  if (values.verdict) result.verdict = values.verdict;
  if (values.guard) {
    result.guard = values.guard;
    if (values.decision) result.decision = values.decision;
    if (values.since) result.since = values.since;
  }
  return result;
}

/** True when any filter is set. */
export function hasRunFilters(values: RunFilterValues): boolean {
  return values.status !== "" || values.kind !== "" || values.verdict !== "" || Boolean(values.guard);
}
