/**
 * The OpenAI chat completions protocol (`POST /v1/chat/completions`) for the guard proxy. Request and
 * response bodies stay the caller's and the upstream's JSON; the adapter only touches the fields a guard
 * owns (tool-result content, assistant text, tools, usage).
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
  type ReplyToolCall,
  type StreamRelay,
  type StripOutcome,
  type TokenUsage,
} from "./proxy-protocol";

/** Caller headers worth forwarding to OpenAI (never the caller's Authorization: that is the Keel key). */
const FORWARDED_HEADERS = ["openai-organization", "openai-project", "openai-beta", "idempotency-key"];

const ERROR_TYPES: Record<string, string> = {
  invalid_request: "invalid_request_error",
  authentication: "authentication_error",
  permission: "permission_error",
  request_too_large: "invalid_request_error",
  upstream_timeout: "timeout_error",
  upstream_unreachable: "server_error",
  malformed_reply: "server_error",
  not_configured: "server_error",
  internal: "server_error",
};

function messagesOf(body: JsonObject): JsonObject[] {
  return Array.isArray(body.messages) ? (body.messages.filter(isRecord) as JsonObject[]) : [];
}

/** Text of an OpenAI `content` (a string or text parts). */
function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .filter(isRecord)
    .map((part) => (typeof part.text === "string" ? part.text : ""))
    .join("");
}

function firstChoice(response: JsonObject): JsonObject | null {
  const choices = Array.isArray(response.choices) ? response.choices : [];
  const first = choices[0];
  return isRecord(first) ? first : null;
}

function toolCallsOf(message: JsonObject): ReplyToolCall[] {
  const calls: ReplyToolCall[] = [];
  for (const call of Array.isArray(message.tool_calls) ? message.tool_calls : []) {
    if (!isRecord(call) || !isRecord(call.function)) continue;
    calls.push({
      id: String(call.id ?? ""),
      name: String(call.function.name ?? ""),
      ...parseToolArguments(call.function.arguments),
    });
  }
  return calls;
}

function usageOf(value: unknown): TokenUsage | null {
  if (!isRecord(value)) return null;
  const input = Number(value.prompt_tokens ?? 0);
  const output = Number(value.completion_tokens ?? 0);
  return { input: Number.isFinite(input) ? input : 0, output: Number.isFinite(output) ? output : 0 };
}

function withUsage(usage: unknown, total: TokenUsage): JsonObject {
  return {
    ...(isRecord(usage) ? usage : {}),
    prompt_tokens: total.input,
    completion_tokens: total.output,
    total_tokens: total.input + total.output,
  };
}

