/**
 * Run leases: a running run belongs to the runtime that claimed it (`agent_runs.runtime_id`) only while
 * its lease holds (`lease_expires_at`). The executing runtime renews the lease every third of
 * RUN_LEASE_MS; a runtime that dies (kill -9, a crashed host) stops renewing, and the lease lapses.
 *
 * Any runtime reaps lapsed leases (`reapLapsedLeases`, every third of the lease), except those of runs it
 * is executing itself right now (their renewal only failed for a while, e.g. the database was away):
 *   - re-queued (status queued, a new queue job) when the run had not called a side-effecting tool and
 *     was re-queued fewer than MAX_LEASE_REQUEUES times before: running it again repeats nothing
 *     outside the run;
 *   - otherwise failed, with LEASE_LAPSED_ERROR and a `run.finished` event.
 * Either way the run's timeline gains a `run.lease_lapsed` event (the console shows it).
 *
 * Exactly once: each run is reaped in its own transaction that locks the row (FOR UPDATE SKIP LOCKED)
 * and re-checks, under the lock, that the run is still running with a lapsed lease. A second reaper
 * skips the locked row or finds it no longer running; a runtime that was only slow finds its lease gone
 * at the next renewal (zero rows updated) and abandons the run without writing over the reaper's result.
 * Lease times are the database's clock (`now()`), so runtimes on hosts with different clocks agree.
 *
 * Side-effecting tools: every tool except the run-internal bookkeeping ones (RUN_INTERNAL_TOOLS:
 * `agent_todo_update`) and those the completion guard's vocabulary classifies as reads
 * (`classifyToolAction(name) === "read"`: get, list, read, search, fetch, ...). Unknown names count as
 * side-effecting: re-running a run that may have sent a mail is worse than failing it.
 */
import type { Database } from "@/lib/db/client";
import { classifyToolAction, RUN_INTERNAL_TOOLS } from "@/lib/guards/completion";
import { errorFields, type Logger } from "@/lib/log/logger";
import { RunEventWriter } from "./run-event-writer";

function leaseFromEnv(): number {
  const raw = process.env.KEEL_RUN_LEASE_MS;
  const value = raw === undefined || raw === "" ? 45_000 : Number(raw);
  return Number.isInteger(value) && value >= 1_000 && value <= 600_000 ? value : 45_000;
}

/** How long a lease holds without renewal (KEEL_RUN_LEASE_MS, 1000 to 600000; default 45 s). */
export const RUN_LEASE_MS = leaseFromEnv();

/** A run is re-queued after a lapsed lease at most this often; the next lapse fails it. */
export const MAX_LEASE_REQUEUES = 1;

/** The error of a run failed because its runtime stopped renewing its lease. */
export const LEASE_LAPSED_ERROR =
  "The agent runtime running this run stopped responding (its lease lapsed); the run was stopped.";

/** True when calling `name` may change something outside the run (see the header). */
export function isSideEffectingTool(name: string): boolean {
  if (RUN_INTERNAL_TOOLS.has(name)) return false;
  return classifyToolAction(name) !== "read";
}

/**
 * Extends the lease of a run this runtime holds. False when the run is no longer running under this
 * runtime (finished, or reaped after a lapse): the caller must then abandon it.
 */
export async function renewRunLease(
  database: Database,
  runId: string,
  runtimeId: string,
  leaseMs: number = RUN_LEASE_MS,
): Promise<boolean> {
  const updated = await database.$executeRaw`
    update agent_runs set lease_expires_at = now() + make_interval(secs => ${leaseMs / 1000}::double precision)
    where id = ${runId}::uuid and status = 'running' and runtime_id = ${runtimeId}::uuid`;
  return updated === 1;
}

/** One reaped run. */
export interface ReapedRun {
  runId: string;
  action: "requeued" | "failed";
  /** The side-effecting tools the run had called (why it was failed rather than re-queued). */
  sideEffectTools: string[];
}

/**
 * Reaps lapsed leases (at most `limit` runs per call), leaving out the runs `isActive` says this process
 * is executing. Re-queued runs are handed to `enqueue` after their transaction commits.
 */
export async function reapLapsedLeases(
  database: Database,
  input: {
    isActive: (runId: string) => boolean;
    enqueue: (runId: string) => Promise<unknown>;
    log: Logger;
    limit?: number;
  },
): Promise<ReapedRun[]> {
  const candidates = await database.$queryRaw<{ id: string }[]>`
    select id::text from agent_runs
    where status = 'running' and runtime_id is not null
      and (lease_expires_at is null or lease_expires_at < now())
    order by lease_expires_at nulls first
    limit ${input.limit ?? 20}`;
  const reaped: ReapedRun[] = [];
  for (const { id } of candidates) {
    if (input.isActive(id)) continue;
    const result = await reapOne(database, id);
    if (!result) continue;
    reaped.push(result);
    input.log.warn("run lease lapsed", { runId: id, action: result.action, tools: result.sideEffectTools });
    if (result.action === "requeued") {
      await input.enqueue(id).catch((error) =>
        input.log.error("re-queueing a run after its lease lapsed failed", {
          runId: id,
          ...errorFields(error),
        }),
      );
    }
  }
  return reaped;
}

async function reapOne(database: Database, runId: string): Promise<ReapedRun | null> {
  return database.$transaction(async (transaction) => {
    const locked = await transaction.$queryRaw<{ runtime_id: string; lease_requeues: number }[]>`
      select runtime_id::text, lease_requeues from agent_runs
      where id = ${runId}::uuid and status = 'running' and runtime_id is not null
        and (lease_expires_at is null or lease_expires_at < now())
      for update skip locked`;
    const row = locked[0];
    if (!row) return null; // reaped by someone else, renewed meanwhile, or finished
    const starts = await transaction.runEvent.findMany({
      where: { runId, type: "tool.start" },
      select: { data: true },
      orderBy: { seq: "asc" },
    });
    const called = [...new Set(starts.map((event) => String((event.data as { name?: unknown }).name ?? "")))];
    const sideEffectTools = called.filter(isSideEffectingTool);
    const action =
      sideEffectTools.length === 0 && row.lease_requeues < MAX_LEASE_REQUEUES ? "requeued" : "failed";
    const last = await transaction.runEvent.aggregate({ where: { runId }, _max: { seq: true } });
    const writer = new RunEventWriter(database, runId, last._max.seq ?? 0);
    const status = action === "requeued" ? "queued" : "failed";
    await writer.write(
      { type: "run.lease_lapsed", runtime: row.runtime_id, action, sideEffectTools },
      status,
      transaction,
    );
    if (action === "requeued") {
      await transaction.$executeRaw`
        update agent_runs set status = 'queued', runtime_id = null, lease_expires_at = null, started_at = null,
          lease_requeues = lease_requeues + 1, updated_at = now()
        where id = ${runId}::uuid`;
    } else {
      const run = await transaction.agentRun.update({
        where: { id: runId },
        data: {
          status: "failed",
          error: LEASE_LAPSED_ERROR,
          leaseExpiresAt: null,
          finishedAt: new Date(),
          updatedAt: new Date(),
        },
      });
      await writer.write(
        {
          type: "run.finished",
          status: "failed",
          finalText: "",
          toolSteps: run.toolSteps,
          toolBudgetExhausted: run.toolBudgetExhausted,
          scaffoldStripped: run.scaffoldStripped,
          error: LEASE_LAPSED_ERROR,
          durationMs: run.startedAt ? Math.max(0, Date.now() - run.startedAt.getTime()) : 0,
        },
        "failed",
        transaction,
      );
    }
    return { runId, action, sideEffectTools };
  });
}
