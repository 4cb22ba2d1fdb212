/**
 * The audit gate of one agent step (Agent Zero's "Infection Check", docs/design.md#audit-gate): an audit
 * model reads what the agent is about to do and decides, before any tool call of the step runs, whether the
 * step may proceed. The texts and the verdict parsing are pure (`lib/guards/audit-gate`); this file sequences
 * the model calls and records the events. The models themselves are injected (`audit`, `clarify`), so this
 * file does no I/O of its own.
 *
 * How the loop uses it, per step with `auditGateEnabled`:
 *   const gate = createStepAuditGate({ flags, history, audit, clarify, emit, step, signal });
 *   stream: gate.onReasoningDelta(text) / gate.onTextDelta(text) / gate.onToolInputStart()
 *   before the tool calls run: const decision = await gate.decide(toolCalls);
 *   `ok` -> run the calls; `terminate` -> run nothing, replace the last assistant message with
 *   `BLOCKED_MESSAGE`, stop the run and record the halt with `decision.reason`.
 * In Shadow (`auditGateShadow`, docs/shadow-mode.md) the loop creates the same gate with an `emit` that
 * records nothing and turns a `terminate` into a `guard.shadow` event; `clarify` asks the main model on a
 * copy of the conversation, so a clarification never changes the run's messages in either mode.
 *
 * Contract:
 * - System prompt: `flags.auditGatePrompt ?? DEFAULT_AUDIT_PROMPT`. The user message holds the rendered
 *   history (last `auditGateHistorySize` messages, `[BLOCKED]` exchanges removed) and the snapshot.
 * - thoughts mode: the first `onToolInputStart` starts a background check on the reasoning and response
 *   streamed so far (if not blank; no tool section). `decide` reuses its verdict when that check has
 *   already finished with one; otherwise it aborts it and checks synchronously with the full snapshot,
 *   tool calls included (the slow path).
 * - complete mode: `decide` checks reasoning + full response + tool calls.
 * - The check always runs when there are tool calls, even with no text (the tool section is a snapshot).
 *   `decide([])` has nothing to gate and returns `ok` without a model call.
 * - Clarify loop, up to `auditGateMaxClarifications` rounds: the MAIN model answers the questions
 *   (`clarify`), the audit conversation continues with the auditor's previous reply and
 *   `reEvaluationMessage(answer)`, and the new reply is parsed. Any verdict but clarify ends the loop; a
 *   new clarify replaces the questions. A clarify with no rounds left terminates with
 *   `MAX_CLARIFICATIONS_EXCEEDED` (with a budget of 0, the first clarify terminates).
 * - Terminate reason: the auditor's chain of thought, else its detail, else `DEFAULT_TERMINATE_DETAIL`,
 *   capped to {@link AUDIT_TERMINATE_REASON_LIMIT} characters.
 * - Events: one `audit.verdict` per check whose result is used (`clarification` 0 for the first, i after
 *   round i), one `audit.clarification` per round (questions and answer capped to 4000 characters).
 *
 * Failure policy (fail closed, docs/design.md#audit-gate; upstream fails open):
 * - a reply without a verdict tag, or a failed audit call, gets ONE retry; if that fails too, the check
 *   counts as `clarify` with `FAIL_CLOSED_CLARIFY_QUESTION` (`failClosed: true` in its event). With no
 *   clarification budget left, that terminates.
 * - an error of `clarify` (the main model) or of `emit` propagates: `decide` rejects and no tool runs.
 * - when `deps.signal` aborts, `decide` rejects with `signal.reason`: a cancelled run is never reported
 *   as a verdict.
 */
import {
  buildAuditSnapshot,
  buildAuditUserMessage,
  chainOfThought,
  DEFAULT_AUDIT_PROMPT,
  DEFAULT_TERMINATE_DETAIL,
  FAIL_CLOSED_CLARIFY_QUESTION,
  MAX_CLARIFICATIONS_EXCEEDED,
  parseAuditVerdict,
  reEvaluationMessage,
  renderAuditHistory,
} from "@/lib/guards/audit-gate";
import { RUN_EVENT_TEXT_LIMIT, type RunEventOf } from "@/lib/schemas/runs";
import type { RuntimeFlags } from "@/lib/schemas/settings";

/** Longest terminate reason handed to the loop (and stored in the verdict event). */
export const AUDIT_TERMINATE_REASON_LIMIT = 2_000;

/** One message of the audit conversation (the system prompt is passed separately). */
export type AuditMessage = { role: "user" | "assistant"; content: string };

