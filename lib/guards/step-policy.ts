/**
 * The step policy (pure): one decision table for the agent loop (lib/agent/loop.ts) and the guard proxy
 * (lib/proxy/mediate.ts, lib/proxy/relay.ts). Both feed it the facts of a step and act on the verdict;
 * neither decides tool budget, scaffolding recovery, the order rule or terminal-on-success inline
 * (docs/design.md#step-order).
 *
 * Three moments per step:
 * 1. `decideReply` after a model reply: finish (the reply is the answer, or it goes back to the caller),
 *    recover (one request with tools off and the correction line), stop (malformed reply; tool calls
 *    after the wrap-up turn), run the tools, or reject the round without running any tool (order rule,
 *    mixed round);
 * 2. `decideRoundEnd` after a tool round: terminal stop (a successful terminal-on-success call) or continue;
 * 3. `decideBudget` before the next tool step: continue, the wrap-up turn, or stop (wrap-up switched off).
 */
import type { ToolEnvelope, ToolErrorEnvelope } from "@/lib/tools/agent-tool";
import { decideScaffoldingRecovery } from "./scaffolding/decide-scaffolding-recovery";
import { MALFORMED_REPLY_MESSAGE } from "./scaffolding/malformed-reply-error";
import { checkTerminalOrder } from "./terminal-on-success/check-terminal-order";
import { isTerminalSuccess } from "./terminal-on-success/is-terminal-success";
import {
  TERMINAL_ORDER_REJECTED_INTERVENTION,
  terminalOnSuccessIntervention,
} from "./terminal-on-success/terminal-interventions";
import { terminalOrderErrorEnvelope } from "./terminal-on-success/terminal-order-error-envelope";

/** Why a model request was sent: a normal step, the one scaffolding recovery, or the budget's wrap-up turn. */
export type StepPurpose = "step" | "recovery" | "wrapup";

/** Intervention name of a round that mixed managed and caller tools (a Keel rule of the guard proxy). */
export const MIXED_ROUND_INTERVENTION = "managed_tool_mixed_round_rejected";

/** Message of the stop when the model still calls tools in the wrap-up turn (tools withdrawn). */
export const TOOL_BUDGET_EXHAUSTED_MESSAGE = "The tool budget is exhausted and the model kept calling tools.";

/** Message of the stop when the budget runs out and the wrap-up switch is off. */
export const TOOL_BUDGET_NO_WRAPUP_MESSAGE =
  "The tool budget is exhausted (the wrap-up turn is switched off).";

/** The tool result every call of a mixed round receives: no tool ran. */
export function mixedRoundErrorEnvelope(): ToolErrorEnvelope {
  return {
    ok: false,
    status_code: 409,
    error: {
      code: "managed_tool_mixed_round",
      message:
        "Managed tools and the caller's own tools cannot be called in the same round. No tools were executed. Call them in separate rounds.",
      details: { tools_executed: false },
    },
  };
}

/** Why a step ends the run with an error. */
export type StopReason = "malformed_reply" | "tools_after_wrapup" | "budget_no_wrapup";

export type StopDecision = { readonly action: "stop"; readonly reason: StopReason; readonly message: string };

const STOP_MESSAGES: Record<StopReason, string> = {
  malformed_reply: MALFORMED_REPLY_MESSAGE,
  tools_after_wrapup: TOOL_BUDGET_EXHAUSTED_MESSAGE,
  budget_no_wrapup: TOOL_BUDGET_NO_WRAPUP_MESSAGE,
};

function stop(reason: StopReason): StopDecision {
  return { action: "stop", reason, message: STOP_MESSAGES[reason] };
}

/** What the runtime knows about a finished model reply. */
export interface ReplyFacts {
  readonly purpose: StepPurpose;
  /** The reply's tool calls, in order. */
  readonly toolCalls: readonly { readonly name: string }[];
  /** The reply's visible text after the scaffolding filter. */
  readonly visibleText: string;
  /** Characters the filter stripped from this reply. */
  readonly strippedChars: number;
  /** Whether this run (or proxied turn) already spent its one recovery request. */
  readonly recoveryUsed: boolean;
  /** Tools annotated terminal-on-success. */
  isTerminal(name: string): boolean;
  /**
   * Tools this runtime runs itself. The agent loop runs every tool (omit it); the guard proxy runs the
   * managed tools and hands the others back to the caller.
   */
  runsTool?(name: string): boolean;
}

