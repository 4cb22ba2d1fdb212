/**
 * The agent loop: one loop for every provider (OpenAI chat and Responses, Anthropic, Google, Bedrock,
 * OpenAI-compatible servers), all through the AI SDK with tools declared WITHOUT `execute`, so the
 * runtime runs tools itself. The loop is small on purpose: policy lives in the guards (lib/guards) and in
 * executeToolBatch. Per step (docs/design.md#step-order):
 *
 *   1. read the switches (they may change between steps; the change is recorded);
 *   2. stream the model; text deltas pass the scaffolding filter (reasoning never does);
 *   3. a reply without tool calls ends the run, unless it was scaffolding only: then exactly one
 *      recovery request (tools off, the fixed correction line in the system prompt); a second empty
 *      reply throws MalformedReplyError;
 *   4. with tool calls: the audit gate (when on) decides ok / terminate (clarifications inside);
 *      terminate replaces the assistant message with [BLOCKED], records a security halt, stops the run.
 *      In Shadow the gate decides the same way, a terminate only becomes a `guard.shadow` event and the
 *      step goes on as if the gate were off;
 *   5. the terminal-on-success order rule: a violating round runs no tool and every call gets the 409
 *      `terminal_on_success_order` result;
 *   6. executeToolBatch runs the tools (quarantine, preamble, signposts, tool.end events);
 *   7. a successful annotated call ends the run with an empty terminal answer;
 *   8. after `maxToolSteps` rounds: one grace step without tools and with the wrap-up instruction (when
 *      the switch is on; otherwise the run fails); tool calls after that throw.
 *
 * Failure policy: provider errors propagate (the executor fails the run with a clear message); tool
 * errors are tool results; an abort of `signal` rejects with the abort reason.
 */
import {
  type AssistantModelMessage,
  generateText,
  jsonSchema,
  type LanguageModel,
  type ModelMessage,
  streamText,
  type ToolSet,
  tool,
} from "ai";
import { BLOCKED_MESSAGE } from "@/lib/guards/audit-gate";
import { applyGuardMode, type GuardMode, guardMode } from "@/lib/guards/guard-mode";
import {
  createScaffoldingScanner,
  formatScaffoldingStripWarning,
  MalformedReplyError,
  type ScaffoldingStripEvent,
} from "@/lib/guards/scaffolding";
import { decideBudget, decideReply, decideRoundEnd, type StepPurpose } from "@/lib/guards/step-policy";
import {
  readTerminalOnSuccess,
  TERMINAL_ON_SUCCESS_ANNOTATION,
  terminalAnnotationInvalidIntervention,
} from "@/lib/guards/terminal-on-success";
import { createLogger, errorFields, type Logger } from "@/lib/log/logger";
import type { RunEventData } from "@/lib/schemas/runs";
import { type FlagSnapshot, RUNTIME_FLAG_NAMES, type RuntimeFlags } from "@/lib/schemas/settings";
import type { AgentTool } from "@/lib/tools/agent-tool";
import {
  argsText,
  executeToolBatch,
  type PendingToolCall,
  rejectedToolResults,
  type ToolCallResult,
} from "@/lib/tools/tool-batch";
import { createStepAuditGate, type StepAuditGate } from "./audit-gate";
import { AGENT_SYSTEM_PROMPT, TOOL_LOOP_STEP_LIMIT_WRAPUP } from "./loop-constants";

/** The switches as the loop reads them before each step. */
export type { FlagSnapshot };

