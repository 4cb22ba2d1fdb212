/**
 * The instructions of the run's single bounded continuation: the todo gate's (finish the open plan items or
 * explicitly remove the ones no longer required) and the judge's in continue mode
 * (docs/run-finalization.md#3-completion-judge: one executable next operation plus the unmet deltas). They
 * are model input only; none of their text is ever delivered.
 */
import type { JudgedObligation } from "./normalize-autonomous-verdict";

/** Open plan items listed in the todo instruction. */
export const CONTINUATION_MAX_LISTED_ITEMS = 12;

/** The words that start the todo gate's instruction (the demo model keys on them). */
export const TODO_CONTINUATION_LEAD = "Your plan still has open items.";
/** The words that start the judge's continuation instruction. */
export const JUDGE_CONTINUATION_LEAD = "The task is not finished yet.";

export interface OpenPlanItem {
  content: string;
  status: string;
}

/** "Your plan still has open items. … Finish those items or explicitly remove items that are no longer required …" */
export function buildTodoContinuationPrompt(openItems: readonly OpenPlanItem[]): string {
  const listed = openItems
    .slice(0, CONTINUATION_MAX_LISTED_ITEMS)
    .map((item) => `- [${item.status}] ${item.content}`);
  if (openItems.length > listed.length) listed.push(`- … and ${openItems.length - listed.length} more`);
  return [
    `${TODO_CONTINUATION_LEAD} ${openItems.length} item(s) are pending or active:`,
    ...listed,
    "Finish those items or explicitly remove items that are no longer required (call agent_todo_update with the updated list). Then give your final answer in plain text.",
  ].join("\n");
}

/** The judge's continuation: the one next operation, then the unmet obligations. */
export function buildAutonomousContinuationPrompt(input: {
  nextOperation: string;
  unmet: readonly JudgedObligation[];
}): string {
  const deltas = input.unmet.map((obligation) => `- ${obligation.text} (${obligation.status})`);
  return [
    `${JUDGE_CONTINUATION_LEAD} An independent check of the tool evidence found these obligations unmet:`,
    ...(deltas.length > 0 ? deltas : ["- (none listed)"]),
    `Next operation: ${input.nextOperation || "continue with the first unmet obligation"}`,
    "Do that next operation now with your tools, then the remaining unmet obligations. If something cannot be done, say so plainly in your final answer; do not claim work the tool results do not show.",
  ].join("\n");
}
