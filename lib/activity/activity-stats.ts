/**
 * The overview's activity charts over the chosen range, in buckets that date_bin puts on a fixed UTC
 * origin (a bucket's bounds do not move between requests):
 *
 *   halts by severity      from halt_activity_hourly, a rollup a trigger on halt_events keeps (one row
 *                          per hour and severity: at most 2,880 rows for 30 days, however many halts)
 *   time to acknowledge    median and 90th percentile from halt_acknowledgement_hourly, the same
 *                          trigger's log-scale histogram of waits (4 buckets per doubling, so a
 *                          percentile is within about 9% of the exact value)
 *   guard interventions    counted from run_events through its (type, at) index
 *
 * The migration 20261201224202_halt_activity_rollups writes the trigger and fills both rollups.
 */
import type { Database } from "@/lib/db/client";
import type { ActivityRange, ActivityStats } from "@/lib/schemas/activity";

const HOUR = 3600;
/** Bucket width per range: 24 bars, 28 bars, 30 bars. */
export const BUCKET_SECONDS: Record<ActivityRange, number> = {
  "24h": HOUR,
  "7d": 6 * HOUR,
  "30d": 24 * HOUR,
};
const RANGE_SECONDS: Record<ActivityRange, number> = {
  "24h": 24 * HOUR,
  "7d": 7 * 24 * HOUR,
  "30d": 30 * 24 * HOUR,
};
const ORIGIN = "2000-01-01T00:00:00Z";

/** Run event types that count as an intervention (the filters below say which of them do). */
const INTERVENTION_EVENT_TYPES = [
  "tool.end",
  "proxy.request",
  "scaffolding.stripped",
  "budget.wrapup",
  "audit.terminated",
  "run.caveats",
  "run.continuation",
];

type HaltRow = { start: Date; severity: string; halts: bigint };
type InterventionRow = {
  start: Date;
  quarantined: bigint;
  scaffolding: bigint;
  wrapup: bigint;
  audit_stops: bigint;
  caveats: bigint;
  judge_continuations: bigint;
};
type AckRow = { start: Date; wait_bucket: number; acknowledged: bigint };

/** A representative wait for a histogram bucket: the geometric middle of [2^(b/4), 2^((b+1)/4)) s. */
export function waitOfBucket(bucket: number): number {
  return 2 ** ((bucket + 0.5) / 4);
}

/** The q-quantile (0..1) of a wait histogram (bucket -> count), or null when it is empty. */
export function histogramQuantile(histogram: Map<number, number>, q: number): number | null {
  const total = [...histogram.values()].reduce((sum, value) => sum + value, 0);
  if (total === 0) return null;
  let seen = 0;
  for (const bucket of [...histogram.keys()].sort((a, b) => a - b)) {
    seen += histogram.get(bucket) ?? 0;
    if (seen >= q * total) return waitOfBucket(bucket);
  }
  return null;
}

/** The bucket starts of the range, oldest first: the last one contains `to`. */
export function bucketStarts(to: Date, range: ActivityRange): Date[] {
  const width = BUCKET_SECONDS[range] * 1000;
  const origin = Date.parse(ORIGIN);
  const last = origin + Math.floor((to.getTime() - origin) / width) * width;
  const count = RANGE_SECONDS[range] / BUCKET_SECONDS[range];
  return Array.from({ length: count }, (_, index) => new Date(last - (count - 1 - index) * width));
}

const n = (value: bigint | number | null | undefined) => Number(value ?? 0);
const round = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

export async function activityStats(
  database: Database,
  range: ActivityRange,
  now: Date = new Date(),
): Promise<ActivityStats> {
  const starts = bucketStarts(now, range);
  const from = starts[0]!;
  const width = `${BUCKET_SECONDS[range]} seconds`;
  const origin = new Date(ORIGIN);

  const [halts, interventions, acknowledgement] = await Promise.all([
    database.$queryRaw<HaltRow[]>`
      select date_bin(${width}::interval, hour, ${origin}) as start, severity::text as severity,
             sum(recorded)::bigint as halts
      from halt_activity_hourly
      where hour >= ${from} and hour <= ${now}
      group by 1, 2`,
    database.$queryRaw<InterventionRow[]>`
      select date_bin(${width}::interval, at, ${origin}) as start,
             count(*) filter (where type in ('tool.end', 'proxy.request')
                              and coalesce((data -> 'quarantinedSegments' ->> 'count')::int, 0) > 0) as quarantined,
             count(*) filter (where type = 'scaffolding.stripped') as scaffolding,
             count(*) filter (where type = 'budget.wrapup') as wrapup,
             count(*) filter (where type = 'audit.terminated') as audit_stops,
             count(*) filter (where type = 'run.caveats'
                              and jsonb_array_length(coalesce(data -> 'caveats', '[]'::jsonb)) > 0) as caveats,
             count(*) filter (where type = 'run.continuation' and data ->> 'reason' = 'judge') as judge_continuations
      from run_events
      where type = any(${INTERVENTION_EVENT_TYPES}) and at >= ${from} and at <= ${now}
      group by 1`,
    database.$queryRaw<AckRow[]>`
      select date_bin(${width}::interval, hour, ${origin}) as start, wait_bucket,
             sum(acknowledged)::bigint as acknowledged
      from halt_acknowledgement_hourly
      where hour >= ${from} and hour <= ${now}
      group by 1, 2`,
  ]);

  const key = (date: Date) => date.toISOString();
  const haltBuckets = new Map(
    starts.map((start) => [key(start), { low: 0, medium: 0, high: 0, critical: 0 }]),
  );
  for (const row of halts) {
    const bucket = haltBuckets.get(key(row.start));
    if (bucket && row.severity in bucket) bucket[row.severity as keyof typeof bucket] = n(row.halts);
  }
  const interventionRows = new Map(interventions.map((row) => [key(row.start), row]));
  const overall = new Map<number, number>();
  const perBucket = new Map<string, Map<number, number>>();
  for (const row of acknowledgement) {
    const histogram = perBucket.get(key(row.start)) ?? new Map<number, number>();
    histogram.set(row.wait_bucket, (histogram.get(row.wait_bucket) ?? 0) + n(row.acknowledged));
    perBucket.set(key(row.start), histogram);
    overall.set(row.wait_bucket, (overall.get(row.wait_bucket) ?? 0) + n(row.acknowledged));
  }
  const summary = (histogram: Map<number, number> | undefined) => ({
    count: [...(histogram?.values() ?? [])].reduce((sum, value) => sum + value, 0),
    medianSeconds: round(histogramQuantile(histogram ?? new Map(), 0.5)),
    p90Seconds: round(histogramQuantile(histogram ?? new Map(), 0.9)),
  });

  return {
    range,
    bucketSeconds: BUCKET_SECONDS[range],
    from: from.toISOString(),
    to: now.toISOString(),
    halts: starts.map((start) => ({ start: key(start), ...haltBuckets.get(key(start))! })),
    interventions: starts.map((start) => {
      const row = interventionRows.get(key(start));
      return {
        start: key(start),
        quarantined: n(row?.quarantined),
        scaffolding: n(row?.scaffolding),
        wrapup: n(row?.wrapup),
        auditStops: n(row?.audit_stops),
        caveats: n(row?.caveats),
        judgeContinuations: n(row?.judge_continuations),
      };
    }),
    acknowledgement: {
      ...summary(overall),
      buckets: starts.map((start) => ({ start: key(start), ...summary(perBucket.get(key(start))) })),
    },
  };
}
