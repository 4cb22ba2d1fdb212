/**
 * The Anthropic messages protocol (`POST /v1/messages`) for the guard proxy. Bodies stay the caller's
 * and the upstream's JSON; only guard-owned fields change (tool_result text, assistant text blocks,
 * tools, usage).
 */

import {
  createScaffoldingScanner,
  type ScaffoldingScanner,
  type ScaffoldingStripEvent,
} from "@/lib/guards/scaffolding";
import type { AgentTool } from "@/lib/tools/agent-tool";
import type { ToolCallResult } from "@/lib/tools/tool-batch";
import { IncomingScanTally, quarantineIncomingText } from "../incoming-quarantine";
import type { ProxyConfig } from "../proxy-config";
import { ProxyError } from "../proxy-error";
import { formatSse, type SseEvent } from "../sse";
import {
  forwardHeaders,
  type IncomingScan,
  isRecord,
  type JsonObject,
  type ProxyProtocol,
  parseToolArguments,
  type RelayOptions,
  type ReplySummary,
  type StreamRelay,
  type StripOutcome,
  type TokenUsage,
} from "./proxy-protocol";

/** The API version sent when the caller sends none. */
export const DEFAULT_ANTHROPIC_VERSION = "2023-06-01";
const FORWARDED_HEADERS = ["anthropic-version", "anthropic-beta"];

const ERROR_TYPES: Record<string, string> = {
  invalid_request: "invalid_request_error",
  authentication: "authentication_error",
  permission: "permission_error",
  request_too_large: "request_too_large",
  upstream_timeout: "timeout_error",
  upstream_unreachable: "api_error",
  malformed_reply: "api_error",
  not_configured: "api_error",
  internal: "api_error",
};

function messagesOf(body: JsonObject): JsonObject[] {
  return Array.isArray(body.messages) ? (body.messages.filter(isRecord) as JsonObject[]) : [];
}

function blocksOf(content: unknown): JsonObject[] {
  if (typeof content === "string") return [{ type: "text", text: content }];
  return Array.isArray(content) ? (content.filter(isRecord) as JsonObject[]) : [];
}

function textOf(content: unknown): string {
  return blocksOf(content)
    .filter((block) => block.type === "text" && typeof block.text === "string")
    .map((block) => block.text as string)
    .join("\n");
}

function systemText(system: unknown): string {
  if (typeof system === "string") return system;
  return textOf(system);
}

function usageOf(value: unknown): TokenUsage | null {
  if (!isRecord(value)) return null;
  const input = Number(value.input_tokens ?? 0);
  const output = Number(value.output_tokens ?? 0);
  return { input: Number.isFinite(input) ? input : 0, output: Number.isFinite(output) ? output : 0 };
}

function streamEvent(data: JsonObject): string {
  return formatSse(data, String(data.type));
}

