/**
 * Whether the completion judge runs for a run (cost control, docs/run-finalization.md#3-completion-judge),
 * checked in this order: mode off, interactive run, steered run, no tool executed, no textual answer,
 * breaker open. A skip is recorded as `run.completion_judge_skipped` with the reason.
 */
import type { BreakerState } from "./circuit-breaker";

export type JudgeMode = "off" | "caveat" | "continue";

export type JudgeSkipReason =
  | "mode off"
  | "interactive run"
  | "steered"
  | "no tool executed"
  | "no textual answer"
  | "breaker open";

export type JudgeGate = { type: "run" } | { type: "skip"; reason: JudgeSkipReason };

export interface JudgeGatingInput {
  mode: JudgeMode;
  interactive: boolean;
  steered: boolean;
  toolsExecuted: number;
  /** The final answer (a silent sentinel counts as an answer: the model decided deliberately). */
  answer: string;
  breaker: BreakerState;
}

export function decideJudgeGating(input: JudgeGatingInput): JudgeGate {
  if (input.mode === "off") return { type: "skip", reason: "mode off" };
  if (input.interactive) return { type: "skip", reason: "interactive run" };
  if (input.steered) return { type: "skip", reason: "steered" };
  if (input.toolsExecuted === 0) return { type: "skip", reason: "no tool executed" };
  if (input.answer.trim().length === 0) return { type: "skip", reason: "no textual answer" };
  if (input.breaker === "open") return { type: "skip", reason: "breaker open" };
  return { type: "run" };
}
