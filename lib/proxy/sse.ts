/**
 * Server-sent events for the proxy: an incremental parser for upstream streams (bytes in, events out;
 * an event split at any byte is handled) and the serializer for what the proxy sends.
 */

/** One parsed SSE event: `event:` (null when absent) and the joined `data:` lines. */
export interface SseEvent {
  event: string | null;
  data: string;
}

/** Incremental SSE parser. `push` returns the events completed by the chunk; `finish` the trailing one. */
export class SseParser {
  private buffer = "";
  private readonly decoder = new TextDecoder();

  push(chunk: Uint8Array | string): SseEvent[] {
    this.buffer += typeof chunk === "string" ? chunk : this.decoder.decode(chunk, { stream: true });
    const events: SseEvent[] = [];
    for (;;) {
      const match = /\r\n\r\n|\n\n|\r\r/.exec(this.buffer);
      if (!match) break;
      const block = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      const event = parseBlock(block);
      if (event) events.push(event);
    }
    return events;
  }

  finish(): SseEvent[] {
    const block = this.buffer + this.decoder.decode();
    this.buffer = "";
    const event = parseBlock(block);
    return event ? [event] : [];
  }
}

function parseBlock(block: string): SseEvent | null {
  let event: string | null = null;
  const data: string[] = [];
  for (const line of block.split(/\r\n|\n|\r/)) {
    if (line === "" || line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") event = value;
    else if (field === "data") data.push(value);
  }
  if (event === null && data.length === 0) return null;
  return { event, data: data.join("\n") };
}

/** Serializes one event; `data` objects are JSON-encoded on one line. */
export function formatSse(data: unknown, event?: string): string {
  const payload = typeof data === "string" ? data : JSON.stringify(data);
  return `${event ? `event: ${event}\n` : ""}data: ${payload}\n\n`;
}
