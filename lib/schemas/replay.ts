/** Replay of stored tool results through the current quarantine (lib/replay, docs/shadow-mode.md#replay). */
import { z } from "zod";

export const REPLAY_MAX_RUNS = 10_000;
export const REPLAY_MAX_ITEMS = 500;

/** Body of POST /api/replay: exactly one of `lastRuns` or a time range (`since`, optional `until`). */
export const replayRequestSchema = z
  .strictObject({
    /** Replay the tool results of the last N runs. */
    lastRuns: z.int().min(1).max(REPLAY_MAX_RUNS).optional(),
    /** Replay the tool results stored at or after this time. */
    since: z.iso.datetime({ offset: true }).optional(),
    /** ... and before this time (default: now). */
    until: z.iso.datetime({ offset: true }).optional(),
    /** Changed results returned in full (the counts cover all of them). */
    maxItems: z.int().min(0).max(REPLAY_MAX_ITEMS).default(100),
  })
  .refine((body) => (body.lastRuns === undefined) !== (body.since === undefined), {
    message: "Send either lastRuns or since (with an optional until), not both and not neither.",
  })
  .refine((body) => body.until === undefined || body.since !== undefined, {
    message: "until needs since.",
    path: ["until"],
  })
  .refine((body) => !body.since || !body.until || Date.parse(body.since) < Date.parse(body.until), {
    message: "since must be before until.",
    path: ["until"],
  });
export type ReplayRequest = z.output<typeof replayRequestSchema>;

const removedSchema = z.object({ start: z.int(), end: z.int(), rule: z.string() });

/** One stored result the current quarantine treats differently. */
export const replayItemSchema = z.object({
  sampleId: z.string(),
  runId: z.uuid(),
  at: z.iso.datetime(),
  callId: z.string(),
  toolName: z.string(),
  /** The stored text was cut at the sample cap (64 Ki characters). */
  truncated: z.boolean(),
  /** The tool's text as stored (redacted). */
  text: z.string(),
  /** What the quarantine removed at the time (or would have, in Shadow). */
  before: z.object({ previews: z.array(z.string()) }),
  /** What it removes now: previews and offsets into `text`. */
  after: z.object({ previews: z.array(z.string()), segments: z.array(removedSchema) }),
});
export type ReplayItem = z.infer<typeof replayItemSchema>;

export const replayReportSchema = z.object({
  /** Stored results replayed. */
  scanned: z.int(),
  /** Of those, results the quarantine now treats differently. */
  changed: z.int(),
  /** Changed results that now lose more segments than before. */
  nowRemoving: z.int(),
  /** Changed results that now lose fewer segments than before. */
  noLongerRemoving: z.int(),
  /** Replayed results that had been cut at the sample cap. */
  truncated: z.int(),
  /** Runs the replayed results belong to. */
  runs: z.int(),
  items: z.array(replayItemSchema),
  /** Changed results not in `items` (over maxItems). */
  itemsLeftOut: z.int(),
});
export type ReplayReport = z.infer<typeof replayReportSchema>;
