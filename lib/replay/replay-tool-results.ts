/**
 * Replay (docs/shadow-mode.md#replay): the stored tool results of the last N runs, or of a time range,
 * through the quarantine as it is now, compared with what the quarantine removed (or would have removed in
 * Shadow) when the run happened. Read-only: runs, events and samples are never written.
 *
 * Samples are read in keyset pages of REPLAY_PAGE_SIZE, so memory stays bounded however many there are;
 * `onProgress` reports after each page (the CLI's progress bar).
 */
import type { Database } from "@/lib/db/client";
import { scanToolResultText, type ToolResultScan } from "@/lib/guards/quarantine";
import type { ReplayReport, ReplayRequest } from "@/lib/schemas/replay";

export const REPLAY_PAGE_SIZE = 200;

/** The scanner a replay uses: the current quarantine by default; tests inject a variant. */
export type ReplayScanner = (text: string) => ToolResultScan;

interface SampleRow {
  id: bigint;
  run_id: string;
  at: Date;
  call_id: string;
  tool_name: string;
  text: string;
  truncated: boolean;
  previews: string[] | null;
}

export interface ReplayOptions {
  scan?: ReplayScanner;
  onProgress?: (progress: { done: number; total: number }) => void;
  signal?: AbortSignal;
}

/** The time window a request selects: `since`/`until`, or the creation time of the last `lastRuns` runs. */
async function selectionWhere(
  database: Database,
  request: ReplayRequest,
): Promise<{ runIds: string[] | null; since: Date | null; until: Date | null }> {
  if (request.lastRuns !== undefined) {
    const runs = await database.$queryRaw<{ id: string }[]>`
      select id::text from agent_runs order by created_at desc, id desc limit ${request.lastRuns}`;
    return { runIds: runs.map((run) => run.id), since: null, until: null };
  }
  return {
    runIds: null,
    since: request.since ? new Date(request.since) : null,
    until: request.until ? new Date(request.until) : null,
  };
}

function samePreviews(before: readonly string[], after: readonly string[]): boolean {
  return before.length === after.length && before.every((preview, index) => preview === after[index]);
}

/** Replays the selected samples; see the module comment. */
export async function replayToolResults(
  database: Database,
  request: ReplayRequest,
  options: ReplayOptions = {},
): Promise<ReplayReport> {
  const scan = options.scan ?? scanToolResultText;
  const { runIds, since, until } = await selectionWhere(database, request);
  const where = {
    runIds: runIds ?? [],
    useRuns: runIds !== null,
    since: since ?? new Date(0),
    until: until ?? new Date("9999-12-31T00:00:00Z"),
  };
  const [counted] = await database.$queryRaw<{ total: number }[]>`
    select count(*)::int as total from tool_result_samples
    where (not ${where.useRuns} or run_id = any(${where.runIds}::uuid[]))
      and at >= ${where.since} and at < ${where.until}`;
  const total = counted?.total ?? 0;
  const report: ReplayReport = {
    scanned: 0,
    changed: 0,
    nowRemoving: 0,
    noLongerRemoving: 0,
    truncated: 0,
    runs: 0,
    items: [],
    itemsLeftOut: 0,
  };
  const runsSeen = new Set<string>();
  let after = 0n;
  options.onProgress?.({ done: 0, total });
  for (;;) {
    options.signal?.throwIfAborted();
    const page = await database.$queryRaw<SampleRow[]>`
      select id, run_id::text, at, call_id, tool_name, text, truncated, previews
      from tool_result_samples
      where id > ${after}
        and (not ${where.useRuns} or run_id = any(${where.runIds}::uuid[]))
        and at >= ${where.since} and at < ${where.until}
      order by id limit ${REPLAY_PAGE_SIZE}`;
    for (const row of page) {
      report.scanned++;
      runsSeen.add(row.run_id);
      if (row.truncated) report.truncated++;
      const before = row.previews ?? [];
      const verdict = scan(row.text);
      const segments = verdict.type === "quarantined" ? verdict.segments : [];
      const afterPreviews = segments.map((segment) => segment.preview);
      if (samePreviews(before, afterPreviews)) continue;
      report.changed++;
      if (afterPreviews.length > before.length) report.nowRemoving++;
      else if (afterPreviews.length < before.length) report.noLongerRemoving++;
      if (report.items.length >= request.maxItems) {
        report.itemsLeftOut++;
        continue;
      }
      report.items.push({
        sampleId: row.id.toString(),
        runId: row.run_id,
        at: row.at.toISOString(),
        callId: row.call_id,
        toolName: row.tool_name,
        truncated: row.truncated,
        text: row.text,
        before: { previews: before },
        after: {
          previews: afterPreviews,
          segments: segments.map((segment) => ({
            start: segment.start,
            end: segment.end,
            rule: segment.rule,
          })),
        },
      });
    }
    options.onProgress?.({ done: report.scanned, total: Math.max(total, report.scanned) });
    if (page.length < REPLAY_PAGE_SIZE) break;
    after = page.at(-1)!.id;
  }
  report.runs = runsSeen.size;
  return report;
}

/** Days a replay sample is kept (KEEL_REPLAY_RETENTION_DAYS, default 30, 0 keeps none). */
export function replayRetentionDays(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.KEEL_REPLAY_RETENTION_DAYS?.trim();
  if (!raw) return 30;
  const days = Number(raw);
  return Number.isInteger(days) && days >= 0 && days <= 3650 ? days : 30;
}

/** Deletes samples older than `days` days; returns how many. Runs with the agent runtime's housekeeping. */
export async function ageToolResultSamples(database: Database, days: number): Promise<number> {
  return database.$executeRaw`
    delete from tool_result_samples where at < now() - make_interval(days => ${days}::int)`;
}
