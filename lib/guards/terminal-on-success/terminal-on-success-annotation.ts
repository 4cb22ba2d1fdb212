/** The namespaced tool annotation (cllama's name) that marks a managed tool as terminal-on-success. */
export const TERMINAL_ON_SUCCESS_ANNOTATION = "x-claw.terminalOnSuccess";

/** What a tool's annotations say about terminal-on-success. */
export type TerminalOnSuccessSetting = {
  /** The tool ends the run after a successful call. */
  readonly enabled: boolean;
  /** The annotation is present but not a JSON boolean: ignored (disabled), and worth reporting once. */
  readonly invalid: boolean;
};

/**
 * Reads `x-claw.terminalOnSuccess` from a tool's annotations (cllama `managedToolTerminalOnSuccess`):
 * - no annotations, or the key missing: `{ enabled: false, invalid: false }`;
 * - any value that is not a boolean (the string `"true"`, `1`, `null`, ...): `{ enabled: false, invalid: true }`;
 * - a boolean: `{ enabled: value, invalid: false }` (`false` simply disables it).
 * Never throws. An invalid value fails towards the unannotated behaviour (the model gets its normal round).
 */
export function readTerminalOnSuccess(
  annotations: Record<string, unknown> | undefined,
): TerminalOnSuccessSetting {
  if (annotations === undefined || !Object.hasOwn(annotations, TERMINAL_ON_SUCCESS_ANNOTATION)) {
    return { enabled: false, invalid: false };
  }
  const value = annotations[TERMINAL_ON_SUCCESS_ANNOTATION];
  if (typeof value !== "boolean") return { enabled: false, invalid: true };
  return { enabled: value, invalid: false };
}
