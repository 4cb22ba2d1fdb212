import { SCAFFOLDING_CORRECTION_LINE } from "./scaffolding-correction-line";

/** What the loop knows about a finished reply. */
export type ScaffoldingRecoveryInput = {
  /** The reply's visible text after the filter. */
  readonly visibleText: string;
  /** Characters the filter stripped from this reply. */
  readonly strippedChars: number;
  /** Whether this run already spent its one recovery request. */
  readonly recoveryUsed: boolean;
};

/**
 * The recovery verdict. `accept`: the reply stands. `recover`: re-ask once with tools off and
 * `correctionLine` folded into the system prompt (and a fresh filter). `fail`: throw `MalformedReplyError`.
 */
export type ScaffoldingRecoveryDecision =
  | { readonly type: "accept" }
  | { readonly type: "recover"; readonly correctionLine: string }
  | { readonly type: "fail" };

/**
 * The one-bounded-recovery policy. A reply whose visible text is blank (whitespace only) counts as empty.
 * - visible text present: accept (scaffolding next to real content needs no recovery);
 * - empty and the recovery already used: fail (the second empty reply is terminal);
 * - empty with `strippedChars > 0`: recover;
 * - empty with nothing stripped: accept (not a scaffolding case; other policies own empty replies).
 */
export function decideScaffoldingRecovery(input: ScaffoldingRecoveryInput): ScaffoldingRecoveryDecision {
  if (input.visibleText.trim().length > 0) return { type: "accept" };
  if (input.recoveryUsed) return { type: "fail" };
  if (input.strippedChars > 0) return { type: "recover", correctionLine: SCAFFOLDING_CORRECTION_LINE };
  return { type: "accept" };
}