export const openAiChatProtocol: ProxyProtocol = {
  name: "openai",

  upstreamUrl: (config: ProxyConfig) => `${config.openAiBaseUrl}/chat/completions`,

  keelApiKey: (config: ProxyConfig) => config.openAiApiKey,

  upstreamHeaders(incoming, apiKey) {
    const headers = new Headers({ "content-type": "application/json", authorization: `Bearer ${apiKey}` });
    forwardHeaders(incoming, FORWARDED_HEADERS, headers);
    return headers;
  },

  validateRequest(body) {
    if (typeof body.model !== "string" || body.model === "")
      throw new ProxyError("invalid_request", "you must provide a model parameter");
    if (!Array.isArray(body.messages) || body.messages.length === 0)
      throw new ProxyError("invalid_request", "messages must be a non-empty array");
  },

  isStream: (body) => body.stream === true,

  includeUsage: (body) => isRecord(body.stream_options) && body.stream_options.include_usage === true,

  model: (body) => String(body.model ?? ""),

  toolCount: (body) => (Array.isArray(body.tools) ? body.tools.length : 0),

  conversationSeed(body) {
    const messages = messagesOf(body);
    const system = messages
      .filter((message) => message.role === "system" || message.role === "developer")
      .map((message) => contentText(message.content));
    const firstUser = messages.find((message) => message.role === "user");
    return `${system.join("\n")}\u0000${firstUser ? contentText(firstUser.content) : ""}`;
  },

  isConversationStart(body) {
    const rest = messagesOf(body).filter(
      (message) => message.role !== "system" && message.role !== "developer",
    );
    return rest.length === 1 && rest[0]?.role === "user";
  },

  quarantineIncoming(body, enabled): IncomingScan {
    const names = new Map<string, string>();
    const tally = new IncomingScanTally();
    for (const message of messagesOf(body)) {
      if (message.role === "assistant" && Array.isArray(message.tool_calls)) {
        for (const call of message.tool_calls)
          if (isRecord(call) && isRecord(call.function))
            names.set(String(call.id ?? ""), String(call.function.name ?? ""));
        continue;
      }
      if (message.role !== "tool") continue;
      tally.scanned += 1;
      const toolName = names.get(String(message.tool_call_id ?? "")) ?? "";
      if (typeof message.content === "string") {
        message.content = quarantineIncomingText(toolName, message.content, enabled, true, tally);
      } else if (Array.isArray(message.content)) {
        let first = true;
        message.content = message.content.map((part) => {
          if (!isRecord(part) || typeof part.text !== "string") return part;
          const text = quarantineIncomingText(toolName, part.text, enabled, first, tally);
          first = false;
          return { ...part, text };
        });
      }
    }
    return { scanned: tally.scanned, quarantinedSegments: { count: tally.count, previews: tally.previews } };
  },

  addTools(body, tools: readonly AgentTool[]) {
    if (tools.length === 0) return;
    const managed = new Set(tools.map((tool) => tool.name));
    const existing = (Array.isArray(body.tools) ? body.tools : []).filter(
      (tool) => !(isRecord(tool) && isRecord(tool.function) && managed.has(String(tool.function.name))),
    );
    body.tools = [
      ...existing,
      ...tools.map((tool) => ({
        type: "function",
        function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
      })),
    ];
  },

  prepareToolless(body, line) {
    if (Array.isArray(body.tools) && body.tools.length > 0) {
      body.tool_choice = "none";
      delete body.parallel_tool_calls;
    }
    const messages = Array.isArray(body.messages) ? body.messages : [];
    const system = messages[0];
    if (
      isRecord(system) &&
      (system.role === "system" || system.role === "developer") &&
      typeof system.content === "string"
    )
      messages[0] = { ...system, content: `${system.content}\n\n${line}` };
    else messages.unshift({ role: "system", content: line });
    body.messages = messages;
  },

  dropEmptyAssistantAt(messages, index) {
    const message = messages[index];
    if (message?.role !== "assistant") return false;
    const calls = Array.isArray(message.tool_calls) ? message.tool_calls.length : 0;
    if (calls > 0 || contentText(message.content).trim() !== "") return false;
    messages.splice(index, 1);
    return true;
  },

  readReply(response): ReplySummary {
    const choice = firstChoice(response);
    const message = choice && isRecord(choice.message) ? choice.message : {};
    const reasoning = message.reasoning_content ?? message.reasoning;
    return {
      text: contentText(message.content),
      reasoningChars: typeof reasoning === "string" ? reasoning.length : 0,
      toolCalls: toolCallsOf(message),
      finishReason: String(choice?.finish_reason ?? "unknown"),
      usage: usageOf(response.usage),
    };
  },

  stripReply(response, enabled): StripOutcome {
    const strips: ScaffoldingStripEvent[] = [];
    let strippedChars = 0;
    if (!enabled) return { strippedChars, strips };
    for (const choice of Array.isArray(response.choices) ? response.choices : []) {
      if (!isRecord(choice) || !isRecord(choice.message)) continue;
      const message = choice.message;
      const strip = (text: string) => {
        const scanner = createScaffoldingScanner({ onStrip: (event) => strips.push(event) });
        const visible = scanner.push(text) + scanner.finish();
        strippedChars += scanner.stats().strippedChars;
        return visible;
      };
      if (typeof message.content === "string") message.content = strip(message.content);
      else if (Array.isArray(message.content))
        message.content = message.content.map((part) =>
          isRecord(part) && part.type === "text" && typeof part.text === "string"
            ? { ...part, text: strip(part.text) }
            : part,
        );
    }
    return { strippedChars, strips };
  },

  roundMessages(response, results: readonly ToolCallResult[]) {
    const choice = firstChoice(response);
    const message = choice && isRecord(choice.message) ? choice.message : {};
    const assistant: JsonObject = { role: "assistant", content: message.content ?? null };
    if (Array.isArray(message.tool_calls)) assistant.tool_calls = message.tool_calls;
    return [
      assistant,
      ...results.map((result) => ({ role: "tool", tool_call_id: result.callId, content: result.modelText })),
    ];
  },

  setUsage(response, usage) {
    response.usage = withUsage(response.usage, usage);
  },

  terminalResponse(model, usage, now) {
    return {
      id: "chatcmpl-managed-terminal",
      object: "chat.completion",
      created: now,
      model,
      choices: [{ index: 0, message: { role: "assistant", content: "" }, finish_reason: "stop" }],
      usage: {
        prompt_tokens: usage.input,
        completion_tokens: usage.output,
        total_tokens: usage.input + usage.output,
      },
    };
  },

  renderStream(response, includeUsage) {
    const base = {
      id: response.id ?? "chatcmpl-keel-proxy",
      object: "chat.completion.chunk",
      created: response.created ?? Math.floor(Date.now() / 1000),
      model: response.model ?? "",
      ...(response.system_fingerprint === undefined
        ? {}
        : { system_fingerprint: response.system_fingerprint }),
    };
    const chunk = (index: number, delta: JsonObject, finishReason: unknown = null) =>
      formatSse({ ...base, choices: [{ index, delta, finish_reason: finishReason }] });
    const frames: string[] = [];
    const choices = (Array.isArray(response.choices) ? response.choices : []).filter(isRecord);
    for (const [position, choice] of choices.entries()) {
      const index = typeof choice.index === "number" ? choice.index : position;
      const message = isRecord(choice.message) ? choice.message : {};
      frames.push(chunk(index, { role: "assistant" }));
      const reasoning = message.reasoning_content;
      if (typeof reasoning === "string" && reasoning !== "")
        frames.push(chunk(index, { reasoning_content: reasoning }));
      const text = contentText(message.content);
      if (text !== "") frames.push(chunk(index, { content: text }));
      if (typeof message.refusal === "string" && message.refusal !== "")
        frames.push(chunk(index, { refusal: message.refusal }));
      for (const [callIndex, call] of (Array.isArray(message.tool_calls)
        ? message.tool_calls
        : []
      ).entries()) {
        if (!isRecord(call) || !isRecord(call.function)) continue;
        frames.push(
          chunk(index, {
            tool_calls: [
              {
                index: callIndex,
                id: call.id,
                type: "function",
                function: { name: call.function.name, arguments: call.function.arguments ?? "" },
              },
            ],
          }),
        );
      }
      frames.push(chunk(index, {}, choice.finish_reason ?? "stop"));
    }
    if (includeUsage && response.usage !== undefined)
      frames.push(formatSse({ ...base, choices: [], usage: response.usage }));
    frames.push("data: [DONE]\n\n");
    return frames;
  },

  errorBody(_status, kind, message) {
    return { error: { message, type: ERROR_TYPES[kind] ?? "server_error", param: null, code: kind } };
  },

  streamErrorFrame(kind, message) {
    return formatSse({
      error: { message, type: ERROR_TYPES[kind] ?? "server_error", param: null, code: kind },
    });
  },

  createRelay: (options) => new OpenAiRelay(options),
};