export const anthropicMessagesProtocol: ProxyProtocol = {
  name: "anthropic",

  upstreamUrl: (config: ProxyConfig) => `${config.anthropicBaseUrl}/v1/messages`,

  keelApiKey: (config: ProxyConfig) => config.anthropicApiKey,

  upstreamHeaders(incoming, apiKey) {
    const headers = new Headers({
      "content-type": "application/json",
      "x-api-key": apiKey,
      "anthropic-version": DEFAULT_ANTHROPIC_VERSION,
    });
    forwardHeaders(incoming, FORWARDED_HEADERS, headers);
    return headers;
  },

  validateRequest(body) {
    if (typeof body.model !== "string" || body.model === "")
      throw new ProxyError("invalid_request", "model: Field required");
    if (!Array.isArray(body.messages)) throw new ProxyError("invalid_request", "messages: Field required");
  },

  isStream: (body) => body.stream === true,

  includeUsage: () => true,

  model: (body) => String(body.model ?? ""),

  toolCount: (body) => (Array.isArray(body.tools) ? body.tools.length : 0),

  conversationSeed(body) {
    const firstUser = messagesOf(body).find((message) => message.role === "user");
    return `${systemText(body.system)}\u0000${firstUser ? textOf(firstUser.content) : ""}`;
  },

  isConversationStart(body) {
    const messages = messagesOf(body);
    return (
      messages.length === 1 &&
      messages[0]?.role === "user" &&
      !blocksOf(messages[0].content).some((block) => block.type === "tool_result")
    );
  },

  quarantineIncoming(body, enabled): IncomingScan {
    const names = new Map<string, string>();
    const tally = new IncomingScanTally();
    for (const message of messagesOf(body)) {
      if (!Array.isArray(message.content)) continue;
      if (message.role === "assistant") {
        for (const block of message.content)
          if (isRecord(block) && (block.type === "tool_use" || block.type === "server_tool_use"))
            names.set(String(block.id ?? ""), String(block.name ?? ""));
        continue;
      }
      message.content = message.content.map((block) => {
        if (!isRecord(block) || block.type !== "tool_result") return block;
        tally.scanned += 1;
        const toolName = names.get(String(block.tool_use_id ?? "")) ?? "";
        if (typeof block.content === "string")
          return { ...block, content: quarantineIncomingText(toolName, block.content, enabled, true, tally) };
        if (!Array.isArray(block.content)) return block;
        let first = true;
        return {
          ...block,
          content: block.content.map((part) => {
            if (!isRecord(part) || part.type !== "text" || typeof part.text !== "string") return part;
            const text = quarantineIncomingText(toolName, part.text, enabled, first, tally);
            first = false;
            return { ...part, text };
          }),
        };
      });
    }
    return { scanned: tally.scanned, quarantinedSegments: { count: tally.count, previews: tally.previews } };
  },

  addTools(body, tools: readonly AgentTool[]) {
    if (tools.length === 0) return;
    const managed = new Set(tools.map((tool) => tool.name));
    const existing = (Array.isArray(body.tools) ? body.tools : []).filter(
      (tool) => !(isRecord(tool) && managed.has(String(tool.name))),
    );
    body.tools = [
      ...existing,
      ...tools.map((tool) => ({
        name: tool.name,
        description: tool.description,
        input_schema: tool.inputSchema,
      })),
    ];
  },

  prepareToolless(body, line) {
    if (Array.isArray(body.tools) && body.tools.length > 0) body.tool_choice = { type: "none" };
    if (typeof body.system === "string" && body.system !== "") body.system = `${body.system}\n\n${line}`;
    else if (Array.isArray(body.system)) body.system = [...body.system, { type: "text", text: line }];
    else body.system = line;
  },

  dropEmptyAssistantAt(messages, index) {
    const message = messages[index];
    if (message?.role !== "assistant") return false;
    const blocks = blocksOf(message.content);
    if (!blocks.every((block) => block.type === "text" && String(block.text ?? "").trim() === ""))
      return false;
    messages.splice(index, 1);
    return true;
  },

  readReply(response): ReplySummary {
    const blocks = blocksOf(response.content);
    let reasoningChars = 0;
    for (const block of blocks)
      if (block.type === "thinking") reasoningChars += String(block.thinking ?? "").length;
    return {
      text: blocks
        .filter((block) => block.type === "text")
        .map((block) => String(block.text ?? ""))
        .join(""),
      reasoningChars,
      toolCalls: blocks
        .filter((block) => block.type === "tool_use")
        .map((block) => ({
          id: String(block.id ?? ""),
          name: String(block.name ?? ""),
          ...parseToolArguments(block.input ?? {}),
        })),
      finishReason: String(response.stop_reason ?? "unknown"),
      usage: usageOf(response.usage),
    };
  },

  stripReply(response, enabled): StripOutcome {
    const strips: ScaffoldingStripEvent[] = [];
    let strippedChars = 0;
    if (!enabled || !Array.isArray(response.content)) return { strippedChars, strips };
    const content: unknown[] = [];
    for (const block of response.content) {
      if (!isRecord(block) || block.type !== "text" || typeof block.text !== "string") {
        content.push(block);
        continue;
      }
      const scanner = createScaffoldingScanner({ onStrip: (event) => strips.push(event) });
      const visible = scanner.push(block.text) + scanner.finish();
      const stripped = scanner.stats().strippedChars;
      strippedChars += stripped;
      if (stripped > 0 && visible === "") continue; // a block that was scaffolding only
      content.push(stripped > 0 ? { ...block, text: visible } : block);
    }
    response.content = content.length > 0 ? content : [{ type: "text", text: "" }];
    return { strippedChars, strips };
  },

  roundMessages(response, results: readonly ToolCallResult[]) {
    return [
      { role: "assistant", content: response.content ?? [] },
      {
        role: "user",
        content: results.map((result) => ({
          type: "tool_result",
          tool_use_id: result.callId,
          content: result.modelText,
          ...(result.isError ? { is_error: true } : {}),
        })),
      },
    ];
  },

  setUsage(response, usage) {
    response.usage = {
      ...(isRecord(response.usage) ? response.usage : {}),
      input_tokens: usage.input,
      output_tokens: usage.output,
    };
  },

  terminalResponse(model, usage) {
    return {
      id: "msg_managed_terminal",
      type: "message",
      role: "assistant",
      model,
      content: [{ type: "text", text: "" }],
      stop_reason: "end_turn",
      stop_sequence: null,
      usage: { input_tokens: usage.input, output_tokens: usage.output },
    };
  },

  renderStream(response) {
    const usage = isRecord(response.usage) ? response.usage : {};
    const frames = [
      streamEvent({
        type: "message_start",
        message: {
          ...response,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { ...usage, output_tokens: 0 },
        },
      }),
    ];
    for (const [index, block] of blocksOf(response.content).entries()) {
      if (block.type === "text") {
        frames.push(
          streamEvent({ type: "content_block_start", index, content_block: { type: "text", text: "" } }),
        );
        const text = String(block.text ?? "");
        if (text !== "")
          frames.push(
            streamEvent({ type: "content_block_delta", index, delta: { type: "text_delta", text } }),
          );
      } else if (block.type === "tool_use" || block.type === "server_tool_use") {
        frames.push(
          streamEvent({ type: "content_block_start", index, content_block: { ...block, input: {} } }),
        );
        const json = JSON.stringify(block.input ?? {});
        frames.push(
          streamEvent({
            type: "content_block_delta",
            index,
            delta: { type: "input_json_delta", partial_json: json },
          }),
        );
      } else if (block.type === "thinking") {
        frames.push(
          streamEvent({
            type: "content_block_start",
            index,
            content_block: { type: "thinking", thinking: "", signature: "" },
          }),
        );
        frames.push(
          streamEvent({
            type: "content_block_delta",
            index,
            delta: { type: "thinking_delta", thinking: String(block.thinking ?? "") },
          }),
        );
        if (typeof block.signature === "string")
          frames.push(
            streamEvent({
              type: "content_block_delta",
              index,
              delta: { type: "signature_delta", signature: block.signature },
            }),
          );
      } else {
        frames.push(streamEvent({ type: "content_block_start", index, content_block: block }));
      }
      frames.push(streamEvent({ type: "content_block_stop", index }));
    }
    frames.push(
      streamEvent({
        type: "message_delta",
        delta: {
          stop_reason: response.stop_reason ?? "end_turn",
          stop_sequence: response.stop_sequence ?? null,
        },
        usage: { output_tokens: Number(usage.output_tokens ?? 0) },
      }),
    );
    frames.push(streamEvent({ type: "message_stop" }));
    return frames;
  },

  errorBody(_status, kind, message) {
    return { type: "error", error: { type: ERROR_TYPES[kind] ?? "api_error", message } };
  },

  streamErrorFrame(kind, message) {
    return formatSse({ type: "error", error: { type: ERROR_TYPES[kind] ?? "api_error", message } }, "error");
  },

  createRelay: (options) => new AnthropicRelay(options),
};