export interface AgentLoopOptions {
  runId: string;
  /** The main model. */
  model: LanguageModel;
  /** The utility model (the audit gate uses it when `auditGateModel` is "utility"). */
  utilityModel: LanguageModel;
  tools: readonly AgentTool[];
  /** Defaults to AGENT_SYSTEM_PROMPT. */
  system?: string;
  /** The conversation so far; for a new run, the task as one user message. */
  messages: ModelMessage[];
  /** Current switches; called before every step, so a change applies at the next step. */
  flags(): FlagSnapshot;
  /** Stores one run event (the writer redacts and caps). */
  emit(event: RunEventData): Promise<void>;
  /** Records the audit gate's security halt; returns its id (null when it could not be recorded). */
  recordSecurityHalt(reason: string, step: number): Promise<string | null>;
  signal: AbortSignal;
  /** Provider retries per request (AI SDK `maxRetries`); default 2. */
  maxRetries?: number;
  /** Visible (filtered) text deltas as they stream, e.g. for a live display. */
  onTextDelta?(text: string): void;
  log?: Logger;
}

export type AgentLoopOutcome = "completed" | "terminal" | "blocked";

export interface AgentLoopResult {
  outcome: AgentLoopOutcome;
  /** The final visible answer: "" after a terminal-on-success tool, BLOCKED_MESSAGE when blocked. */
  text: string;
  /** The whole conversation, including tool calls and their (quarantined) results. */
  messages: ModelMessage[];
  toolSteps: number;
  toolBudgetExhausted: boolean;
  /** Characters the scaffolding filter removed over the whole run. */
  scaffoldStripped: number;
  /** Every tool result of the run, in order (the evidence run finalization works from). */
  toolResults: ToolCallResult[];
}

/** The model kept calling tools after they were withdrawn, or the budget ran out with wrap-up off. */
export class ToolBudgetExhaustedError extends Error {
  override readonly name = "ToolBudgetExhaustedError";
}

/** Result of streaming one model request. */
interface StreamedReply {
  visibleText: string;
  reasoning: string;
  toolCalls: PendingToolCall[];
  strippedChars: number;
  strips: ScaffoldingStripEvent[];
  /** In Shadow mode: what the filter would have stripped (the text was released unchanged). */
  shadowStrips: ScaffoldingStripEvent[];
  shadowStrippedChars: number;
  finishReason: string;
  inputTokens: number | null;
  outputTokens: number | null;
  /** The provider's assistant message (reasoning and tool-call parts kept, text replaced by the visible text). */
  assistantMessage: AssistantModelMessage | null;
  durationMs: number;
}

function toToolSet(tools: readonly AgentTool[]): ToolSet {
  const set: ToolSet = {};
  for (const agentTool of tools)
    set[agentTool.name] = tool({
      description: agentTool.description,
      inputSchema: jsonSchema(agentTool.inputSchema as Parameters<typeof jsonSchema>[0]),
    });
  return set;
}

function describeInvalid(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error ?? "");
  const firstLine = message.split("\n")[0] ?? "";
  return `The arguments are not valid for this tool${firstLine ? `: ${firstLine.slice(0, 300)}` : ""}. Check the tool's input schema and call it again.`;
}

/** Keeps the provider's assistant message but replaces its text with the filtered, visible text. */
function withVisibleText(message: AssistantModelMessage, visibleText: string): AssistantModelMessage {
  if (typeof message.content === "string") return { ...message, content: visibleText };
  const others = message.content.filter((part) => part.type !== "text");
  const content = visibleText.length > 0 ? [{ type: "text" as const, text: visibleText }, ...others] : others;
  return { ...message, content };
}

function toolResultMessage(results: readonly ToolCallResult[]): ModelMessage {
  return {
    role: "tool",
    content: results.map((result) => ({
      type: "tool-result" as const,
      toolCallId: result.callId,
      toolName: result.name,
      output: result.isError
        ? { type: "error-text" as const, value: result.modelText }
        : { type: "text" as const, value: result.modelText },
    })),
  };
}

