/**
 * Turns an MCP `tools/call` result into Keel's tool outcome. Pure.
 * - success: envelope `{ ok: true, status_code: 200 }`, `text` = the text parts joined by "\n"; other
 *   parts are described (`[image: image/png, 1234 bytes]`), and `structuredContent` is JSON-encoded
 *   when there is no text part;
 * - `isError: true`: envelope `mcp_tool_error` (502) whose message is the first 1000 characters of the
 *   same text, and `text` = the full text, so the quarantine scans the server's words line by line.
 */
import type { ToolOutcome } from "@/lib/tools/agent-tool";

/** The parts of an MCP content block this module reads (the SDK's types, loosened). */
export interface McpContentPart {
  type: string;
  text?: string;
  mimeType?: string;
  data?: string;
  uri?: string;
  name?: string;
  resource?: { uri?: string; mimeType?: string; text?: string; blob?: string };
}

/** The parts of a `tools/call` result this module reads. */
export interface McpCallResult {
  content?: McpContentPart[];
  structuredContent?: unknown;
  isError?: boolean;
}

/** Longest error message kept in the envelope (the full text is in `text`). */
const MAX_ERROR_MESSAGE_LENGTH = 1000;

/** Decoded size of base64 data, without decoding it. */
function base64Bytes(data: string): number {
  const trimmed = data.replace(/\s/g, "");
  const padding = trimmed.endsWith("==") ? 2 : trimmed.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor((trimmed.length * 3) / 4) - padding);
}

/** One content part as text: text parts verbatim, everything else as a one-line description. */
export function describeContentPart(part: McpContentPart): string {
  switch (part.type) {
    case "text":
      return part.text ?? "";
    case "image":
    case "audio":
      return `[${part.type}: ${part.mimeType ?? "unknown type"}, ${base64Bytes(part.data ?? "")} bytes]`;
    case "resource_link":
      return `[resource link: ${part.name ?? ""} ${part.uri ?? ""}]`.replace(/ +]/, "]");
    case "resource": {
      const resource = part.resource ?? {};
      if (typeof resource.text === "string") return `[resource: ${resource.uri ?? ""}]\n${resource.text}`;
      return `[resource: ${resource.uri ?? ""}, ${resource.mimeType ?? "unknown type"}, ${base64Bytes(resource.blob ?? "")} bytes]`;
    }
    default:
      return `[${part.type} content]`;
  }
}

/** The text the model reads for a result (see module comment). */
export function mcpResultText(result: McpCallResult): string {
  const parts = result.content ?? [];
  const lines = parts.map(describeContentPart);
  const hasText = parts.some((part) => part.type === "text");
  if (!hasText && result.structuredContent !== undefined)
    lines.push(JSON.stringify(result.structuredContent));
  return lines.join("\n");
}

/** The outcome for a `tools/call` result of the tool the model knows as `toolName`. */
export function mcpResultToOutcome(toolName: string, result: McpCallResult): ToolOutcome {
  const text = mcpResultText(result);
  if (result.isError) {
    const message =
      text.trim() === ""
        ? `${toolName} reported an error without a message.`
        : text.length > MAX_ERROR_MESSAGE_LENGTH
          ? `${text.slice(0, MAX_ERROR_MESSAGE_LENGTH)}…`
          : text;
    return { envelope: { ok: false, status_code: 502, error: { code: "mcp_tool_error", message } }, text };
  }
  return { envelope: { ok: true, status_code: 200 }, text };
}
