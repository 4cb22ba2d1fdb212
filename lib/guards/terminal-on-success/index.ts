/**
 * Terminal-on-success managed tools (cllama `x-claw.terminalOnSuccess`, docs/design.md#terminal-on-success;
 * pure).
 *
 * A tool annotated `"x-claw.terminalOnSuccess": true` ends the run when it succeeds, so the model cannot
 * write a final answer that contradicts the tool's authoritative receipt. How the agent loop uses it:
 * 1. per tool, `readTerminalOnSuccess(tool.annotations)`; report `invalid` once per tool
 *    (`tool.annotation_invalid`, `terminalAnnotationInvalidIntervention(name)`) and treat it as disabled;
 * 2. before a round runs, `checkTerminalOrder(calls, isTerminal)`; when invalid, run NO tool, give every
 *    call `terminalOrderErrorEnvelope()` as its result, record `TERMINAL_ORDER_REJECTED_INTERVENTION`, and let
 *    the model re-emit the calls;
 * 3. after a valid round, if any annotated call's envelope passes `isTerminalSuccess`, finish the run with
 *    an empty terminal (no further model round) and record `terminalOnSuccessIntervention(name)`. Failed
 *    annotated calls keep the normal recovery round.
 * Failure policy: an unreadable annotation disables the feature for that tool (unannotated behaviour).
 */
export type { TerminalOrderCheck } from "./check-terminal-order";
export { checkTerminalOrder } from "./check-terminal-order";
export { isTerminalSuccess } from "./is-terminal-success";
export {
  TERMINAL_ORDER_REJECTED_INTERVENTION,
  terminalAnnotationInvalidIntervention,
  terminalOnSuccessIntervention,
} from "./terminal-interventions";
export type { TerminalOnSuccessSetting } from "./terminal-on-success-annotation";
export { readTerminalOnSuccess, TERMINAL_ON_SUCCESS_ANNOTATION } from "./terminal-on-success-annotation";
export {
  TERMINAL_ORDER_ERROR_CODE,
  TERMINAL_ORDER_ERROR_MESSAGE,
  terminalOrderErrorEnvelope,
} from "./terminal-order-error-envelope";
