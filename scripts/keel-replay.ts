/**
 * `npm run keel -- replay (--since <7d|24h|30m|ISO time> [--until <ISO time>] | --last-runs <N>) [--json]
 * [--show <N>]`: replays stored tool results through the current quarantine (lib/replay) and prints which
 * results it now treats differently. A progress bar goes to stderr (redrawn in place on a terminal, a line
 * per quarter otherwise); the summary and the changed results go to stdout. Read-only.
 */
import { parseArgs } from "node:util";
import type { Database } from "@/lib/db/client";
import { replayToolResults } from "@/lib/replay/replay-tool-results";
import { type ReplayReport, replayRequestSchema } from "@/lib/schemas/replay";

export class ReplayUsageError extends Error {}

const DURATION = /^(\d{1,5})(m|h|d)$/;
const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** "7d", "24h", "30m" (before `now`) or an ISO time with offset; throws ReplayUsageError otherwise. */
export function parseSince(value: string, now: Date = new Date()): string {
  const match = DURATION.exec(value.trim());
  if (match) {
    const amount = Number(match[1]);
    if (amount === 0) throw new ReplayUsageError("--since must be more than 0.");
    return new Date(now.getTime() - amount * UNIT_MS[match[2] as keyof typeof UNIT_MS]).toISOString();
  }
  if (!Number.isNaN(Date.parse(value)) && /T.*(Z|[+-]\d{2}:\d{2})$/.test(value)) return value;
  throw new ReplayUsageError(`--since takes a duration like 7d, 24h or 30m, or an ISO time; got "${value}".`);
}

/** `[#########...........]  45%  900/2000` for `width` cells. */
export function progressBar(done: number, total: number, width = 30): string {
  const fraction = total <= 0 ? 1 : Math.min(1, done / total);
  const filled = Math.round(fraction * width);
  const percent = String(Math.floor(fraction * 100)).padStart(3);
  return `[${"#".repeat(filled)}${".".repeat(width - filled)}] ${percent}%  ${done}/${total}`;
}

/** The human summary of a report. */
export function replaySummary(report: ReplayReport, show: number): string {
  const lines = [
    `Replayed ${report.scanned} stored tool result(s) of ${report.runs} run(s) through the current quarantine.`,
    `Changed: ${report.changed} (now removing more: ${report.nowRemoving}, removing less: ${report.noLongerRemoving}, other: ${report.changed - report.nowRemoving - report.noLongerRemoving}).`,
  ];
  if (report.truncated > 0) lines.push(`${report.truncated} result(s) had been cut at the 64 Ki sample cap.`);
  for (const item of report.items.slice(0, show)) {
    lines.push("", `run ${item.runId}  ${item.toolName}  ${item.at}`);
    for (const preview of item.before.previews)
      if (!item.after.previews.includes(preview)) lines.push(`  - no longer removed: ${preview}`);
    for (const preview of item.after.previews)
      if (!item.before.previews.includes(preview)) lines.push(`  + now removed:      ${preview}`);
  }
  const notShown = report.changed - Math.min(show, report.items.length);
  if (notShown > 0) lines.push("", `${notShown} more changed result(s) not shown (--show, --json).`);
  return lines.join("\n");
}

export async function replayCommand(database: Database, args: string[]): Promise<number> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        since: { type: "string" },
        until: { type: "string" },
        "last-runs": { type: "string" },
        show: { type: "string" },
        json: { type: "boolean" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new ReplayUsageError((error as Error).message);
  }
  const show = values.show === undefined ? 20 : Number(values.show);
  if (!Number.isInteger(show) || show < 0 || show > 500)
    throw new ReplayUsageError("--show takes a whole number from 0 to 500.");
  const parsed = replayRequestSchema.safeParse({
    ...(values.since === undefined ? {} : { since: parseSince(String(values.since)) }),
    ...(values.until === undefined ? {} : { until: String(values.until) }),
    ...(values["last-runs"] === undefined ? {} : { lastRuns: Number(values["last-runs"]) }),
    maxItems: values.json ? 500 : show,
  });
  if (!parsed.success)
    throw new ReplayUsageError(parsed.error.issues.map((issue) => issue.message).join(" "));

  const tty = process.stderr.isTTY === true;
  let lastQuarter = -1;
  const report = await replayToolResults(database, parsed.data, {
    onProgress: ({ done, total }) => {
      if (tty) process.stderr.write(`\r${progressBar(done, total)}`);
      else {
        const quarter = total === 0 ? 4 : Math.floor((done / total) * 4);
        if (quarter !== lastQuarter) process.stderr.write(`${progressBar(done, total)}\n`);
        lastQuarter = quarter;
      }
    },
  });
  if (tty) process.stderr.write("\n");
  console.log(values.json ? JSON.stringify(report, null, 2) : replaySummary(report, show));
  return 0;
}
