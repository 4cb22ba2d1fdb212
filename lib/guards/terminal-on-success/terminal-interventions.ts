/**
 * cllama's intervention names, used as `run.intervention` event names and log keys.
 */

/** A successful annotated call ended the run. */
export function terminalOnSuccessIntervention(toolName: string): string {
  return `managed_tool_terminal_on_success:${toolName}`;
}

/** A round broke the order rule; no tool ran. */
export const TERMINAL_ORDER_REJECTED_INTERVENTION = "managed_tool_terminal_order_rejected";

/** A tool declares the annotation with a value that is not a JSON boolean (reported once per tool). */
export function terminalAnnotationInvalidIntervention(toolName: string): string {
  return `managed_tool_terminal_annotation_invalid:${toolName}`;
}