/** Filters an upstream messages stream event by event (see StreamRelay). */
class AnthropicRelay implements StreamRelay {
  committed = false;
  private readonly held: string[] = [];
  private readonly scanners = new Map<number, ScaffoldingScanner>();
  private readonly strips: ScaffoldingStripEvent[] = [];
  private text = "";
  private reasoningChars = 0;
  private readonly calls = new Map<number, { id: string; name: string; json: string }>();
  private finishReason = "unknown";
  private input = 0;
  private output = 0;
  private sawUsage = false;

  constructor(private readonly options: RelayOptions) {}

  private emit(frames: string[], commits: boolean): string[] {
    if (this.committed) return frames;
    this.held.push(...frames);
    if (!commits) return [];
    this.committed = true;
    return this.held.splice(0);
  }

  push(event: SseEvent): string[] {
    let data: unknown;
    try {
      data = JSON.parse(event.data);
    } catch {
      return this.emit([formatSse(event.data, event.event ?? undefined)], true);
    }
    if (!isRecord(data)) return this.emit([formatSse(event.data, event.event ?? undefined)], true);
    const raw = () => formatSse(event.data, event.event ?? String(data.type));
    const carried = this.options.carriedUsage;
    switch (data.type) {
      case "message_start": {
        const message = isRecord(data.message) ? data.message : {};
        const usage = usageOf(message.usage);
        if (usage) {
          this.input = usage.input;
          this.output = usage.output;
          this.sawUsage = true;
        }
        if (carried.input + carried.output === 0 || !isRecord(message.usage))
          return this.emit([raw()], false);
        return this.emit(
          [
            streamEvent({
              ...data,
              message: {
                ...message,
                usage: { ...message.usage, input_tokens: this.input + carried.input },
              },
            }),
          ],
          false,
        );
      }
      case "content_block_start": {
        const index = Number(data.index ?? 0);
        const block = isRecord(data.content_block) ? data.content_block : {};
        if (block.type === "text") {
          if (this.options.filterEnabled)
            this.scanners.set(
              index,
              createScaffoldingScanner({ onStrip: (strip) => this.strips.push(strip) }),
            );
          return this.emit([raw()], false);
        }
        if (block.type === "thinking" || block.type === "redacted_thinking") return this.emit([raw()], false);
        if (block.type === "tool_use")
          this.calls.set(index, { id: String(block.id ?? ""), name: String(block.name ?? ""), json: "" });
        return this.emit([raw()], true);
      }
      case "content_block_delta": {
        const index = Number(data.index ?? 0);
        const delta = isRecord(data.delta) ? data.delta : {};
        if (delta.type === "text_delta" && typeof delta.text === "string") {
          const scanner = this.scanners.get(index);
          const visible = scanner ? scanner.push(delta.text) : delta.text;
          this.text += visible;
          if (visible === "") return [];
          if (visible === delta.text) return this.emit([raw()], true);
          return this.emit([streamEvent({ ...data, delta: { ...delta, text: visible } })], true);
        }
        if (delta.type === "thinking_delta" && typeof delta.thinking === "string")
          this.reasoningChars += delta.thinking.length;
        if (delta.type === "input_json_delta" && typeof delta.partial_json === "string") {
          const call = this.calls.get(index);
          if (call) call.json += delta.partial_json;
        }
        return this.emit([raw()], false);
      }
      case "content_block_stop": {
        const index = Number(data.index ?? 0);
        const scanner = this.scanners.get(index);
        this.scanners.delete(index);
        const tail = scanner ? scanner.finish() : "";
        if (tail === "") return this.emit([raw()], false);
        this.text += tail;
        return this.emit(
          [
            streamEvent({ type: "content_block_delta", index, delta: { type: "text_delta", text: tail } }),
            raw(),
          ],
          true,
        );
      }
      case "message_delta": {
        const delta = isRecord(data.delta) ? data.delta : {};
        if (typeof delta.stop_reason === "string") this.finishReason = delta.stop_reason;
        const usage = isRecord(data.usage) ? data.usage : null;
        if (usage && typeof usage.output_tokens === "number") {
          this.output = usage.output_tokens;
          this.sawUsage = true;
        }
        if (usage && typeof usage.input_tokens === "number") this.input = usage.input_tokens;
        if (!usage || carried.input + carried.output === 0) return this.emit([raw()], false);
        return this.emit(
          [
            streamEvent({
              ...data,
              usage: {
                ...usage,
                output_tokens: this.output + carried.output,
                ...(typeof usage.input_tokens === "number"
                  ? { input_tokens: this.input + carried.input }
                  : {}),
              },
            }),
          ],
          false,
        );
      }
      case "error":
        return this.emit([raw()], true);
      default:
        return this.emit([raw()], false);
    }
  }

  end(): string[] {
    const frames: string[] = [];
    let commits = false;
    for (const [index, scanner] of this.scanners) {
      const tail = scanner.finish();
      if (tail === "") continue;
      this.text += tail;
      frames.push(
        streamEvent({ type: "content_block_delta", index, delta: { type: "text_delta", text: tail } }),
      );
      commits = true;
    }
    this.scanners.clear();
    const out = this.emit(frames, commits);
    return [...out, ...this.held.splice(0)];
  }

  summary(): ReplySummary & StripOutcome {
    return {
      text: this.text,
      reasoningChars: this.reasoningChars,
      toolCalls: [...this.calls.values()].map((call) => ({
        id: call.id,
        name: call.name,
        ...parseToolArguments(call.json === "" ? "{}" : call.json),
      })),
      finishReason: this.finishReason,
      usage: this.sawUsage ? { input: this.input, output: this.output } : null,
      strippedChars: this.strips.reduce((sum, strip) => sum + strip.strippedChars, 0),
      strips: this.strips,
    };
  }
}