/** Flattens the conversation for the audit gate's history section. */
function auditHistory(messages: readonly ModelMessage[]): { role: "user" | "assistant"; text: string }[] {
  const history: { role: "user" | "assistant"; text: string }[] = [];
  for (const message of messages) {
    if (message.role === "system") continue;
    if (message.role === "tool") {
      for (const part of message.content)
        if (part.type === "tool-result") {
          const value = "value" in part.output ? part.output.value : "";
          const text = typeof value === "string" ? value : JSON.stringify(value);
          history.push({ role: "user", text: `[tool result ${part.toolName}] ${text.slice(0, 1_000)}` });
        }
      continue;
    }
    const parts: string[] = [];
    if (typeof message.content === "string") parts.push(message.content);
    else
      for (const part of message.content) {
        if (part.type === "text") parts.push(part.text);
        else if (part.type === "tool-call") parts.push(`[calls ${part.toolName}] ${argsText(part.input)}`);
      }
    const text = parts.join("\n").trim();
    if (text) history.push({ role: message.role, text });
  }
  return history;
}

/** Names of the switches that differ between two snapshots. */
function changedFlags(before: RuntimeFlags, after: RuntimeFlags): string[] {
  return RUNTIME_FLAG_NAMES.filter((name) => before[name] !== after[name]);
}

/** Characters of the audit gate's reason kept in its `guard.shadow` event. */
export const AUDIT_SHADOW_REASON_LIMIT = 500;

