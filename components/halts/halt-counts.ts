import type { ListHaltsOutput } from "@/lib/schemas/halts";

type Counts = Pick<
  ListHaltsOutput,
  "total_count" | "total_count_capped" | "unacknowledged_count" | "unacknowledged_count_capped"
>;

/**
 * The HaltsList message and its values for the list's counts: exact counts through the plural message
 * `counts`; when the API capped the total (more than HALT_COUNT_CAP match), `countsCapped` with the
 * numbers formatted and a "+" ("10,000+ halts"), since the API does not count further.
 */
export function haltCountsMessage(
  counts: Counts,
  formatNumber: (value: number) => string,
):
  | { key: "counts"; values: { total: number; unacknowledged: number } }
  | { key: "countsCapped"; values: { total: string; unacknowledged: string } } {
  if (!counts.total_count_capped)
    return {
      key: "counts",
      values: { total: counts.total_count, unacknowledged: counts.unacknowledged_count },
    };
  return {
    key: "countsCapped",
    values: {
      total: formatNumber(counts.total_count),
      unacknowledged: `${formatNumber(counts.unacknowledged_count)}${counts.unacknowledged_count_capped ? "+" : ""}`,
    },
  };
}
