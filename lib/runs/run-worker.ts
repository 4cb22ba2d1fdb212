/**
 * The runtime's run worker: takes `agent-run` jobs from pg-boss (NOTIFY wakes it at once) and executes
 * each with executeRun, up to `concurrency` runs at a time per process. Stopping aborts the runs in
 * progress (they end `cancelled`) and waits for them to settle.
 *
 * Every run it executes holds a lease (lib/runs/run-lease.ts). At start and then every third of the
 * lease it reaps lapsed leases, so a run whose runtime died (kill -9, a hung host) is re-queued or failed
 * within about 1.3 leases instead of showing "running" forever.
 */
import type { PgBoss } from "pg-boss";
import { errorFields } from "@/lib/log/logger";
import { executeRun, type RunExecutorDeps } from "./run-executor";
import { RUN_LEASE_MS, reapLapsedLeases } from "./run-lease";
import { RUN_QUEUE, type RunJob, startRunQueue } from "./run-queue";

export interface RunWorker {
  boss: PgBoss;
  /** Runs in progress in this process. */
  active(): number;
  stop(): Promise<void>;
}

export async function startRunWorker(input: {
  connectionString: string;
  deps: RunExecutorDeps;
  concurrency: number;
}): Promise<RunWorker> {
  const { deps } = input;
  const boss = await startRunQueue(input.connectionString, { worker: true });
  const running = new Map<string, AbortController>();
  let stopping = false;

  const leaseMs = deps.leaseMs ?? RUN_LEASE_MS;
  let reaping: Promise<unknown> = Promise.resolve();
  const reap = () =>
    reapLapsedLeases(deps.database, {
      isActive: (runId) => running.has(runId),
      enqueue: (runId) => boss.send(RUN_QUEUE, { runId } satisfies RunJob),
      log: deps.log,
    }).catch((error) => deps.log.warn("reaping lapsed run leases failed", errorFields(error)));
  reaping = reap();
  await reaping;
  const reaper = setInterval(
    () => {
      reaping = reaping.then(reap);
    },
    Math.max(250, Math.floor(leaseMs / 3)),
  );
  reaper.unref();

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
      clearInterval(reaper);
      await reaping;
      for (const controller of running.values()) controller.abort(new Error("the agent runtime is stopping"));
      await boss.stop({ graceful: true, timeout: 15_000 });
    },
  };
}