export type ReplyDecision =
  /** The reply stands: the final answer, or (proxy) a reply whose tool calls belong to the caller. */
  | { readonly action: "finish" }
  /** Re-ask once with tools off and `correctionLine` folded into the system prompt. */
  | { readonly action: "recover"; readonly correctionLine: string }
  | StopDecision
  /** Run the round's tools. */
  | { readonly action: "run_tools" }
  /** Run no tool: every call gets `envelope()` as its result; record `intervention`. */
  | {
      readonly action: "reject_round";
      readonly reason: "terminal_order" | "mixed_round";
      readonly intervention: string;
      envelope(): ToolErrorEnvelope;
    };

/** The decision after a model reply (see the file comment). */
export function decideReply(facts: ReplyFacts): ReplyDecision {
  // Tools were withdrawn (recovery, wrap-up) but the model still calls them.
  if (facts.purpose === "wrapup" && facts.toolCalls.length > 0) return stop("tools_after_wrapup");
  const calls = facts.purpose === "step" ? facts.toolCalls : [];
  if (calls.length === 0) {
    const scaffolding = decideScaffoldingRecovery(facts);
    if (scaffolding.type === "fail") return stop("malformed_reply");
    if (scaffolding.type === "recover")
      return { action: "recover", correctionLine: scaffolding.correctionLine };
    return { action: "finish" };
  }
  const runsTool = facts.runsTool ?? (() => true);
  const ours = calls.filter((call) => runsTool(call.name)).length;
  if (ours === 0) return { action: "finish" };
  if (!checkTerminalOrder(calls, (name) => facts.isTerminal(name)).valid)
    return {
      action: "reject_round",
      reason: "terminal_order",
      intervention: TERMINAL_ORDER_REJECTED_INTERVENTION,
      envelope: terminalOrderErrorEnvelope,
    };
  if (ours !== calls.length)
    return {
      action: "reject_round",
      reason: "mixed_round",
      intervention: MIXED_ROUND_INTERVENTION,
      envelope: mixedRoundErrorEnvelope,
    };
  return { action: "run_tools" };
}

/** What the runtime knows after a round of tool calls. */
export interface RoundEndFacts {
  /** Whether the round's tools ran (false when the round was rejected). */
  readonly executed: boolean;
  readonly results: readonly { readonly name: string; readonly envelope: ToolEnvelope }[];
  isTerminal(name: string): boolean;
}

export type RoundEndDecision =
  | { readonly action: "continue" }
  /** A successful terminal-on-success call ends the run with an empty answer; record `intervention`. */
  | { readonly action: "terminal"; readonly tool: string; readonly intervention: string };

/** The decision after a tool round: terminal stop or continue. */
export function decideRoundEnd(facts: RoundEndFacts): RoundEndDecision {
  if (!facts.executed) return { action: "continue" };
  const terminal = facts.results.find(
    (result) => facts.isTerminal(result.name) && isTerminalSuccess(result.envelope),
  );
  if (!terminal) return { action: "continue" };
  return {
    action: "terminal",
    tool: terminal.name,
    intervention: terminalOnSuccessIntervention(terminal.name),
  };
}

/** The budget facts before a normal (tool-offering) step. */
export interface BudgetFacts {
  /** Tool rounds run so far. */
  readonly toolSteps: number;
  readonly maxToolSteps: number;
  readonly wrapupEnabled: boolean;
}

export type BudgetDecision = { readonly action: "continue" } | { readonly action: "wrapup" } | StopDecision;

/** The tool-budget decision: after `maxToolSteps` rounds, one wrap-up turn without tools (or a stop). */
export function decideBudget(facts: BudgetFacts): BudgetDecision {
  if (facts.toolSteps < facts.maxToolSteps) return { action: "continue" };
  if (!facts.wrapupEnabled) return stop("budget_no_wrapup");
  return { action: "wrapup" };
}
