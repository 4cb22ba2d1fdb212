/**
 * Run finalization for non-interactive runs (docs/run-finalization.md, docs/design.md#run-finalization): what
 * happens between the end of the agent loop and the settled run row. The sequence:
 *
 *   1. silent sentinel: read from the model's answer before anything is added; silent stays silent;
 *   2. todo gate: open plan items (latest agent_todo_update) -> the single bounded continuation;
 *   3. completion judge (mode off | caveat | continue, gated): one judgement; in continue mode an
 *      incomplete verdict may spend the single continuation (if the todo gate did not) and is re-judged
 *      once. At most two judge requests and one continuation per run, whatever happens;
 *   4. caveats from the final state: open plan items, failed side-effecting actions (the run is then
 *      uncertified), the tool-budget marker; appended only when the caveats switch is on and the run is
 *      not silent;
 *   5. `run.caveats` and `run.delivery` events; the result for the executor.
 *
 * The judge's verdict, obligations and reasons are diagnostics (events, the run row, metrics) and never
 * part of the delivered text. The caveats switch and the judge mode are independent
 * (docs/design.md#independent-caveats-and-judge).
 *
 * Failure policy: judge failures are uncertified verdicts (never run failures); a continuation that fails
 * (provider error, malformed reply, budget error) keeps the answer before it; an abort propagates; a
 * continuation ended by the audit gate ends the run blocked. Runs whose loop ended `blocked` are not
 * finalized; `terminal` runs (terminal-on-success) get no continuation.
 */
import type { AgentLoopOutcome, AgentLoopResult } from "@/lib/agent/loop";
import { isOpenTodoStatus, type TodoStore } from "@/lib/agent/tools/builtin/todo-store";
import {
  type AutonomousVerdict,
  buildAutonomousContinuationPrompt,
  buildAutonomousJudgePrompt,
  buildJudgeEvidence,
  buildSideEffectCaveat,
  buildTodoCaveat,
  buildTodoContinuationPrompt,
  buildToolBudgetMarker,
  type CircuitBreaker,
  composeDeliveredText,
  type DeliveryIntent,
  decideJudgeGating,
  detectFailedSideEffects,
  detectSilentDelivery,
  isJudgeFailure,
  isOutboundSendTool,
  type JudgeEvidenceInput,
  normalizeAutonomousVerdict,
  type ToolEvidence,
  uncertifiedVerdict,
} from "@/lib/guards/completion";
import { UNTRUSTED_DATA_PREAMBLE } from "@/lib/guards/quarantine";
import { createLogger, errorFields, type Logger } from "@/lib/log/logger";
import { NON_INTERACTIVE_RUN_KINDS, type RunEventData, type RunKind } from "@/lib/schemas/runs";
import type { RuntimeFlags } from "@/lib/schemas/settings";
import type { ToolCallResult } from "@/lib/tools/tool-batch";
import type { CompletionJudge } from "./completion-judge";

export interface FinalizeRunInput {
  run: { id: string; kind: RunKind; task: string; steered: boolean; locale: string };
  /** The initial loop's result. */
  initial: AgentLoopResult;
  /** The run's plan store (null when the run has no agent_todo_update tool). */
  todo: TodoStore | null;
  /** The switches as read when finalization starts. */
  flags: Pick<RuntimeFlags, "runCompletionCaveatsEnabled" | "autonomousCompletionJudgeMode">;
  /** Runs the agent loop again on `previous`'s conversation plus `instruction` as a user message. */
  continueRun(instruction: string, previous: AgentLoopResult): Promise<AgentLoopResult>;
  judge: CompletionJudge;
  breaker: CircuitBreaker;
  emit(event: RunEventData): Promise<void>;
  signal?: AbortSignal;
  log?: Logger;
  /** Milliseconds clock for durations; default performance.now. */
  now?: () => number;
}

export interface FinalizationResult {
  outcome: AgentLoopOutcome;
  /** What the run delivers: the answer plus caveats, or the sentinel text of a silent run. */
  finalText: string;
  /** The model's last answer, untouched. */
  answer: string;
  delivery: "message" | "silent";
  sentinel: string | null;
  /** Caveats appended to the delivered text (empty for silent runs and with the caveats switch off). */
  caveats: string[];
  /** A side-effecting action failed (keel_run_completion_uncertified_total). */
  uncertified: boolean;
  continuationUsed: boolean;
  continuationReason: "todo" | "judge" | null;
  /** The last judgement, or null when the judge did not run. */
  verdict: AutonomousVerdict | null;
  judgeCalls: number;
  /** Totals over the initial loop and the continuation. */
  toolSteps: number;
  toolBudgetExhausted: boolean;
  scaffoldStripped: number;
  toolResults: ToolCallResult[];
}

