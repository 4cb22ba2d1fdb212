/**
 * Anthropic Messages (`POST /v1/messages`): content blocks (text, thinking, tool_use, tool_result) and
 * the streaming events message_start → content_block_start/delta/stop … → message_delta → message_stop.
 */
import type { NeutralConversation, NeutralTool, NeutralToolChoice, ResolvedResponse } from "../types";
import {
  appendReasoning,
  appendText,
  BadRequestError,
  type Frame,
  finishOf,
  flattenToText,
  isRecord,
  MessageBuilder,
  optionalString,
  type RenderContext,
  requireArray,
  requireRecord,
  splitJsonResponseTool,
  sseFrame,
  textChunksOf,
  toolCallsOf,
  type WireAdapter,
} from "./shared";

const STOP: Record<ResolvedResponse["finishReason"], string> = {
  stop: "end_turn",
  length: "max_tokens",
  "tool-calls": "tool_use",
  "content-filter": "refusal",
};

const SIGNATURE = "scripted-thinking-signature";

function errorType(status: number): string {
  if (status === 401) return "authentication_error";
  if (status === 403) return "permission_error";
  if (status === 404) return "not_found_error";
  if (status === 413) return "request_too_large";
  if (status === 429) return "rate_limit_error";
  if (status === 529) return "overloaded_error";
  if (status >= 500) return "api_error";
  return "invalid_request_error";
}

function blocksOf(content: unknown, where: string): Record<string, unknown>[] {
  if (typeof content === "string") return [{ type: "text", text: content }];
  return requireArray(content, where).map((block, index) => requireRecord(block, `${where}.${index}`));
}

function toolResultText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return flattenToText(content);
  return content
    .map((block) =>
      isRecord(block) && block.type === "text" ? String(block.text ?? "") : flattenToText(block),
    )
    .join("\n");
}

function parseToolChoice(choice: unknown): NeutralToolChoice | undefined {
  if (!isRecord(choice)) return undefined;
  if (choice.type === "auto" || choice.type === "none") return choice.type;
  if (choice.type === "any") return "required";
  if (choice.type === "tool" && typeof choice.name === "string") return { tool: choice.name };
  return undefined;
}

function parse(raw: unknown): NeutralConversation {
  const body = requireRecord(raw, "The request body");
  const model = optionalString(body.model);
  if (!model) throw new BadRequestError("model: Field required");
  if (typeof body.max_tokens !== "number") throw new BadRequestError("max_tokens: Field required");
  const messages = requireArray(body.messages, "messages");
  const system =
    typeof body.system === "string"
      ? body.system
      : Array.isArray(body.system)
        ? body.system.map((block) => (isRecord(block) ? String(block.text ?? "") : "")).join("\n")
        : "";
  const builder = new MessageBuilder();
  for (const [index, entry] of messages.entries()) {
    const message = requireRecord(entry, `messages.${index}`);
    if (message.role !== "user" && message.role !== "assistant")
      throw new BadRequestError(`messages.${index}.role: Input should be 'user' or 'assistant'`);
    const role = message.role;
    builder.begin();
    for (const block of blocksOf(message.content, `messages.${index}.content`)) {
      switch (block.type) {
        case "tool_result":
          builder.toolResult({
            id: String(block.tool_use_id ?? ""),
            text: toolResultText(block.content),
            ...(block.is_error === true ? { isError: true } : {}),
          });
          break;
        case "tool_use":
          builder.current("assistant").toolCalls.push({
            id: String(block.id ?? ""),
            name: String(block.name ?? ""),
            args: block.input ?? {},
          });
          break;
        case "thinking":
          appendReasoning(builder.current("assistant"), String(block.thinking ?? ""));
          break;
        case "redacted_thinking":
          break;
        default: {
          const text = block.type === "text" ? String(block.text ?? "") : `[${String(block.type)}]`;
          appendText(builder.current(role), text);
        }
      }
    }
  }
  const offered: NeutralTool[] = [];
  for (const tool of Array.isArray(body.tools) ? body.tools : []) {
    if (!isRecord(tool) || typeof tool.name !== "string" || !("input_schema" in tool)) continue;
    offered.push({
      name: tool.name,
      description: optionalString(tool.description),
      parameters: tool.input_schema,
    });
  }
  const toolChoice = parseToolChoice(body.tool_choice);
  const forced = toolChoice === "required" || typeof toolChoice === "object";
  const split = splitJsonResponseTool(offered, forced);
  let responseFormat = split.responseFormat;
  const format = isRecord(body.output_config) ? body.output_config.format : undefined;
  if (isRecord(format) && format.type === "json_schema")
    responseFormat = { type: "json", via: "native", schema: format.schema };
  return {
    wire: "anthropic",
    model,
    stream: body.stream === true,
    system,
    messages: builder.done(),
    tools: split.tools,
    toolChoice,
    responseFormat,
    maxTokens: body.max_tokens,
  };
}

