/**
 * The run executor (agent runtime side): claims a queued run, runs the guarded agent loop with the
 * switches current at each step, stores every event, and settles the run row.
 *
 *   queued --claim--> running --loop--> succeeded | blocked | failed | cancelled
 *
 * Claiming is a guarded UPDATE (status = 'queued'), so a run executes once even if its job is delivered
 * twice or several runtimes take jobs. Outcomes: a normal answer or a terminal-on-success tool ->
 * succeeded; the audit gate's terminate -> blocked (a critical `security` halt is recorded in the run's
 * agent session, so it shows in the halt console); a malformed reply, a tool budget error or a provider
 * error -> failed with a clear message; the runtime stopping -> cancelled.
 * Non-interactive runs (job, automation, channel, heartbeat) whose loop ended with an answer then go
 * through run finalization (lib/agent/finalize): silent sentinels, the todo gate and the completion judge
 * with at most one continuation, caveats; the row stores the delivered text, the delivery, the caveats,
 * whether the continuation was used and the judge's verdict.
 * Each run ends with one log line `run finished ... scaffold_stripped=N`.
 *
 * Lease (lib/runs/run-lease.ts): the claim takes a lease of RUN_LEASE_MS, renewed every third of it
 * while the run executes. When a renewal finds the run no longer ours (a reaper took it after the lease
 * lapsed, e.g. the database was away longer than the lease), the run is abandoned: its loop is aborted
 * and the final write is skipped, so the reaper's outcome stands.
 */

import type { LanguageModel } from "ai";
import {
  createCompletionJudge,
  createLoopContinuation,
  type FinalizationResult,
  finalizeRun,
  processJudgeBreaker,
} from "@/lib/agent/finalize";
import { type FlagSnapshot, runAgentLoop, ToolBudgetExhaustedError } from "@/lib/agent/loop";
import type { TodoStore } from "@/lib/agent/tools/builtin/todo-store";
import { invalidateAgentSessionCaches } from "@/lib/auth/agent-session-cache";
import type { Database } from "@/lib/db/client";
import type { AgentRun } from "@/lib/generated/prisma/client";
import type { CircuitBreaker } from "@/lib/guards/completion";
import { overridesRespectingShadow } from "@/lib/guards/guard-mode";
import { MALFORMED_REPLY_MESSAGE, MalformedReplyError } from "@/lib/guards/scaffolding";
import { haltText } from "@/lib/halts/halt-text";
import { loadHaltConditionConfig, recordHaltInSession } from "@/lib/halts/service";
import { errorFields, type Logger } from "@/lib/log/logger";
import { redactSecrets } from "@/lib/redact/redact";
import type { RunEventData, RunStatus } from "@/lib/schemas/runs";
import type { RuntimeFlags } from "@/lib/schemas/settings";
import { tracedEmit } from "@/lib/telemetry/run-events";
import { traceRun } from "@/lib/telemetry/run-span";
import { activeSpan } from "@/lib/telemetry/tracing";
import type { AgentTool } from "@/lib/tools/agent-tool";
import { RunEventWriter } from "./run-event-writer";
import { RUN_LEASE_MS, renewRunLease } from "./run-lease";

export interface RunModels {
  main: LanguageModel;
  utility: LanguageModel;
  /** Shown on the run ("openai:gpt-4.1-mini", "demo (scripted)"). */
  label: string;
}

/** The tools of one run and the plan store its `agent_todo_update` writes (read by the todo gate). */
export interface RunToolset {
  tools: AgentTool[];
  /** Null when the run has no plan tool. */
  todo: TodoStore | null;
}

export interface RunExecutorDeps {
  database: Database;
  /** The runtime instance id (runtime_instances.id). */
  runtimeId: string;
  models: RunModels;
  /** The switches the runtime applies right now (the flag poller). */
  flags(): FlagSnapshot;
  /**
   * Switches to turn on for one run only, over `flags()`, chosen by its task: the demo runtime's
   * demoRunFlags (each demo scenario turns its own guard on). None when absent.
   */
  runFlags?(task: string): Partial<RuntimeFlags>;
  /** The tools of one run (built per run: the todo list is per run). */
  createTools(runId: string): RunToolset;
  log: Logger;
  /** Provider retries per request; default 2 (the completion judge is never retried). */
  maxRetries?: number;
  /** The completion judge's circuit breaker; default the process-wide one. */
  judgeBreaker?: CircuitBreaker;
  /** The run lease in ms; default RUN_LEASE_MS. */
  leaseMs?: number;
}