function evidenceOf(result: ToolCallResult): ToolEvidence {
  return {
    name: result.name,
    ok: result.envelope.ok,
    statusCode: result.envelope.status_code ?? null,
    errorCode: result.envelope.ok ? null : result.envelope.error.code,
  };
}

function judgeInputOf(result: ToolCallResult): JudgeEvidenceInput {
  const text = result.modelText.startsWith(UNTRUSTED_DATA_PREAMBLE)
    ? result.modelText.slice(UNTRUSTED_DATA_PREAMBLE.length)
    : result.modelText;
  return {
    ...evidenceOf(result),
    preview: result.envelope.ok ? text : `${result.envelope.error.message}`,
  };
}

function isInteractive(kind: RunKind): boolean {
  return !(NON_INTERACTIVE_RUN_KINDS as readonly string[]).includes(kind);
}

/** Finalizes one run; see the module comment. */
export async function finalizeRun(input: FinalizeRunInput): Promise<FinalizationResult> {
  const log = input.log ?? createLogger({ component: "finalize-run" }, { runId: input.run.id });
  const now = input.now ?? (() => performance.now());
  const mode = input.flags.autonomousCompletionJudgeMode;
  const { kind } = input.run;

  let current = input.initial;
  const toolResults = [...current.toolResults];
  let toolSteps = current.toolSteps;
  let toolBudgetExhausted = current.toolBudgetExhausted;
  let scaffoldStripped = current.scaffoldStripped;
  let continuationReason: "todo" | "judge" | null = null;
  let verdict: AutonomousVerdict | null = null;
  let judgeCalls = 0;

  const result = (
    fields: Pick<FinalizationResult, "finalText" | "delivery" | "sentinel" | "caveats" | "uncertified">,
  ): FinalizationResult => ({
    ...fields,
    outcome: current.outcome,
    answer: current.text,
    continuationUsed: continuationReason !== null,
    continuationReason,
    verdict,
    judgeCalls,
    toolSteps,
    toolBudgetExhausted,
    scaffoldStripped,
    toolResults,
  });
  const untouched = () =>
    result({ finalText: current.text, delivery: "message", sentinel: null, caveats: [], uncertified: false });

  if (isInteractive(kind)) {
    await input.emit({ type: "run.completion_judge_skipped", mode, reason: "interactive run" });
    return untouched();
  }
  if (current.outcome === "blocked") return untouched();
  // `current` changes inside continueWith; read it through a function so the checks below stay live.
  const endedBlocked = (): boolean => current.outcome === "blocked";

  let intent: DeliveryIntent = detectSilentDelivery(current.text, kind);
  const canContinue = () =>
    continuationReason === null && current.outcome === "completed" && intent.type === "message";

  /** Spends the single continuation; false when it failed (the earlier answer stands). */
  const continueWith = async (reason: "todo" | "judge", instruction: string): Promise<boolean> => {
    continuationReason = reason;
    await input.emit({ type: "run.continuation", reason, instruction });
    try {
      const next = await input.continueRun(instruction, current);
      current = next;
      toolResults.push(...next.toolResults);
      toolSteps += next.toolSteps;
      toolBudgetExhausted ||= next.toolBudgetExhausted;
      scaffoldStripped += next.scaffoldStripped;
      intent = detectSilentDelivery(current.text, kind);
      return true;
    } catch (error) {
      if (input.signal?.aborted) throw error;
      log.warn("the continuation failed; keeping the answer before it", { reason, ...errorFields(error) });
      return false;
    }
  };

  const judgeOnce = async (attempt: 1 | 2): Promise<AutonomousVerdict | null> => {
    const gate = decideJudgeGating({
      mode,
      interactive: false,
      steered: input.run.steered,
      toolsExecuted: toolResults.length,
      answer: current.text,
      breaker: input.breaker.state(),
    });
    if (gate.type === "skip") {
      await input.emit({ type: "run.completion_judge_skipped", mode, reason: gate.reason });
      return null;
    }
    const evidence = buildJudgeEvidence(
      toolResults.filter((item) => !isOutboundSendTool(item.name)).map(judgeInputOf),
      toolResults.filter((item) => isOutboundSendTool(item.name)).map(judgeInputOf),
    );
    const plan = input.todo?.latest();
    const prompt = buildAutonomousJudgePrompt({
      task: input.run.task,
      answer: current.text,
      evidenceText: evidence.text,
      toolBudgetExhausted,
      plan: plan ? { open: input.todo!.openCount(), total: plan.length } : null,
    });
    const started = now();
    judgeCalls++;
    const outcome = await input.judge(prompt);
    const judged =
      outcome.type === "answer"
        ? normalizeAutonomousVerdict(outcome.value, evidence.ids)
        : uncertifiedVerdict(outcome.type, outcome.detail);
    if (isJudgeFailure(judged)) input.breaker.recordFailure();
    else input.breaker.recordSuccess();
    await input.emit({
      type: "run.completion_judged",
      mode: mode === "continue" ? "continue" : "caveat",
      verdict: judged.verdict,
      obligationCount: judged.obligations.length,
      obligations: judged.obligations.map((obligation) => ({ ...obligation })),
      reason:
        judged.verdict === "uncertified"
          ? `${judged.reason}${judged.detail ? `: ${judged.detail}` : ""}`
          : null,
      attempt,
      continuationUsed: continuationReason !== null,
      breaker: input.breaker.state(),
      durationMs: Math.round(now() - started),
    });
    log.info("completion judged", {
      verdict: judged.verdict,
      attempt,
      obligations: judged.obligations.length,
      breaker: input.breaker.state(),
    });
    return judged;
  };

  // 2. The todo gate.
  const plan = input.todo?.latest() ?? null;
  if (plan !== null) {
    const openItems = plan.filter((item) => isOpenTodoStatus(item.status));
    const continued = openItems.length > 0 && canContinue();
    await input.emit({ type: "run.todo_gate", open: openItems.length, total: plan.length, continued });
    if (continued) await continueWith("todo", buildTodoContinuationPrompt(openItems));
  }
  if (endedBlocked()) return untouched();

  // 3. The completion judge.
  verdict = await judgeOnce(1);
  if (mode === "continue" && verdict?.verdict === "incomplete" && canContinue()) {
    const instruction = buildAutonomousContinuationPrompt({
      nextOperation: verdict.nextOperation,
      unmet: verdict.unmet,
    });
    const continued = await continueWith("judge", instruction);
    if (endedBlocked()) return untouched();
    if (continued) verdict = (await judgeOnce(2)) ?? verdict;
  }

  // 4. Caveats from the final state.
  const latest = input.todo?.latest() ?? null;
  const failed = detectFailedSideEffects(toolResults.map(evidenceOf));
  const uncertified = failed.length > 0;
  const candidates = [
    latest
      ? buildTodoCaveat({ open: input.todo!.openCount(), total: latest.length }, input.run.locale)
      : null,
    buildSideEffectCaveat(
      failed.map((item) => item.name),
      input.run.locale,
    ),
    buildToolBudgetMarker(toolBudgetExhausted, input.run.locale),
  ].filter((caveat): caveat is string => caveat !== null);
  const wouldAppend = input.flags.runCompletionCaveatsEnabled ? candidates : [];
  const silent = intent.type === "silent";
  const appended = silent ? [] : wouldAppend;
  if (candidates.length > 0 || uncertified) {
    await input.emit({
      type: "run.caveats",
      caveats: wouldAppend,
      suppressed: silent && wouldAppend.length > 0,
      uncertified,
    });
    if (!input.flags.runCompletionCaveatsEnabled)
      log.info("caveats switched off; nothing appended", { caveats: candidates, uncertified });
  }

  // 5. Delivery: a silent run delivers its sentinel text unchanged.
  const sentinel = intent.type === "silent" ? intent.sentinel : null;
  await input.emit({ type: "run.delivery", delivery: silent ? "silent" : "message", sentinel });
  return result({
    finalText: silent ? current.text.trim() : composeDeliveredText(current.text, appended),
    delivery: silent ? "silent" : "message",
    sentinel,
    caveats: appended,
    uncertified,
  });
}
