/**
 * `GET /api/activity`: what the guards and the halt console did over a time range, in buckets, for the
 * overview's charts (lib/activity/activity-stats.ts computes it with SQL aggregates).
 */
import { z } from "zod";

export const ACTIVITY_RANGES = ["24h", "7d", "30d"] as const;
export type ActivityRange = (typeof ACTIVITY_RANGES)[number];

export const activityQuerySchema = z.strictObject({
  range: z.enum(ACTIVITY_RANGES, { error: "range must be 24h, 7d or 30d" }).default("7d"),
});

/** The guard interventions the overview charts, by what they count. */
export const INTERVENTION_KINDS = [
  "quarantined",
  "scaffolding",
  "wrapup",
  "auditStops",
  "caveats",
  "judgeContinuations",
] as const;
export type InterventionKind = (typeof INTERVENTION_KINDS)[number];

const count = z.int().min(0);
/** Seconds from a halt's recording to its acknowledgement; null without acknowledged halts. */
const seconds = z.number().min(0).nullable();

export const activityOutputSchema = z.object({
  range: z.enum(ACTIVITY_RANGES),
  /** The bucket width in seconds (1 h for 24 h, 6 h for 7 days, 1 day for 30 days). */
  bucketSeconds: z.int(),
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  /** Halts recorded per bucket, by severity (every bucket of the range, zeros included). */
  halts: z.array(
    z.object({ start: z.iso.datetime(), low: count, medium: count, high: count, critical: count }),
  ),
  /**
   * Guard interventions per bucket: tool results with quarantined segments, scaffolding strips, tool
   * budget wrap-up turns, runs the audit gate terminated, runs with caveats, judge continuations.
   */
  interventions: z.array(
    z.object({
      start: z.iso.datetime(),
      quarantined: count,
      scaffolding: count,
      wrapup: count,
      auditStops: count,
      caveats: count,
      judgeContinuations: count,
    }),
  ),
  /** Time to acknowledge halts recorded in the range: median and 90th percentile per bucket and overall. */
  acknowledgement: z.object({
    count,
    medianSeconds: seconds,
    p90Seconds: seconds,
    buckets: z.array(
      z.object({ start: z.iso.datetime(), count, medianSeconds: seconds, p90Seconds: seconds }),
    ),
  }),
});
export type ActivityStats = z.infer<typeof activityOutputSchema>;