interface ToolCallAccumulator {
  id: string;
  name: string;
  args: string;
}

/** Filters an upstream chat-completions stream chunk by chunk (see StreamRelay). */
class OpenAiRelay implements StreamRelay {
  committed = false;
  private readonly held: string[] = [];
  private readonly scanners = new Map<number, ScaffoldingScanner>();
  private readonly strips: ScaffoldingStripEvent[] = [];
  private text = "";
  private reasoningChars = 0;
  private readonly calls = new Map<number, ToolCallAccumulator>();
  private finishReason = "unknown";
  private usage: TokenUsage | null = null;
  private lastChunk: JsonObject | null = null;

  constructor(private readonly options: RelayOptions) {}

  private scanner(index: number): ScaffoldingScanner {
    let scanner = this.scanners.get(index);
    if (!scanner) {
      scanner = createScaffoldingScanner({ onStrip: (event) => this.strips.push(event) });
      this.scanners.set(index, scanner);
    }
    return scanner;
  }

  private emit(frames: string[], commits: boolean): string[] {
    if (this.committed) return frames;
    this.held.push(...frames);
    if (!commits) return [];
    this.committed = true;
    return this.held.splice(0);
  }

  private textChunk(template: JsonObject, index: number, text: string): string {
    return formatSse({ ...template, choices: [{ index, delta: { content: text }, finish_reason: null }] });
  }

