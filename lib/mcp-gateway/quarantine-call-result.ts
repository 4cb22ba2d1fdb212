/**
 * The gateway's tool-result choke point: every `tools/call` result an upstream MCP server returns passes
 * through here before the MCP client sees it. Pure; never throws.
 *
 * Each text-bearing part goes through the agent runtime's own `quarantineToolResult` (same scan, same
 * classification by the client-facing tool name, same switch): `text` parts, the `text` of embedded
 * `resource` parts, and every string of `structuredContent`. Image, audio, resource-link and blob parts
 * pass unchanged (same objects). `isError` results are scanned the same way.
 *
 * The untrusted-data preamble (external-content tools, switch on) is added once, at the start of the
 * first `text` part; when the result has resource text but no `text` part, a `text` part holding only
 * the preamble is put first. When such a result also carries parts that cannot be scanned (images,
 * audio, blobs), a trusted signpost saying so follows the first text part, after the scan. A result
 * with nothing textual (an image alone) is returned exactly as received.
 */
import { classifyTool, type ToolClassification, UNTRUSTED_DATA_PREAMBLE } from "@/lib/guards/quarantine";
import { type McpCallResult, mcpResultText } from "@/lib/mcp-client/mcp-tool-result";
import { observedQuarantine } from "@/lib/telemetry/quarantine";

/** A `tools/call` result as exchanged over MCP (loosely typed: unknown keys are kept). */
export interface GatewayCallResult {
  content: Array<{ type: string; [key: string]: unknown }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  [key: string]: unknown;
}

export interface QuarantineCallResultInput {
  /** The tool's name as the client called it (`mcp__<server>__<tool>`, or unprefixed). */
  toolName: string;
  result: GatewayCallResult;
  /** The quarantine switch as read for this call. */
  enabled: boolean;
}

export interface QuarantinedCallResult {
  /** What the client receives. */
  result: GatewayCallResult;
  quarantinedSegments: { count: number; previews: string[] };
  preambleAdded: boolean;
  classification: ToolClassification;
  /** The result as text (parts joined, non-text parts described), for the run's `tool.end` event. */
  modelText: string;
}

/** The trusted signpost added when an external-content result also carries parts nobody can scan. */
export function unscannedPartsSignpost(count: number): string {
  return `[Keel MCP gateway: ${count} image, audio or binary part${count === 1 ? "" : "s"} of this result passed unscanned.]`;
}

type Part = GatewayCallResult["content"][number];

function isUnscannable(part: Part): boolean {
  if (part.type === "image" || part.type === "audio") return true;
  if (part.type !== "resource") return false;
  return typeof (part.resource as { text?: unknown } | undefined)?.text !== "string";
}

/** `value` with every string (at any depth, up to 32 levels) replaced by `map(string)`. */
function mapStrings(value: unknown, map: (text: string) => string, depth = 0): unknown {
  if (typeof value === "string") return map(value);
  if (depth > 32 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map, depth + 1));
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) result[key] = mapStrings(item, map, depth + 1);
  return result;
}

/** Applies the quarantine to every text-bearing part of `input.result`; see the module comment. */
export function quarantineCallResult(input: QuarantineCallResultInput): QuarantinedCallResult {
  const { toolName, enabled } = input;
  const classification = classifyTool(toolName);
  const previews: string[] = [];
  let scanned = 0;

  // The runtime's choke point scans each part; its preamble is placed once below, not per part.
  const scan = (text: string): string => {
    const output = observedQuarantine("mcp_gateway", { toolName, text, enabled });
    scanned += 1;
    previews.push(...output.quarantinedSegments.previews);
    return output.preambleAdded ? output.text.slice(UNTRUSTED_DATA_PREAMBLE.length) : output.text;
  };

  const content: Part[] = input.result.content.map((part) => {
    if (part.type === "text" && typeof part.text === "string") return { ...part, text: scan(part.text) };
    if (part.type === "resource") {
      const resource = part.resource as Record<string, unknown> | undefined;
      if (resource && typeof resource.text === "string")
        return { ...part, resource: { ...resource, text: scan(resource.text) } };
    }
    return part;
  });
  const structuredContent =
    input.result.structuredContent === undefined
      ? undefined
      : (mapStrings(input.result.structuredContent, scan) as Record<string, unknown>);

  const preambleAdded = enabled && classification === "external-content" && scanned > 0;
  if (preambleAdded) {
    const unscannable = content.filter(isUnscannable).length;
    const signpost = unscannable > 0 ? `\n${unscannedPartsSignpost(unscannable)}` : "";
    const firstText = content.findIndex((part) => part.type === "text" && typeof part.text === "string");
    if (firstText >= 0) {
      const part = content[firstText]!;
      content[firstText] = { ...part, text: `${UNTRUSTED_DATA_PREAMBLE}${part.text as string}${signpost}` };
    } else content.unshift({ type: "text", text: `${UNTRUSTED_DATA_PREAMBLE.trimEnd()}${signpost}` });
  }
  const result: GatewayCallResult = {
    ...input.result,
    content,
    ...(structuredContent === undefined ? {} : { structuredContent }),
  };
  return {
    result,
    quarantinedSegments: { count: previews.length, previews },
    preambleAdded,
    classification,
    modelText: mcpResultText(result as McpCallResult),
  };
}