/** Runs the loop to the end of the run. */
export async function runAgentLoop(options: AgentLoopOptions): Promise<AgentLoopResult> {
  const log = options.log ?? createLogger({ component: "agent-loop" }, { runId: options.runId });
  const messages: ModelMessage[] = [...options.messages];
  const baseSystem = options.system ?? AGENT_SYSTEM_PROMPT;
  const toolsByName = new Map(options.tools.map((agentTool) => [agentTool.name, agentTool]));
  const toolSet = toToolSet(options.tools);
  const toolResults: ToolCallResult[] = [];

  // x-claw.terminalOnSuccess: read once per run; a non-boolean value is reported once and ignored.
  const terminalTools = new Set<string>();
  for (const agentTool of options.tools) {
    const annotation = readTerminalOnSuccess(agentTool.annotations);
    if (annotation.enabled) terminalTools.add(agentTool.name);
    if (annotation.invalid) {
      log.warn(terminalAnnotationInvalidIntervention(agentTool.name));
      await options.emit({
        type: "tool.annotation_invalid",
        name: agentTool.name,
        value: argsText(agentTool.annotations?.[TERMINAL_ON_SUCCESS_ANNOTATION]),
      });
    }
  }

  let snapshot = options.flags();
  let toolSteps = 0;
  let step = 0;
  let recoveryUsed = false;
  let correctionLine = "";
  let toolBudgetExhausted = false;
  let scaffoldStripped = 0;
  let purpose: StepPurpose = "step";
  const isTerminal = (name: string) => terminalTools.has(name);

  const finish = (outcome: AgentLoopOutcome, text: string): AgentLoopResult => ({
    outcome,
    text,
    messages,
    toolSteps,
    toolBudgetExhausted,
    scaffoldStripped,
    toolResults,
  });

  for (;;) {
    options.signal.throwIfAborted();
    step++;
    const current = options.flags();
    if (current.version !== snapshot.version) {
      const changed = changedFlags(snapshot.flags, current.flags);
      if (changed.length > 0)
        await options.emit({ type: "run.flags_changed", step, settingsVersion: current.version, changed });
    }
    snapshot = current;
    const { flags } = snapshot;

    const budget =
      purpose === "step"
        ? decideBudget({
            toolSteps,
            maxToolSteps: flags.maxToolSteps,
            wrapupEnabled: flags.toolBudgetWrapupEnabled,
          })
        : null;
    if (budget?.action === "stop") throw new ToolBudgetExhaustedError(budget.message);
    if (budget?.action === "wrapup") {
      toolBudgetExhausted = true;
      purpose = "wrapup";
      messages.push({ role: "user", content: TOOL_LOOP_STEP_LIMIT_WRAPUP });
      await options.emit({ type: "budget.wrapup", step, maxToolSteps: flags.maxToolSteps });
    }
    const toolsOffered = purpose === "step";
    const system = purpose === "recovery" ? `${baseSystem}\n\n${correctionLine}` : baseSystem;

    // Shadow (lib/guards/guard-mode.ts): the gate audits as when On, but its own events (verdicts,
    // clarifications) are not recorded, so the run's counters and the enforced decisions stay as Off
    // leaves them; a terminate becomes one `guard.shadow` event below. Clarifications ask the main model on
    // a copy of the conversation, so they never change the run's messages.
    const auditMode = toolsOffered ? guardMode(flags, "audit_gate") : "off";
    const gate =
      auditMode !== "off"
        ? createStepAuditGate({
            flags,
            history: auditHistory(messages),
            audit: async (auditSystem, auditMessages, signal) =>
              (
                await generateText({
                  model: flags.auditGateModel === "main" ? options.model : options.utilityModel,
                  system: auditSystem,
                  messages: auditMessages,
                  abortSignal: signal,
                  maxRetries: options.maxRetries ?? 2,
                })
              ).text,
            clarify: async (questions, signal) =>
              (
                await generateText({
                  model: options.model,
                  system: baseSystem,
                  messages: [...messages, { role: "user", content: questions }],
                  abortSignal: signal,
                  maxRetries: options.maxRetries ?? 2,
                })
              ).text,
            emit: auditMode === "shadow" ? () => undefined : (event) => options.emit(event),
            step,
            signal: options.signal,
          })
        : null;

    const reply = await streamReply({
      model: options.model,
      system,
      messages,
      tools: toolsOffered ? toolSet : undefined,
      filterEnabled: flags.toolScaffoldingGuardEnabled,
      filterMode: guardMode(flags, "scaffolding"),
      gate,
      signal: options.signal,
      maxRetries: options.maxRetries ?? 2,
      onTextDelta: options.onTextDelta,
    });
    scaffoldStripped += reply.strippedChars;
    if (reply.shadowStrippedChars > 0)
      await options.emit({
        type: "guard.shadow",
        guard: "scaffolding",
        step,
        count: reply.shadowStrippedChars,
        previews: reply.shadowStrips.map((strip) => strip.span + (strip.truncated ? "…" : "")),
      });
    await options.emit({
      type: "model.reply",
      step,
      purpose,
      toolsOffered: toolsOffered ? options.tools.length : 0,
      text: reply.visibleText,
      reasoningChars: reply.reasoning.length,
      toolCalls: reply.toolCalls.map((call) => ({
        callId: call.callId,
        name: call.name,
        args: argsText(call.args),
      })),
      finishReason: reply.finishReason,
      inputTokens: reply.inputTokens,
      outputTokens: reply.outputTokens,
      durationMs: reply.durationMs,
    });
    if (reply.strippedChars > 0) {
      for (const strip of reply.strips) log.warn(formatScaffoldingStripWarning(strip));
      const patterns: Record<string, number> = {};
      for (const strip of reply.strips) patterns[strip.patternId] = (patterns[strip.patternId] ?? 0) + 1;
      await options.emit({
        type: "scaffolding.stripped",
        step,
        strippedChars: reply.strippedChars,
        patterns,
        previews: reply.strips.map((strip) => strip.span + (strip.truncated ? "…" : "")),
      });
    }

    const decision = decideReply({
      purpose,
      toolCalls: reply.toolCalls,
      visibleText: reply.visibleText,
      strippedChars: reply.strippedChars,
      recoveryUsed,
      isTerminal,
    });
    if (decision.action === "stop") {
      if (decision.reason === "malformed_reply")
        throw new MalformedReplyError({ strippedChars: reply.strippedChars });
      throw new ToolBudgetExhaustedError(decision.message);
    }
    if (decision.action === "recover") {
      recoveryUsed = true;
      correctionLine = decision.correctionLine;
      purpose = "recovery";
      await options.emit({ type: "scaffolding.recovery", step, strippedChars: reply.strippedChars });
      continue;
    }
    if (decision.action === "finish") {
      if (reply.assistantMessage) messages.push(withVisibleText(reply.assistantMessage, reply.visibleText));
      else messages.push({ role: "assistant", content: reply.visibleText });
      return finish("completed", reply.visibleText);
    }

    // A reply with tool calls: the audit gate decides before any tool runs.
    const assistantMessage: AssistantModelMessage = reply.assistantMessage
      ? withVisibleText(reply.assistantMessage, reply.visibleText)
      : {
          role: "assistant",
          content: [
            ...(reply.visibleText ? [{ type: "text" as const, text: reply.visibleText }] : []),
            ...reply.toolCalls.map((call) => ({
              type: "tool-call" as const,
              toolCallId: call.callId,
              toolName: call.name,
              input: call.args,
            })),
          ],
        };
    if (gate && auditMode === "shadow") {
      await shadowAudit(gate, reply.toolCalls, step, options, log);
    } else if (gate) {
      const verdict = await gate.decide(
        reply.toolCalls.map((call) => ({ name: call.name, args: call.args })),
      );
      if (verdict.verdict === "terminate") {
        // The blocked reply never enters the history; the [BLOCKED] marker takes its place.
        messages.push({ role: "assistant", content: BLOCKED_MESSAGE });
        const haltId = await options.recordSecurityHalt(verdict.reason, step);
        await options.emit({ type: "audit.terminated", step, reason: verdict.reason, haltId });
        log.warn("audit gate terminated the run", { step, haltId });
        return finish("blocked", BLOCKED_MESSAGE);
      }
    }
    messages.push(assistantMessage);

    let results: ToolCallResult[];
    if (decision.action === "reject_round") {
      results = rejectedToolResults(reply.toolCalls, decision.envelope);
      log.warn(decision.intervention, { step, calls: reply.toolCalls.map((call) => call.name) });
      if (decision.reason === "terminal_order")
        await options.emit({
          type: "tool.order_rejected",
          step,
          calls: reply.toolCalls.map((call) => call.name),
        });
      await options.emit({ type: "run.intervention", name: decision.intervention, step });
    } else {
      results = await executeToolBatch({
        calls: reply.toolCalls,
        tools: toolsByName,
        quarantineEnabled: flags.toolResultQuarantineEnabled,
        quarantineMode: guardMode(flags, "quarantine"),
        step,
        runId: options.runId,
        signal: options.signal,
        emit: options.emit,
      });
    }
    toolResults.push(...results);
    messages.push(toolResultMessage(results));
    toolSteps++;

    const end = decideRoundEnd({ executed: decision.action === "run_tools", results, isTerminal });
    if (end.action === "terminal") {
      log.info(end.intervention, { step });
      await options.emit({ type: "run.intervention", name: end.intervention, step });
      return finish("terminal", "");
    }
    purpose = "step";
  }
}

