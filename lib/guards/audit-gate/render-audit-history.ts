/** One conversation message, flattened to its text. */
export type AuditHistoryMessage = {
  readonly role: "user" | "assistant";
  readonly text: string;
};

/** The marker of a message the gate blocked earlier (see `BLOCKED_MESSAGE`). */
const BLOCKED_MARKER = "[BLOCKED]";

/**
 * The "Recent Conversation History" text (Agent Zero's rendering): the last `historySize` messages (all of
 * them when `historySize <= 0`), one `user: ...` / `assistant: ...` entry each, joined by newlines.
 *
 * An entry containing `[BLOCKED]` is dropped together with the entry right before it (the request that
 * led to the blocked reply), so a terminated exchange cannot bias the next verdict. The window is taken
 * first, then filtered. Returns "" for an empty history.
 */
export function renderAuditHistory(messages: readonly AuditHistoryMessage[], historySize: number): string {
  const window = historySize > 0 ? messages.slice(-historySize) : messages;
  const dropped = new Set<number>();
  window.forEach((message, index) => {
    if (!message.text.includes(BLOCKED_MARKER)) return;
    dropped.add(index);
    if (index > 0) dropped.add(index - 1);
  });
  return window
    .filter((_message, index) => !dropped.has(index))
    .map((message) => `${message.role}: ${message.text}`)
    .join("\n");
}