/** A tool call of the step, as the gate sees it. */
export type GatedToolCall = { name: string; args: unknown };

/** The gate's answer for a step. */
export type AuditGateDecision = { verdict: "ok" } | { verdict: "terminate"; reason: string };

export interface AuditGateDeps {
  flags: Pick<
    RuntimeFlags,
    "auditGateMode" | "auditGateMaxClarifications" | "auditGateHistorySize" | "auditGatePrompt"
  >;
  /** Conversation so far (before this step's reply), flattened to user/assistant text. */
  history: { role: "user" | "assistant"; text: string }[];
  /** One call of the audit model: system prompt + messages -> reply text. Throws on provider errors. */
  audit(system: string, messages: AuditMessage[], signal: AbortSignal): Promise<string>;
  /** Asks the MAIN model (no tools) to answer the auditor's questions, given the run's history; returns its text. */
  clarify(questions: string, signal: AbortSignal): Promise<string>;
  /** Records the gate's events (the step number comes from `step`). */
  emit(event: RunEventOf<"audit.verdict"> | RunEventOf<"audit.clarification">): Promise<void> | void;
  step: number;
  /** The run's signal: aborted when the run is cancelled or the runtime stops. */
  signal: AbortSignal;
  /** Milliseconds clock for `durationMs`; defaults to `performance.now`. */
  now?: () => number;
}

export interface StepAuditGate {
  onReasoningDelta(text: string): void;
  onTextDelta(text: string): void;
  /** Called by the loop when the model starts streaming a tool call (thoughts mode starts the background check here). */
  onToolInputStart(): void;
  /**
   * The gate before the step's tool calls run. Called once per step; a second call returns the first
   * decision. Rejects with the run's abort reason when the run is cancelled.
   */
  decide(toolCalls: GatedToolCall[]): Promise<AuditGateDecision>;
}

/** The result of one check (one or two audit calls, or the fail-closed substitute). */
type CheckResult = {
  verdict: "ok" | "clarify" | "terminate";
  /** For clarify: the questions for the main model. */
  questions: string;
  /** For terminate: the reason, capped. */
  reason: string;
  /** The auditor's turn as the conversation continues after a clarification. */
  auditorTurn: string;
  failClosed: boolean;
  durationMs: number;
};

/** A check started in the background (thoughts mode). `result` is set once it finished with a verdict. */
type BackgroundCheck = {
  controller: AbortController;
  conversation: AuditMessage[];
  result: CheckResult | null;
};