/**
 * The audit gate in Shadow: decides as when On; a terminate is recorded as a `guard.shadow` event (would
 * have blocked the step: the reason, capped, and the tool names) and the step runs as if the gate were off.
 * A failure of the gate (an audit or clarification call) is logged and the step runs too: Shadow never
 * changes the run. Only the run's abort propagates.
 */
async function shadowAudit(
  gate: StepAuditGate,
  toolCalls: readonly PendingToolCall[],
  step: number,
  options: Pick<AgentLoopOptions, "emit" | "signal">,
  log: Logger,
): Promise<void> {
  let verdict: Awaited<ReturnType<StepAuditGate["decide"]>>;
  try {
    verdict = await gate.decide(toolCalls.map((call) => ({ name: call.name, args: call.args })));
  } catch (error) {
    options.signal.throwIfAborted();
    log.warn("the audit gate in Shadow failed; the step runs as if it were off", {
      step,
      ...errorFields(error),
    });
    return;
  }
  if (verdict.verdict !== "terminate") return;
  const reason =
    verdict.reason.length > AUDIT_SHADOW_REASON_LIMIT
      ? `${verdict.reason.slice(0, AUDIT_SHADOW_REASON_LIMIT)}…`
      : verdict.reason;
  await options.emit({
    type: "guard.shadow",
    guard: "audit_gate",
    step,
    name: [...new Set(toolCalls.map((call) => call.name))].join(", "),
    count: 1,
    verdict: "terminate",
    previews: [reason],
  });
}

