/**
 * `npm run keel -- run "<task>" [--kind job|chat|automation|channel|heartbeat] [--locale de|en|it] [--json] [--timeout <s>]`
 *
 * Queues a run (like POST /api/runs) and follows it: every stored event is printed as it happens (one
 * readable line each, or JSON lines with --json), with a live progress line on a terminal (stderr). The
 * run executes in the agent runtime (`npm start`); this command only queues and watches. It follows the
 * run through NOTIFY keel_runs, re-reading once a second as a safety net.
 * Exit code: 0 succeeded, 1 failed / blocked / cancelled / timed out, 2 bad usage.
 */
import os from "node:os";
import { parseArgs } from "node:util";
import pg from "pg";
import type { Database } from "@/lib/db/client";
import { formatRunEvent } from "@/lib/runs/format-run-event";
import { RUNS_CHANNEL } from "@/lib/runs/run-notifications";
import { startRunQueue } from "@/lib/runs/run-queue";
import { createRun, listRunEvents } from "@/lib/runs/runs-service";
import { createRunSchema } from "@/lib/schemas/runs";

const SPINNER = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
const FINISHED = new Set(["succeeded", "failed", "blocked", "cancelled"]);

export class RunUsageError extends Error {}

export async function runCommand(
  database: Database,
  connectionString: string,
  args: string[],
): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(args);
  } catch (error) {
    throw new RunUsageError((error as Error).message);
  }
  const { task, kind, locale, json, timeoutSeconds } = parsed;
  const input = createRunSchema.safeParse({ task, kind, locale });
  if (!input.success) throw new RunUsageError(input.error.issues.map((issue) => issue.message).join("\n"));

  const boss = await startRunQueue(connectionString, { worker: false });
  const listener = new pg.Client({ connectionString });
  let wake: () => void = () => {};
  try {
    // Listen before queuing: if the database refuses the listener, no run is left queued behind.
    let runId = "";
    await listener.connect();
    listener.on("notification", (message) => {
      if (runId && message.payload?.includes(runId)) wake();
    });
    await listener.query(`listen ${RUNS_CHANNEL}`);
    const run = await createRun(database, boss, { type: "cli", name: os.userInfo().username }, input.data);
    runId = run.id;
    if (!json)
      console.log(`Run ${run.id} queued. Following its events (Ctrl-C stops following; the run goes on).`);

    const progress = new ProgressLine(!json && process.stderr.isTTY === true);
    const spinner = setInterval(() => progress.tick(), 100);
    spinner.unref();
    const deadline = Date.now() + timeoutSeconds * 1_000;
    let after = 0;
    let status: string;
    let steps = 0;
    let toolCalls = 0;
    const started = Date.now();
    for (;;) {
      const page = await listRunEvents(database, null, run.id, { after, limit: 500 });
      status = page.status;
      for (const event of page.events) {
        after = event.seq;
        if (event.type === "model.reply") steps = Math.max(steps, Number(event.data.step ?? 0));
        if (event.type === "tool.end") toolCalls++;
        progress.clear();
        console.log(json ? JSON.stringify(event) : formatRunEvent(event));
      }
      // A finished status is committed together with run.finished, so this page (or the next ones, when
      // more than a page of events is left) holds every event up to the last.
      if (FINISHED.has(status)) {
        if (page.events.length === 0) break;
        continue;
      }
      if (Date.now() > deadline) {
        progress.clear();
        clearInterval(spinner);
        console.error(`Stopped following after ${timeoutSeconds} s; the run is still ${status}.`);
        return 1;
      }
      progress.render(
        `${status} · step ${steps} · ${toolCalls} tool call(s) · ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 1_000);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    clearInterval(spinner);
    progress.clear();
    const final = await database.agentRun.findUniqueOrThrow({ where: { id: run.id } });
    if (!json) {
      console.log("");
      console.log(`Status: ${final.status}`);
      if (final.finalText) console.log(`Answer:\n${final.finalText}`);
      if (final.error) console.log(`Error: ${final.error}`);
    }
    return final.status === "succeeded" ? 0 : 1;
  } finally {
    await listener.end().catch(() => {});
    await boss.stop({ graceful: false }).catch(() => {});
  }
}

function parse(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      kind: { type: "string", default: "job" },
      locale: { type: "string", default: "en" },
      json: { type: "boolean", default: false },
      timeout: { type: "string", default: "600" },
    },
  });
  if (positionals.length !== 1) throw new Error('Give the task as one quoted argument: run "<task>".');
  const timeoutSeconds = Number(values.timeout);
  if (!Number.isInteger(timeoutSeconds) || timeoutSeconds < 1 || timeoutSeconds > 86_400)
    throw new Error("--timeout must be a whole number of seconds from 1 to 86400.");
  return {
    task: positionals[0]!,
    kind: values.kind,
    locale: values.locale,
    json: values.json === true,
    timeoutSeconds,
  };
}

/** A single status line on stderr, redrawn in place (only on a terminal). */
class ProgressLine {
  private frame = 0;
  private text = "";
  constructor(private readonly enabled: boolean) {}
  render(text: string): void {
    this.text = text;
    this.draw();
  }
  tick(): void {
    this.frame = (this.frame + 1) % SPINNER.length;
    this.draw();
  }
  clear(): void {
    if (this.enabled && this.text) process.stderr.write("\r\x1b[2K");
  }
  private draw(): void {
    if (!this.enabled || !this.text) return;
    process.stderr.write(`\r\x1b[2K${SPINNER[this.frame]} ${this.text}`);
  }
}
