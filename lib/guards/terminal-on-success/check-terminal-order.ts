/** The order verdict for one round of tool calls. */
export type TerminalOrderCheck =
  | { readonly valid: true }
  | {
      readonly valid: false;
      /** `multiple`: more than one terminal call in the round; `not_last`: a terminal call is followed by another call. */
      readonly reason: "not_last" | "multiple";
    };

/**
 * cllama's ordering rule: a terminal-on-success call must be the final tool call of its round, so nothing
 * can run after the call that ends the run. Checked before ANY tool of the round runs.
 *
 * Valid when the round has no terminal call, or exactly one and it is the last call. Any call after a
 * terminal one makes the round invalid, whatever it is (another managed tool, an unknown name, a
 * runner-native tool): `isTerminal` is only asked about names, and every call counts for "last".
 * A round with two or more terminal calls reports `multiple` (the more specific reason), otherwise
 * `not_last`. Upstream stops at the first offending call; the accept/reject decision is the same.
 * The caller answers an invalid round with {@link terminalOrderErrorEnvelope} for every call.
 */
export function checkTerminalOrder(
  calls: readonly { readonly name: string }[],
  isTerminal: (name: string) => boolean,
): TerminalOrderCheck {
  let terminalCount = 0;
  let lastTerminalIndex = -1;
  calls.forEach((call, index) => {
    if (!isTerminal(call.name)) return;
    terminalCount += 1;
    lastTerminalIndex = index;
  });
  if (terminalCount === 0) return { valid: true };
  if (terminalCount > 1) return { valid: false, reason: "multiple" };
  if (lastTerminalIndex !== calls.length - 1) return { valid: false, reason: "not_last" };
  return { valid: true };
}
