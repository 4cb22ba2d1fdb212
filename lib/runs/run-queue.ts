/**
 * The run queue on pg-boss: POST /api/runs (web) and `keel run` (CLI) send `{ runId }` jobs; the agent
 * runtime's workers take them (SKIP LOCKED, so one run runs once even with several runtimes). The queue
 * uses NOTIFY, so an idle worker wakes at once instead of waiting for its next poll.
 *
 * The run row is the source of truth (its status); a job is only the wake-up. The executor claims a run
 * with a guarded UPDATE (queued -> running), so a duplicated or retried job never runs a run twice.
 */
import { PgBoss } from "pg-boss";
import { DatabaseNotConfiguredError } from "@/lib/db/client";
import { createLogger, errorFields } from "@/lib/log/logger";

export const RUN_QUEUE = "agent-run";
export const PG_BOSS_SCHEMA = "pgboss";

/** Queue options: no automatic retry (a failed run is reported, not silently re-run), 1 h expiry. */
export const RUN_QUEUE_OPTIONS = { notify: true, retryLimit: 0, expireInSeconds: 3_600 } as const;

export interface RunJob {
  runId: string;
}

/** Starts a pg-boss instance; `worker: false` gives a sender without maintenance or schedules. */
export async function startRunQueue(connectionString: string, options: { worker: boolean }): Promise<PgBoss> {
  const log = createLogger({ component: "run-queue" });
  const boss = new PgBoss({
    connectionString,
    schema: PG_BOSS_SCHEMA,
    useListenNotify: options.worker,
    // The job carries the trace context of its send() (W3C trace context only: the propagator
    // lib/telemetry/setup.ts registers), so a run's span continues the request that queued it.
    openTelemetry: { propagateContext: true },
    ...(options.worker ? {} : { supervise: false, schedule: false, max: 2 }),
  });
  boss.on("error", (error: unknown) => log.warn("run queue error", errorFields(error)));
  await boss.start();
  await boss.createQueue(RUN_QUEUE, RUN_QUEUE_OPTIONS);
  return boss;
}

const globalForQueue = globalThis as unknown as { keelRunQueue?: { url: string; boss: Promise<PgBoss> } };

/**
 * The web process's shared sender for DATABASE_URL (started on first use, kept on globalThis like the
 * Prisma client; a failed start is retried on the next call).
 */
export function runQueueSender(): Promise<PgBoss> {
  const url = process.env.DATABASE_URL;
  if (!url) return Promise.reject(new DatabaseNotConfiguredError());
  const current = globalForQueue.keelRunQueue;
  if (current && current.url === url) return current.boss;
  const boss = startRunQueue(url, { worker: false });
  globalForQueue.keelRunQueue = { url, boss };
  boss.catch(() => {
    if (globalForQueue.keelRunQueue?.boss === boss) globalForQueue.keelRunQueue = undefined;
  });
  if (current) void current.boss.then((old) => old.stop({ graceful: false })).catch(() => {});
  return boss;
}

/** Stops the shared sender, if one was started (tests, and a clean shutdown). */
export async function stopRunQueueSender(): Promise<void> {
  const current = globalForQueue.keelRunQueue;
  globalForQueue.keelRunQueue = undefined;
  if (!current) return;
  const boss = await current.boss.catch(() => null);
  await boss?.stop({ graceful: false }).catch(() => {});
}
