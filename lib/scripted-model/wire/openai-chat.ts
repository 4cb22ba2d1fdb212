/**
 * OpenAI Chat Completions (`POST /v1/chat/completions`), also spoken by OpenAI-compatible servers.
 */
import type { NeutralConversation, NeutralTool, NeutralToolChoice, ResolvedResponse } from "../types";
import {
  appendReasoning,
  BadRequestError,
  type Frame,
  finishOf,
  flattenToText,
  isRecord,
  MessageBuilder,
  optionalString,
  parseArgs,
  type RenderContext,
  requireArray,
  requireRecord,
  splitJsonResponseTool,
  sseFrame,
  textChunksOf,
  toolCallsOf,
  type WireAdapter,
} from "./shared";

const FINISH: Record<ResolvedResponse["finishReason"], string> = {
  stop: "stop",
  length: "length",
  "tool-calls": "tool_calls",
  "content-filter": "content_filter",
};

export function openAiErrorType(status: number): string {
  if (status === 401) return "authentication_error";
  if (status === 403) return "permission_error";
  if (status === 404) return "not_found_error";
  if (status === 429) return "rate_limit_exceeded";
  if (status >= 500) return "server_error";
  return "invalid_request_error";
}

/** Text of an OpenAI `content` (a string or an array of parts). */
export function openAiContentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((part) => {
      if (!isRecord(part)) return "";
      if (typeof part.text === "string") return part.text;
      if (typeof part.refusal === "string") return part.refusal;
      return `[${String(part.type ?? "part")}]`;
    })
    .filter((text) => text !== "")
    .join("\n");
}

function parseToolChoice(choice: unknown): NeutralToolChoice | undefined {
  if (choice === "auto" || choice === "none" || choice === "required") return choice;
  if (isRecord(choice) && isRecord(choice.function) && typeof choice.function.name === "string")
    return { tool: choice.function.name };
  return undefined;
}

function parse(raw: unknown): NeutralConversation {
  const body = requireRecord(raw, "The request body");
  const model = optionalString(body.model);
  if (!model) throw new BadRequestError("you must provide a model parameter");
  const messages = requireArray(body.messages, "messages");
  if (messages.length === 0) throw new BadRequestError("messages must contain at least one message");
  const system: string[] = [];
  const builder = new MessageBuilder();
  for (const [index, entry] of messages.entries()) {
    const message = requireRecord(entry, `messages[${index}]`);
    switch (message.role) {
      case "system":
      case "developer":
        system.push(openAiContentText(message.content));
        break;
      case "user":
        builder.begin();
        builder.text("user", openAiContentText(message.content));
        break;
      case "assistant": {
        builder.begin();
        const assistant = builder.current("assistant");
        assistant.text = openAiContentText(message.content);
        const reasoning = optionalString(message.reasoning_content) ?? optionalString(message.reasoning);
        if (reasoning) appendReasoning(assistant, reasoning);
        for (const call of Array.isArray(message.tool_calls) ? message.tool_calls : []) {
          if (!isRecord(call) || !isRecord(call.function)) continue;
          assistant.toolCalls.push({
            id: String(call.id ?? ""),
            name: String(call.function.name ?? ""),
            args: parseArgs(call.function.arguments),
          });
        }
        break;
      }
      case "tool":
        builder.toolResult({
          id: String(message.tool_call_id ?? ""),
          text: flattenToText(message.content),
        });
        break;
      default:
        throw new BadRequestError(
          `messages[${index}].role must be system, developer, user, assistant or tool`,
        );
    }
  }
  const offered: NeutralTool[] = [];
  for (const tool of Array.isArray(body.tools) ? body.tools : []) {
    if (!isRecord(tool) || !isRecord(tool.function)) continue;
    offered.push({
      name: String(tool.function.name ?? ""),
      description: optionalString(tool.function.description),
      parameters: tool.function.parameters,
    });
  }
  const toolChoice = parseToolChoice(body.tool_choice);
  const forced = toolChoice === "required" || typeof toolChoice === "object";
  const split = splitJsonResponseTool(offered, forced);
  let responseFormat = split.responseFormat;
  const format = body.response_format;
  if (isRecord(format) && (format.type === "json_schema" || format.type === "json_object")) {
    const schema = isRecord(format.json_schema) ? format.json_schema : undefined;
    responseFormat = {
      type: "json",
      via: "native",
      schema: schema?.schema,
      name: optionalString(schema?.name),
    };
  }
  const maxTokens = body.max_completion_tokens ?? body.max_tokens;
  return {
    wire: "openai-chat",
    model,
    stream: body.stream === true,
    system: system.join("\n"),
    messages: builder.done(),
    tools: split.tools,
    toolChoice,
    responseFormat,
    maxTokens: typeof maxTokens === "number" ? maxTokens : undefined,
    includeUsage: isRecord(body.stream_options) && body.stream_options.include_usage === true,
  };
}