/** The condition name of the halt the audit gate records when it terminates a run. */
export const AUDIT_GATE_HALT_CONDITION = "audit_gate_terminated";

/** Claims the run if it is still queued; null when another executor has it or it is gone. */
export async function claimRun(
  database: Database,
  runId: string,
  runtimeId: string,
  model: string,
  leaseMs: number = RUN_LEASE_MS,
): Promise<AgentRun | null> {
  const claimed = await database.agentRun.updateManyAndReturn({
    where: { id: runId, status: "queued" },
    data: {
      status: "running",
      startedAt: new Date(),
      runtimeId,
      model,
      leaseExpiresAt: new Date(Date.now() + leaseMs),
      updatedAt: new Date(),
    },
  });
  if (!claimed[0]) return null;
  // The lease on the database's clock (the claim above used this host's).
  await renewRunLease(database, runId, runtimeId, leaseMs);
  return claimed[0];
}

/** Renews the run's lease every third of `leaseMs`; `onLost` runs once when the lease is gone. */
function keepLease(deps: RunExecutorDeps, runId: string, leaseMs: number, onLost: () => void, log: Logger) {
  let lost = false;
  const timer = setInterval(
    () => {
      renewRunLease(deps.database, runId, deps.runtimeId, leaseMs).then(
        (held) => {
          if (held || lost) return;
          lost = true;
          clearInterval(timer);
          log.warn("run lease lost (reaped by another runtime); abandoning the run");
          onLost();
        },
        (error) => log.warn("renewing the run lease failed; retrying", errorFields(error)),
      );
    },
    Math.max(250, Math.floor(leaseMs / 3)),
  );
  timer.unref();
  return {
    lost: () => lost,
    stop: () => clearInterval(timer),
  };
}

/** A short, secret-free message for a failed run. */
export function failureMessage(error: unknown): string {
  if (error instanceof MalformedReplyError) return MALFORMED_REPLY_MESSAGE;
  if (error instanceof ToolBudgetExhaustedError) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  const firstLine = redactSecrets(message.split("\n")[0] ?? "").slice(0, 500);
  return `The model request failed: ${firstLine || "unknown error"}`;
}

/** Executes one run end to end. Never throws for run-level failures (they are stored on the run). */
export async function executeRun(
  deps: RunExecutorDeps,
  runId: string,
  signal: AbortSignal,
): Promise<RunStatus | null> {
  const { database } = deps;
  const leaseMs = deps.leaseMs ?? RUN_LEASE_MS;
  const run = await claimRun(database, runId, deps.runtimeId, deps.models.label, leaseMs);
  if (!run) {
    deps.log.info("run not claimed (already taken, finished or removed)", { runId });
    return null;
  }
  const log = deps.log.child({ runId });
  const abandon = new AbortController();
  const lease = keepLease(
    deps,
    runId,
    leaseMs,
    () => abandon.abort(new Error("the run lease was lost")),
    log,
  );
  try {
    return await traceRun(run, () =>
      executeClaimedRun(deps, run, AbortSignal.any([signal, abandon.signal]), lease.lost, log),
    );
  } finally {
    lease.stop();
  }
}

