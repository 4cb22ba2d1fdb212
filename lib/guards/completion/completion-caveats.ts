/**
 * The deterministic caveat builders of run finalization (docs/run-finalization.md#4-caveats): open plan
 * items, failed side-effecting actions, and the tool-budget marker. Each returns the localized line or null
 * when there is nothing to say. No judge verdict ever becomes a caveat: verdicts are diagnostics only.
 */
import { completionTexts } from "./completion-texts";

/** At most this many tool names are listed in the side-effect caveat; the rest are counted. */
export const SIDE_EFFECT_CAVEAT_MAX_NAMES = 5;

/** "Note: this task finished, but 1 of 3 plan items are still open. …" when `open > 0`, else null. */
export function buildTodoCaveat(plan: { open: number; total: number }, locale: string): string | null {
  if (plan.open <= 0 || plan.total <= 0) return null;
  return completionTexts(locale).todoOpen(plan.open, plan.total);
}

/** "Note: at least one side-effecting action failed … (emails_send_draft). …" for the failed tools, else null. */
export function buildSideEffectCaveat(toolNames: readonly string[], locale: string): string | null {
  const unique = [...new Set(toolNames)];
  if (unique.length === 0) return null;
  const texts = completionTexts(locale);
  const shown = unique.slice(0, SIDE_EFFECT_CAVEAT_MAX_NAMES);
  const rest = unique.length - shown.length;
  const names = rest > 0 ? `${shown.join(", ")}, ${texts.andMore(rest)}` : shown.join(", ");
  return texts.sideEffectsFailed(names);
}

/** "Incomplete — tool budget exhausted" when the run used its grace turn, else null. */
export function buildToolBudgetMarker(toolBudgetExhausted: boolean, locale: string): string | null {
  return toolBudgetExhausted ? completionTexts(locale).toolBudgetExhausted : null;
}

/**
 * The delivered text: the model's answer, then a blank line, then one caveat per line. The answer is
 * never changed; with no caveats it is returned as is. A caveat the answer already contains verbatim
 * (a model that copied the marker) is not repeated.
 */
export function composeDeliveredText(answer: string, caveats: readonly string[]): string {
  const fresh = caveats.filter((caveat) => !answer.includes(caveat));
  if (fresh.length === 0) return answer;
  const body = answer.trimEnd();
  return body.length > 0 ? `${body}\n\n${fresh.join("\n")}` : fresh.join("\n");
}
