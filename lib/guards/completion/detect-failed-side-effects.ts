/**
 * Failed side-effecting actions of a run (docs/run-finalization.md#4-caveats): the run's own tool evidence,
 * keyed on actual tool errors, not on guesses about obligations. A failed call counts when its tool is
 * mutating (tool-action-vocabulary.ts), with two exceptions:
 *   - the runtime's own bookkeeping tools (`agent_todo_update`) change nothing outside the run;
 *   - calls the runtime rejected before the tool ran (`invalid_arguments`, `unknown_tool`,
 *     `terminal_on_success_order`) count only when no later call of the same tool succeeded, because the
 *     model usually corrects and repeats them.
 */
import { classifyToolAction } from "./tool-action-vocabulary";

/** The evidence one tool call leaves (a projection of the runtime's tool result). */
export interface ToolEvidence {
  name: string;
  ok: boolean;
  /** HTTP-like status of the envelope, when it has one. */
  statusCode?: number | null;
  /** `error.code` of a failed envelope. */
  errorCode?: string | null;
}

/** Tools that only touch the run's own state. */
export const RUN_INTERNAL_TOOLS: ReadonlySet<string> = new Set(["agent_todo_update"]);

/** Error codes the runtime writes when it refuses a call before the tool runs. */
export const PRE_EXECUTION_REJECTION_CODES: ReadonlySet<string> = new Set([
  "invalid_arguments",
  "unknown_tool",
  "terminal_on_success_order",
]);

/** One failed side-effecting tool (first failure of each tool name, in run order). */
export interface FailedSideEffect {
  name: string;
  errorCode: string | null;
  statusCode: number | null;
}

/** The failed side-effecting actions of the run, one entry per tool name, in the order they first failed. */
export function detectFailedSideEffects(evidence: readonly ToolEvidence[]): FailedSideEffect[] {
  const failed = new Map<string, FailedSideEffect>();
  evidence.forEach((item, index) => {
    if (item.ok || failed.has(item.name) || RUN_INTERNAL_TOOLS.has(item.name)) return;
    if (classifyToolAction(item.name) !== "mutation") return;
    const code = item.errorCode ?? null;
    if (code !== null && PRE_EXECUTION_REJECTION_CODES.has(code)) {
      const recovered = evidence.slice(index + 1).some((later) => later.name === item.name && later.ok);
      if (recovered) return;
    }
    failed.set(item.name, { name: item.name, errorCode: code, statusCode: item.statusCode ?? null });
  });
  return [...failed.values()];
}