async function streamReply(input: {
  model: LanguageModel;
  system: string;
  messages: ModelMessage[];
  tools: ToolSet | undefined;
  filterEnabled: boolean;
  /** The scaffolding guard's mode (lib/guards/guard-mode.ts); wins over `filterEnabled` when given. */
  filterMode?: GuardMode;
  gate: StepAuditGate | null;
  signal: AbortSignal;
  maxRetries: number;
  onTextDelta: ((text: string) => void) | undefined;
}): Promise<StreamedReply> {
  const started = performance.now();
  const strips: ScaffoldingStripEvent[] = [];
  const filterMode = input.filterMode ?? (input.filterEnabled ? "on" : "off");
  const scanner =
    filterMode !== "off" ? createScaffoldingScanner({ onStrip: (event) => strips.push(event) }) : null;
  let visibleText = "";
  let reasoning = "";
  const toolCalls: PendingToolCall[] = [];
  let failure: unknown;
  let finishReason = "unknown";
  let inputTokens: number | null = null;
  let outputTokens: number | null = null;

  const release = (text: string) => {
    if (!text) return;
    visibleText += text;
    input.gate?.onTextDelta(text);
    input.onTextDelta?.(text);
  };

  const result = streamText({
    model: input.model,
    system: input.system,
    messages: input.messages,
    ...(input.tools ? { tools: input.tools, toolChoice: "auto" as const } : {}),
    abortSignal: input.signal,
    maxRetries: input.maxRetries,
    onError: ({ error }) => {
      failure ??= error;
    },
  });
  for await (const part of result.fullStream) {
    switch (part.type) {
      case "text-delta":
        release(
          scanner
            ? applyGuardMode(
                filterMode,
                () => scanner.push(part.text),
                () => part.text,
              ).applied
            : part.text,
        );
        break;
      case "reasoning-delta":
        reasoning += part.text;
        input.gate?.onReasoningDelta(part.text);
        break;
      case "tool-input-start":
        input.gate?.onToolInputStart();
        break;
      case "tool-call":
        toolCalls.push({
          callId: part.toolCallId,
          name: part.toolName,
          args: part.input,
          ...(part.invalid ? { invalidReason: describeInvalid(part.error) } : {}),
        });
        break;
      case "finish":
        finishReason = part.finishReason;
        inputTokens = part.totalUsage.inputTokens ?? null;
        outputTokens = part.totalUsage.outputTokens ?? null;
        break;
      case "error":
        failure ??= part.error;
        break;
      default:
        break;
    }
  }
  if (scanner) {
    // In Shadow the raw text is out already; the scanner's held-back tail only completes its tally.
    const tail = scanner.finish();
    if (filterMode === "on") release(tail);
  }
  const shadow = filterMode === "shadow";
  input.signal.throwIfAborted();
  if (failure) throw failure;
  const response = await result.response;
  const assistant = response.messages.find(
    (message): message is AssistantModelMessage => message.role === "assistant",
  );
  return {
    visibleText,
    reasoning,
    toolCalls,
    strippedChars: shadow ? 0 : (scanner?.stats().strippedChars ?? 0),
    strips: shadow ? [] : strips,
    shadowStrips: shadow ? strips : [],
    shadowStrippedChars: shadow ? (scanner?.stats().strippedChars ?? 0) : 0,
    finishReason,
    inputTokens,
    outputTokens,
    assistantMessage: assistant ?? null,
    durationMs: Math.round(performance.now() - started),
  };
}