  push(event: SseEvent): string[] {
    if (event.data === "[DONE]") return this.emit(["data: [DONE]\n\n"], false);
    let chunk: unknown;
    try {
      chunk = JSON.parse(event.data);
    } catch {
      return this.emit([formatSse(event.data, event.event ?? undefined)], true);
    }
    if (!isRecord(chunk) || chunk.error !== undefined)
      return this.emit([formatSse(event.data, event.event ?? undefined)], true);
    const { usage, choices, ...template } = chunk;
    this.lastChunk = template;
    let changed = false;
    let commits = false;
    const before: string[] = [];
    const kept: unknown[] = [];
    for (const choice of Array.isArray(choices) ? choices : []) {
      if (!isRecord(choice)) {
        kept.push(choice);
        continue;
      }
      const index = typeof choice.index === "number" ? choice.index : 0;
      const delta = isRecord(choice.delta) ? { ...choice.delta } : {};
      if (typeof delta.content === "string" && delta.content !== "") {
        const visible = this.options.filterEnabled ? this.scanner(index).push(delta.content) : delta.content;
        if (visible !== delta.content) changed = true;
        delta.content = visible;
        if (index === 0) this.text += visible;
        if (visible !== "") commits = true;
      }
      const reasoning = delta.reasoning_content ?? delta.reasoning;
      if (typeof reasoning === "string") this.reasoningChars += reasoning.length;
      if (typeof delta.refusal === "string" && delta.refusal !== "") commits = true;
      if (Array.isArray(delta.tool_calls) && delta.tool_calls.length > 0) {
        commits = true;
        for (const call of delta.tool_calls) this.collectToolCall(call);
      }
      if (choice.finish_reason !== null && choice.finish_reason !== undefined) {
        if (index === 0) this.finishReason = String(choice.finish_reason);
        const scanner = this.scanners.get(index);
        const tail = scanner ? scanner.finish() : "";
        this.scanners.delete(index);
        if (tail !== "") {
          if (index === 0) this.text += tail;
          before.push(this.textChunk(template, index, tail));
          commits = true;
        }
      }
      const empty =
        Object.keys(delta).every((key) => key === "content") &&
        delta.content === "" &&
        (choice.finish_reason === null || choice.finish_reason === undefined);
      if (empty && changed) continue;
      kept.push({ ...choice, delta });
    }
    if (usage !== undefined && usage !== null) {
      this.usage = usageOf(usage);
      const carried = this.options.carriedUsage;
      if (carried.input + carried.output > 0) changed = true;
    }
    const frames = [...before];
    if (!changed) frames.push(formatSse(event.data));
    else if (kept.length > 0 || (usage !== undefined && usage !== null) || !Array.isArray(choices))
      frames.push(
        formatSse({
          ...template,
          choices: kept,
          ...(usage === undefined
            ? {}
            : {
                usage:
                  usage === null || !this.usage
                    ? usage
                    : withUsage(usage, {
                        input: this.usage.input + this.options.carriedUsage.input,
                        output: this.usage.output + this.options.carriedUsage.output,
                      }),
              }),
        }),
      );
    return this.emit(frames, commits);
  }

  private collectToolCall(call: unknown): void {
    if (!isRecord(call)) return;
    const index = typeof call.index === "number" ? call.index : this.calls.size;
    const entry = this.calls.get(index) ?? { id: "", name: "", args: "" };
    if (typeof call.id === "string") entry.id = call.id;
    if (isRecord(call.function)) {
      if (typeof call.function.name === "string") entry.name += call.function.name;
      if (typeof call.function.arguments === "string") entry.args += call.function.arguments;
    }
    this.calls.set(index, entry);
  }

  end(): string[] {
    const frames: string[] = [];
    let commits = false;
    for (const [index, scanner] of this.scanners) {
      const tail = scanner.finish();
      if (tail === "") continue;
      if (index === 0) this.text += tail;
      frames.push(this.textChunk(this.lastChunk ?? {}, index, tail));
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
        ...parseToolArguments(call.args),
      })),
      finishReason: this.finishReason,
      usage: this.usage,
      strippedChars: this.strips.reduce((sum, strip) => sum + strip.strippedChars, 0),
      strips: this.strips,
    };
  }
}
