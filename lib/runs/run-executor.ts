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
import type { AgentTool } from "@/lib/agent/tools/agent-tool";
import type { TodoStore } from "@/lib/agent/tools/builtin/todo-store";
import type { Database } from "@/lib/db/client";
import type { AgentRun } from "@/lib/generated/prisma/client";
import type { CircuitBreaker } from "@/lib/guards/completion";
import { MALFORMED_REPLY_MESSAGE, MalformedReplyError } from "@/lib/guards/scaffolding";
import { loadHaltConditionConfig, recordHaltInSession } from "@/lib/halts/service";
import { errorFields, type Logger } from "@/lib/log/logger";
import { redactSecrets } from "@/lib/redact/redact";
import type { RunEventData, RunStatus } from "@/lib/schemas/runs";
import { RunEventWriter } from "./run-event-writer";

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
  /** The tools of one run (built per run: the todo list is per run). */
  createTools(runId: string): RunToolset;
  log: Logger;
  /** Provider retries per request; default 2 (the completion judge is never retried). */
  maxRetries?: number;
  /** The completion judge's circuit breaker; default the process-wide one. */
  judgeBreaker?: CircuitBreaker;
}

/** The condition name of the halt the audit gate records when it terminates a run. */
export const AUDIT_GATE_HALT_CONDITION = "audit_gate_terminated";

/** Claims the run if it is still queued; null when another executor has it or it is gone. */
export async function claimRun(
  database: Database,
  runId: string,
  runtimeId: string,
  model: string,
): Promise<AgentRun | null> {
  const claimed = await database.agentRun.updateManyAndReturn({
    where: { id: runId, status: "queued" },
    data: { status: "running", startedAt: new Date(), runtimeId, model, updatedAt: new Date() },
  });
  return claimed[0] ?? null;
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
  const run = await claimRun(database, runId, deps.runtimeId, deps.models.label);
  if (!run) {
    deps.log.info("run not claimed (already taken, finished or removed)", { runId });
    return null;
  }
  const log = deps.log.child({ runId });
  const started = performance.now();
  const last = await database.runEvent.aggregate({ where: { runId }, _max: { seq: true } });
  const writer = new RunEventWriter(database, runId, last._max.seq ?? 0);
  const emit = (event: RunEventData) => writer.write(event);

  const { tools, todo } = deps.createTools(runId);
  const initial = deps.flags();
  await writer.write(
    {
      type: "run.started",
      model: deps.models.label,
      runtime: deps.runtimeId,
      settingsVersion: initial.version,
      tools: tools.map((tool) => tool.name),
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
      flags: deps.flags,
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
      flags: deps.flags().flags,
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
  // One transaction: a reader that sees the final status also sees every event up to run.finished.
  await database.$transaction(async (transaction) => {
    await transaction.agentRun.update({
      where: { id: runId },
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
        finishedAt: new Date(),
        updatedAt: new Date(),
      },
    });
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
  });
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
          description: `The audit gate terminated run ${run.id} at step ${step}: ${reason}`,
        },
        config,
      ),
    );
    return recorded.halt_id;
  } catch (error) {
    log.error("recording the audit gate's security halt failed", errorFields(error));
    return null;
  }
}
