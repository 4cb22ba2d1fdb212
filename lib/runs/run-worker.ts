/**
 * The runtime's run worker: takes `agent-run` jobs from pg-boss (NOTIFY wakes it at once) and executes
 * each with executeRun, up to `concurrency` runs at a time per process. Stopping aborts the runs in
 * progress (they end `cancelled`) and waits for them to settle.
 *
 * At start it also fails runs left `running` by a runtime that is gone (stopped, or silent for more
 * than STALE_RUNTIME_MS), so no run shows "running" forever after a crash.
 */
import type { PgBoss } from "pg-boss";
import type { Database } from "@/lib/db/client";
import { errorFields } from "@/lib/log/logger";
import { executeRun, type RunExecutorDeps } from "./run-executor";
import { RUN_QUEUE, type RunJob, startRunQueue } from "./run-queue";

/** A runtime whose heartbeat is older than this no longer owns its running runs. */
export const STALE_RUNTIME_MS = 60_000;

export interface RunWorker {
  boss: PgBoss;
  /** Runs in progress in this process. */
  active(): number;
  stop(): Promise<void>;
}

/** Marks runs of dead runtimes failed; returns how many. */
export async function failOrphanedRuns(database: Database, now: Date = new Date()): Promise<number> {
  const stale = new Date(now.getTime() - STALE_RUNTIME_MS);
  return database.$executeRaw`
    update agent_runs r set status = 'failed', finished_at = now(), updated_at = now(),
      error = 'The agent runtime running this run stopped before it finished.'
    where r.status = 'running' and not exists (
      select 1 from runtime_instances i
      where i.id = r.runtime_id and i.stopped_at is null and i.last_poll_at >= ${stale})`;
}

export async function startRunWorker(input: {
  connectionString: string;
  deps: RunExecutorDeps;
  concurrency: number;
}): Promise<RunWorker> {
  const { deps } = input;
  const orphaned = await failOrphanedRuns(deps.database);
  if (orphaned > 0) deps.log.warn("failed runs left running by a stopped runtime", { count: orphaned });

  const boss = await startRunQueue(input.connectionString, { worker: true });
  const running = new Map<string, AbortController>();
  let stopping = false;

  await boss.work<RunJob>(
    RUN_QUEUE,
    {
      localConcurrency: input.concurrency,
      batchSize: 1,
      // NOTIFY wakes an idle worker at once; a backlog (more jobs than free slots) is polled every second.
      pollingIntervalSeconds: 1,
      notifyPollingIntervalSeconds: 1,
    },
    async ([job]) => {
      if (!job || stopping) return;
      const runId = job.data?.runId;
      if (typeof runId !== "string") {
        deps.log.warn("ignored a run job without a run id", { jobId: job.id });
        return;
      }
      const controller = new AbortController();
      running.set(runId, controller);
      try {
        await executeRun(deps, runId, controller.signal);
      } catch (error) {
        deps.log.error("executing a run failed", { runId, ...errorFields(error) });
      } finally {
        running.delete(runId);
      }
    },
  );

  return {
    boss,
    active: () => running.size,
    async stop() {
      stopping = true;
      for (const controller of running.values()) controller.abort(new Error("the agent runtime is stopping"));
      await boss.stop({ graceful: true, timeout: 15_000 });
    },
  };
}
