/**
 * Server-sent events wire format (pure): one `event:` line, one `data:` line per line of the JSON, a
 * blank line to end the event. Comments (`: ...`) keep idle connections open through proxies.
 */

/** One named event whose data is `data` serialised as JSON. */
export function formatSseEvent(event: string, data: unknown): string {
  if (!/^[A-Za-z][\w.-]*$/.test(event)) throw new Error(`invalid SSE event name: ${event}`);
  const lines = JSON.stringify(data ?? null)
    .split(/\r\n|\r|\n/)
    .map((line) => `data: ${line}`);
  return `event: ${event}\n${lines.join("\n")}\n\n`;
}

/** A comment line clients ignore; used as the heartbeat. */
export function formatSseComment(text: string): string {
  return `: ${text.replace(/[\r\n]+/g, " ")}\n\n`;
}
