/**
 * The quarantine's choke point (quarantineToolResult), measured: scan duration and scanned bytes per
 * source, and while tracing is on a `keel.guard.quarantine` event on the active span when it removed
 * segments (count only: the removed text never goes into telemetry). The agent loop, the guard proxy and
 * the MCP gateway call this instead of the pure guard.
 */
import {
  type QuarantineToolResultInput,
  type QuarantineToolResultOutput,
  quarantineToolResult,
} from "@/lib/guards/quarantine";
import { processMetrics, secondsSince } from "./metrics";
import { addSpanEvent } from "./tracing";

/**
 * Where the scan ran: results of tools Keel runs itself (the agent loop's tools and the guard proxy's
 * managed tools, lib/agent/tool-batch.ts), tool results arriving in a proxied conversation, MCP gateway
 * call results.
 */
export type QuarantineSource = "keel_tools" | "proxy_incoming" | "mcp_gateway";

export function observedQuarantine(
  source: QuarantineSource,
  input: QuarantineToolResultInput,
): QuarantineToolResultOutput {
  const started = performance.now();
  const result = quarantineToolResult(input);
  const metrics = processMetrics();
  if (input.enabled && !result.exempt) {
    metrics.quarantineScanDuration.observe({ source }, secondsSince(started));
    metrics.quarantineScannedBytes.observe({ source }, Buffer.byteLength(input.text, "utf8"));
  }
  if (result.quarantinedSegments.count > 0)
    addSpanEvent("keel.guard.quarantine", {
      "keel.guard": "quarantine",
      "keel.quarantine.source": source,
      "keel.quarantine.segment_count": result.quarantinedSegments.count,
      "keel.quarantine.classification": result.classification,
      "gen_ai.tool.name": input.toolName,
    });
  return result;
}