/** Creates the gate for one step. See the module comment for the contract and the failure policy. */
export function createStepAuditGate(deps: AuditGateDeps): StepAuditGate {
  const now = deps.now ?? (() => performance.now());
  const systemPrompt = deps.flags.auditGatePrompt ?? DEFAULT_AUDIT_PROMPT;
  const renderedHistory = renderAuditHistory(deps.history, deps.flags.auditGateHistorySize);
  let reasoning = "";
  let response = "";
  let toolInputSeen = false;
  let background: BackgroundCheck | null = null;
  let decision: Promise<AuditGateDecision> | null = null;

  function firstMessage(snapshot: string): AuditMessage {
    return { role: "user", content: buildAuditUserMessage(renderedHistory, snapshot) };
  }

  /** One audit call; `null` when it failed or gave no verdict. Rethrows only when `signal` aborted. */
  async function auditOnce(conversation: AuditMessage[], signal: AbortSignal) {
    try {
      const reply = await untilAborted(deps.audit(systemPrompt, [...conversation], signal), signal);
      const verdict = parseAuditVerdict(reply);
      return verdict === null ? null : { reply, verdict };
    } catch (error) {
      if (signal.aborted) throw signal.reason ?? error;
      return null;
    }
  }

  function resultFromReply(
    reply: string,
    verdict: { verdict: CheckResult["verdict"]; detail: string },
    startedAt: number,
  ): CheckResult {
    const reasoningText = chainOfThought(reply);
    return {
      verdict: verdict.verdict,
      // An empty `<clarify></clarify>` still needs a question the main model can answer.
      questions: verdict.detail || reasoningText || FAIL_CLOSED_CLARIFY_QUESTION,
      reason: capText(
        reasoningText || verdict.detail || DEFAULT_TERMINATE_DETAIL,
        AUDIT_TERMINATE_REASON_LIMIT,
      ),
      auditorTurn: reply,
      failClosed: false,
      durationMs: elapsedSince(startedAt),
    };
  }

  /** A check with the one-retry rule; after two failures, the fail-closed clarify. */
  async function checkWithRetry(conversation: AuditMessage[]): Promise<CheckResult> {
    const startedAt = now();
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      const outcome = await auditOnce(conversation, deps.signal);
      if (outcome !== null) return resultFromReply(outcome.reply, outcome.verdict, startedAt);
    }
    return {
      verdict: "clarify",
      questions: FAIL_CLOSED_CLARIFY_QUESTION,
      reason: "",
      // The auditor gave no usable reply; the conversation continues as if it had asked this question.
      auditorTurn: `<clarify>${FAIL_CLOSED_CLARIFY_QUESTION}</clarify>`,
      failClosed: true,
      durationMs: elapsedSince(startedAt),
    };
  }

  function startBackgroundCheck(): void {
    const snapshot = buildAuditSnapshot({ reasoning, response });
    if (snapshot === "") return;
    const controller = new AbortController();
    const check: BackgroundCheck = { controller, conversation: [firstMessage(snapshot)], result: null };
    background = check;
    const startedAt = now();
    // One attempt only: if it fails, `decide` takes the slow path, which has its own retry.
    auditOnce(check.conversation, AbortSignal.any([deps.signal, controller.signal])).then(
      (outcome) => {
        if (outcome !== null && !controller.signal.aborted) {
          check.result = resultFromReply(outcome.reply, outcome.verdict, startedAt);
        }
      },
      () => {
        // Aborted (by the slow path or the run): nothing to record.
      },
    );
  }

  /** The first check of the step: the background verdict when it is ready, else a synchronous check. */
  async function initialCheck(toolCalls: GatedToolCall[]) {
    if (background?.result) return { result: background.result, conversation: background.conversation };
    background?.controller.abort();
    const conversation = [firstMessage(buildAuditSnapshot({ reasoning, response, tool: toolCalls }))];
    return { result: await checkWithRetry(conversation), conversation };
  }

  async function emitVerdict(result: CheckResult, clarification: number): Promise<void> {
    const detail =
      result.verdict === "clarify"
        ? capText(result.questions, RUN_EVENT_TEXT_LIMIT)
        : result.verdict === "terminate"
          ? result.reason
          : "";
    await deps.emit({
      type: "audit.verdict",
      step: deps.step,
      verdict: result.verdict,
      detail,
      clarification,
      failClosed: result.failClosed,
      durationMs: result.durationMs,
    });
  }

  async function runDecision(toolCalls: GatedToolCall[]): Promise<AuditGateDecision> {
    deps.signal.throwIfAborted();
    if (toolCalls.length === 0) {
      background?.controller.abort();
      return { verdict: "ok" };
    }
    const { result: firstResult, conversation } = await initialCheck(toolCalls);
    await emitVerdict(firstResult, 0);

    const maxClarifications = deps.flags.auditGateMaxClarifications;
    let current = firstResult;
    for (let round = 1; current.verdict === "clarify"; round += 1) {
      if (round > maxClarifications) return { verdict: "terminate", reason: MAX_CLARIFICATIONS_EXCEEDED };
      const answer = await untilAborted(deps.clarify(current.questions, deps.signal), deps.signal);
      await deps.emit({
        type: "audit.clarification",
        step: deps.step,
        index: round,
        max: maxClarifications,
        questions: capText(current.questions, RUN_EVENT_TEXT_LIMIT),
        answer: capText(answer, RUN_EVENT_TEXT_LIMIT),
      });
      conversation.push(
        { role: "assistant", content: current.auditorTurn },
        { role: "user", content: reEvaluationMessage(answer) },
      );
      current = await checkWithRetry(conversation);
      await emitVerdict(current, round);
    }
    return current.verdict === "ok" ? { verdict: "ok" } : { verdict: "terminate", reason: current.reason };
  }

  function elapsedSince(startedAt: number): number {
    return Math.max(0, Math.round(now() - startedAt));
  }

  return {
    onReasoningDelta(text) {
      reasoning += text;
    },
    onTextDelta(text) {
      response += text;
    },
    onToolInputStart() {
      if (toolInputSeen || decision !== null) return;
      toolInputSeen = true;
      if (deps.flags.auditGateMode === "thoughts") startBackgroundCheck();
    },
    decide(toolCalls) {
      decision ??= runDecision(toolCalls);
      return decision;
    },
  };
}

/** Settles like `promise`, or rejects with `signal.reason` as soon as the signal aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => {}); // The abandoned call may still reject later.
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

function capText(text: string, limit: number): string {
  return text.length <= limit ? text : text.slice(0, limit);
}