type Block =
  | { type: "thinking"; thinking: string; signature: string; chunks: string[] }
  | { type: "text"; text: string; chunks: string[] }
  | { type: "tool_use"; id: string; name: string; input: unknown; argsJson: string };

function blocks(turn: ResolvedResponse, conversation: NeutralConversation, context: RenderContext): Block[] {
  const result: Block[] = [];
  if (turn.reasoning.length > 0)
    result.push({
      type: "thinking",
      thinking: turn.reasoning.join(""),
      signature: SIGNATURE,
      chunks: turn.reasoning,
    });
  const text = textChunksOf(turn, conversation);
  if (text.length > 0) result.push({ type: "text", text: text.join(""), chunks: text });
  for (const call of toolCallsOf(turn, conversation, context)) {
    let input: unknown;
    try {
      input = JSON.parse(call.argsJson);
    } catch {
      input = {};
    }
    result.push({ type: "tool_use", id: call.id, name: call.name, input, argsJson: call.argsJson });
  }
  return result;
}

function usage(turn: ResolvedResponse) {
  return {
    input_tokens: turn.usage.inputTokens,
    output_tokens: turn.usage.outputTokens,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
  };
}

export const anthropicAdapter: WireAdapter = {
  wire: "anthropic",
  streamContentType: "text/event-stream",

  route(method, pathname) {
    return method === "POST" && /^(\/v1)?\/messages$/.test(pathname) ? {} : null;
  },

  parse,

  buffered(turn, conversation, context) {
    return {
      id: context.nextId("msg"),
      type: "message",
      role: "assistant",
      model: conversation.model,
      content: blocks(turn, conversation, context).map((block) => {
        if (block.type === "thinking")
          return { type: "thinking", thinking: block.thinking, signature: block.signature };
        if (block.type === "text") return { type: "text", text: block.text };
        return { type: "tool_use", id: block.id, name: block.name, input: block.input };
      }),
      stop_reason: STOP[finishOf(turn, conversation)],
      stop_sequence: null,
      usage: usage(turn),
    };
  },

  stream(turn, conversation, context, partial = false) {
    const frames: Frame[] = [];
    const event = (type: string, data: Record<string, unknown>) =>
      frames.push(sseFrame({ type, ...data }, type));
    event("message_start", {
      message: {
        id: context.nextId("msg"),
        type: "message",
        role: "assistant",
        model: conversation.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { ...usage(turn), output_tokens: 1 },
      },
    });
    event("ping", {});
    for (const [index, block] of blocks(turn, conversation, context).entries()) {
      if (block.type === "thinking") {
        event("content_block_start", {
          index,
          content_block: { type: "thinking", thinking: "", signature: "" },
        });
        for (const thinking of block.chunks)
          event("content_block_delta", { index, delta: { type: "thinking_delta", thinking } });
        event("content_block_delta", {
          index,
          delta: { type: "signature_delta", signature: block.signature },
        });
      } else if (block.type === "text") {
        event("content_block_start", { index, content_block: { type: "text", text: "" } });
        for (const text of block.chunks)
          event("content_block_delta", { index, delta: { type: "text_delta", text } });
        if (partial) return frames;
      } else {
        event("content_block_start", {
          index,
          content_block: { type: "tool_use", id: block.id, name: block.name, input: {} },
        });
        const middle = Math.ceil(block.argsJson.length / 2);
        for (const partial_json of [block.argsJson.slice(0, middle), block.argsJson.slice(middle)])
          if (partial_json)
            event("content_block_delta", { index, delta: { type: "input_json_delta", partial_json } });
      }
      event("content_block_stop", { index });
    }
    if (partial) return frames;
    event("message_delta", {
      delta: { stop_reason: STOP[finishOf(turn, conversation)], stop_sequence: null },
      usage: { output_tokens: turn.usage.outputTokens },
    });
    event("message_stop", {});
    return frames;
  },

  invalidFrame() {
    return 'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":\n\n';
  },

  error(status, message, code) {
    return { body: { type: "error", error: { type: code ?? errorType(status), message } } };
  },
};