function usageOf(turn: ResolvedResponse) {
  return {
    prompt_tokens: turn.usage.inputTokens,
    completion_tokens: turn.usage.outputTokens,
    total_tokens: turn.usage.inputTokens + turn.usage.outputTokens,
  };
}

function halves(text: string): string[] {
  if (text.length < 2) return [text];
  const middle = Math.ceil(text.length / 2);
  return [text.slice(0, middle), text.slice(middle)];
}

export const openAiChatAdapter: WireAdapter = {
  wire: "openai-chat",
  streamContentType: "text/event-stream",

  route(method, pathname) {
    return method === "POST" && /^(\/v1)?\/chat\/completions$/.test(pathname) ? {} : null;
  },

  parse,

  buffered(turn, conversation, context) {
    const text = textChunksOf(turn, conversation).join("");
    const calls = toolCallsOf(turn, conversation, context);
    return {
      id: context.nextId("chatcmpl"),
      object: "chat.completion",
      created: context.now(),
      model: conversation.model,
      choices: [
        {
          index: 0,
          message: {
            role: "assistant",
            content: text === "" && calls.length > 0 ? null : text,
            ...(turn.reasoning.length > 0 ? { reasoning_content: turn.reasoning.join("") } : {}),
            ...(calls.length > 0
              ? {
                  tool_calls: calls.map((call) => ({
                    id: call.id,
                    type: "function",
                    function: { name: call.name, arguments: call.argsJson },
                  })),
                }
              : {}),
            refusal: null,
          },
          logprobs: null,
          finish_reason: FINISH[finishOf(turn, conversation)],
        },
      ],
      usage: usageOf(turn),
      system_fingerprint: "fp_scripted",
    };
  },

  stream(turn, conversation, context: RenderContext, partial = false) {
    const id = context.nextId("chatcmpl");
    const created = context.now();
    const chunk = (delta: unknown, finishReason: string | null = null): Frame =>
      sseFrame({
        id,
        object: "chat.completion.chunk",
        created,
        model: conversation.model,
        system_fingerprint: "fp_scripted",
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      });
    const frames: Frame[] = [chunk({ role: "assistant", content: "", refusal: null })];
    for (const piece of turn.reasoning) frames.push(chunk({ reasoning_content: piece }));
    for (const piece of textChunksOf(turn, conversation)) frames.push(chunk({ content: piece }));
    if (partial) return frames;
    for (const [index, call] of toolCallsOf(turn, conversation, context).entries()) {
      frames.push(
        chunk({
          tool_calls: [
            { index, id: call.id, type: "function", function: { name: call.name, arguments: "" } },
          ],
        }),
      );
      for (const piece of halves(call.argsJson))
        frames.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
    }
    frames.push(chunk({}, FINISH[finishOf(turn, conversation)]));
    if (conversation.includeUsage)
      frames.push(
        sseFrame({
          id,
          object: "chat.completion.chunk",
          created,
          model: conversation.model,
          system_fingerprint: "fp_scripted",
          choices: [],
          usage: usageOf(turn),
        }),
      );
    frames.push("data: [DONE]\n\n");
    return frames;
  },

  invalidFrame() {
    return 'data: {"id":"chatcmpl-broken","choices":[{"delta":{"content":\n\n';
  },

  error(status, message, code) {
    return { body: { error: { message, type: openAiErrorType(status), param: null, code: code ?? null } } };
  },
};