async function executeClaimedRun(
  deps: RunExecutorDeps,
  run: AgentRun,
  signal: AbortSignal,
  leaseLost: () => boolean,
  log: Logger,
): Promise<RunStatus | null> {
  const { database } = deps;
  const runId = run.id;
  const started = performance.now();
  const last = await database.runEvent.aggregate({ where: { runId }, _max: { seq: true } });
  const writer = new RunEventWriter(database, runId, last._max.seq ?? 0);
  const emit = tracedEmit((event: RunEventData) => writer.write(event), activeSpan());

  const { tools, todo } = deps.createTools(runId);
  const forRun = deps.runFlags?.(run.task) ?? {};
  const enabledForRun = Object.keys(forRun);
  const flags = (): FlagSnapshot => {
    const current = deps.flags();
    if (enabledForRun.length === 0) return current;
    // A guard the operator put in Shadow stays in Shadow for a demo run too (it shows what it would do).
    return { ...current, flags: { ...current.flags, ...overridesRespectingShadow(current.flags, forRun) } };
  };
  const initial = flags();
  await writer.write(
    {
      type: "run.started",
      model: deps.models.label,
      runtime: deps.runtimeId,
      settingsVersion: initial.version,
      tools: tools.map((tool) => tool.name),
      ...(enabledForRun.length > 0 ? { enabledForRun } : {}),
    },
    "running",
  );
  log.info("run started", { kind: run.kind, model: deps.models.label, tools: tools.length });

  let status: RunStatus;
  let result: FinalizationResult | null = null;
  let error: string | null = null;
  try {
    const loopOptions = {
      runId,
      model: deps.models.main,
      utilityModel: deps.models.utility,
      tools,
      flags,
      emit,
      recordSecurityHalt: (reason: string, step: number) => recordAuditHalt(database, run, reason, step, log),
      signal,
      maxRetries: deps.maxRetries ?? 2,
      log,
    };
    const initial = await runAgentLoop({ ...loopOptions, messages: [{ role: "user", content: run.task }] });
    result = await finalizeRun({
      run: { id: run.id, kind: run.kind, task: run.task, steered: run.steered, locale: run.locale },
      initial,
      todo,
      flags: flags().flags,
      continueRun: createLoopContinuation(loopOptions),
      judge: createCompletionJudge({ model: deps.models.main, signal }),
      breaker: deps.judgeBreaker ?? processJudgeBreaker,
      emit,
      signal,
      log,
    });
    status = result.outcome === "blocked" ? "blocked" : "succeeded";
  } catch (caught) {
    if (signal.aborted) {
      status = "cancelled";
      error = "The agent runtime stopped while the run was in progress.";
    } else {
      status = "failed";
      error = failureMessage(caught);
      log.warn("run failed", { error, ...errorFields(caught) });
    }
  }

  const durationMs = Math.round(performance.now() - started);
  const finalText = result?.finalText ?? "";
  if (leaseLost()) {
    log.warn("run abandoned after its lease was lost; the reaper's outcome stands");
    return null;
  }
  // One transaction: a reader that sees the final status also sees every event up to run.finished.
  // Only while the run is still ours: a reaper that took it after a lapsed lease has the last word.
  const settled = await database.$transaction(async (transaction) => {
    const updated = await transaction.agentRun.updateMany({
      where: { id: runId, status: "running", runtimeId: deps.runtimeId },
      data: {
        status,
        finalText: result ? finalText : null,
        delivery: result?.delivery ?? "message",
        caveats: result?.caveats ?? [],
        continuationUsed: result?.continuationUsed ?? false,
        completionVerdict: result?.verdict?.verdict ?? null,
        toolSteps: result?.toolSteps ?? 0,
        toolBudgetExhausted: result?.toolBudgetExhausted ?? false,
        error,
        leaseExpiresAt: null,
        finishedAt: new Date(),
        updatedAt: new Date(),
      },
    });
    if (updated.count === 0) return false;
    await writer.write(
      {
        type: "run.finished",
        status,
        finalText,
        toolSteps: result?.toolSteps ?? 0,
        toolBudgetExhausted: result?.toolBudgetExhausted ?? false,
        scaffoldStripped: result?.scaffoldStripped ?? 0,
        error,
        durationMs,
      },
      status,
      transaction,
    );
    return true;
  });
  if (!settled) {
    log.warn("run was taken over after its lease lapsed; its outcome was not written");
    return null;
  }
  log.info(
    `run finished status=${status} tool_steps=${result?.toolSteps ?? 0} budget_exhausted=${result?.toolBudgetExhausted ?? false} duration_ms=${durationMs} delivery=${result?.delivery ?? "none"} verdict=${result?.verdict?.verdict ?? "none"} continuation=${result?.continuationUsed ?? false} scaffold_stripped=${result?.scaffoldStripped ?? 0}`,
  );
  return status;
}

/** Records the audit gate's critical security halt in the run's session; null if that fails. */
async function recordAuditHalt(
  database: Database,
  run: AgentRun,
  reason: string,
  step: number,
  log: Logger,
): Promise<string | null> {
  try {
    const session = await database.agentSession.findUniqueOrThrow({ where: { id: run.sessionId } });
    const config = await loadHaltConditionConfig(database);
    const text = haltText("auditGateTerminated", { runId: run.id, step, reason });
    const recorded = await database.$transaction((transaction) =>
      recordHaltInSession(
        transaction,
        session,
        {
          session_token: session.sessionToken,
          task_id: `run:${run.id}`,
          halt_type: "security",
          condition_name: AUDIT_GATE_HALT_CONDITION,
          severity: "critical",
          description: text.description,
        },
        config,
        { key: text.description_key, params: text.description_params },
      ),
    );
    // The session is halted now: a check in this process reads it again (others on the NOTIFY).
    invalidateAgentSessionCaches(session.sessionToken);
    return recorded.halt_id;
  } catch (error) {
    log.error("recording the audit gate's security halt failed", errorFields(error));
    return null;
  }
}
