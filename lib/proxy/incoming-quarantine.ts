/**
 * The quarantine of tool results that arrive IN the caller's conversation (the caller ran the tool; the
 * proxy sees the result for the first time). Same choke point as the runtime: quarantineToolResult.
 */
import { UNTRUSTED_DATA_PREAMBLE } from "@/lib/guards/quarantine";
import { observedQuarantine } from "@/lib/telemetry/quarantine";

/** Accumulates what the scans removed, across the conversation. */
export class IncomingScanTally {
  scanned = 0;
  readonly previews: string[] = [];

  get count(): number {
    return this.previews.length;
  }
}

/**
 * Quarantines one text part of a tool result. `first`: the first text part of its result, the only one
 * that gets the untrusted-data preamble (for external-content tools, when the switch is on).
 */
export function quarantineIncomingText(
  toolName: string,
  text: string,
  enabled: boolean,
  first: boolean,
  tally: IncomingScanTally,
): string {
  const result = observedQuarantine("proxy_incoming", { toolName, text, enabled });
  tally.previews.push(...result.quarantinedSegments.previews);
  // One preamble per result: not on later text parts, not twice on a result that already carries it
  // (a managed result the proxy quarantined earlier, re-inserted for continuity).
  if (result.preambleAdded && (!first || text.startsWith(UNTRUSTED_DATA_PREAMBLE)))
    return result.text.slice(UNTRUSTED_DATA_PREAMBLE.length);
  return result.text;
}
