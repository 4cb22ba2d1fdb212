/**
 * OpenAI Responses API (`POST /v1/responses`): input items in, output items out, and the streaming
 * event sequence (`response.created` … `response.completed`) with `sequence_number`s.
 *
 * The AI SDK sends earlier assistant output as `item_reference`s when `store` is on (its default);
 * the server remembers the items it emitted so those references resolve to the original content.
 */
import type { NeutralConversation, NeutralMessage, NeutralTool, NeutralToolChoice } from "../types";
import { openAiContentText, openAiErrorType } from "./openai-chat";
import {
  appendReasoning,
  appendText,
  BadRequestError,
  emptyMessage,
  type Frame,
  finishOf,
  flattenToText,
  isRecord,
  MessageBuilder,
  optionalString,
  parseArgs,
  type RenderContext,
  requireRecord,
  splitJsonResponseTool,
  sseFrame,
  textChunksOf,
  toolCallsOf,
  type WireAdapter,
} from "./shared";

function parseToolChoice(choice: unknown): NeutralToolChoice | undefined {
  if (choice === "auto" || choice === "none" || choice === "required") return choice;
  if (isRecord(choice) && typeof choice.name === "string") return { tool: choice.name };
  return undefined;
}

function mergeItem(builder: MessageBuilder, stored: NeutralMessage): void {
  const target = builder.current("assistant");
  if (stored.text) appendText(target, stored.text);
  if (stored.reasoning) appendReasoning(target, stored.reasoning);
  target.toolCalls.push(...stored.toolCalls);
}

function parse(raw: unknown, context: RenderContext): NeutralConversation {
  const body = requireRecord(raw, "The request body");
  const model = optionalString(body.model);
  if (!model) throw new BadRequestError("Missing required parameter: 'model'.");
  if (body.input === undefined) throw new BadRequestError("Missing required parameter: 'input'.");
  const system: string[] = [];
  if (typeof body.instructions === "string") system.push(body.instructions);
  const builder = new MessageBuilder();
  const input = typeof body.input === "string" ? [{ role: "user", content: body.input }] : body.input;
  if (!Array.isArray(input))
    throw new BadRequestError("Invalid type for 'input': expected a string or an array.");
  for (const [index, entry] of input.entries()) {
    const item = requireRecord(entry, `input[${index}]`);
    const type = item.type ?? "message";
    if (type === "message") {
      if (item.role === "system" || item.role === "developer") system.push(openAiContentText(item.content));
      else if (item.role === "user") {
        builder.begin();
        builder.text("user", openAiContentText(item.content));
      } else if (item.role === "assistant") builder.text("assistant", openAiContentText(item.content));
      else throw new BadRequestError(`Invalid value for 'input[${index}].role'.`);
    } else if (type === "function_call") {
      builder.toolCall({
        id: String(item.call_id ?? ""),
        name: String(item.name ?? ""),
        args: parseArgs(item.arguments),
      });
    } else if (type === "function_call_output") {
      builder.toolResult({ id: String(item.call_id ?? ""), text: flattenToText(item.output) });
    } else if (type === "reasoning") {
      const summary = Array.isArray(item.summary) ? item.summary : [];
      const text = summary.map((part) => (isRecord(part) ? String(part.text ?? "") : "")).join("\n");
      const stored = typeof item.id === "string" ? context.items.get(item.id) : undefined;
      appendReasoning(builder.current("assistant"), text || stored?.reasoning || "");
    } else if (type === "item_reference") {
      const stored = typeof item.id === "string" ? context.items.get(item.id) : undefined;
      if (stored) mergeItem(builder, stored);
      else builder.text("assistant", `[unknown item_reference ${String(item.id)}]`);
    }
  }
  const offered: NeutralTool[] = [];
  for (const tool of Array.isArray(body.tools) ? body.tools : []) {
    if (!isRecord(tool) || tool.type !== "function") continue;
    offered.push({
      name: String(tool.name ?? ""),
      description: optionalString(tool.description),
      parameters: tool.parameters,
    });
  }
  const toolChoice = parseToolChoice(body.tool_choice);
  const split = splitJsonResponseTool(offered, toolChoice === "required");
  let responseFormat = split.responseFormat;
  const format = isRecord(body.text) ? body.text.format : undefined;
  if (isRecord(format) && (format.type === "json_schema" || format.type === "json_object"))
    responseFormat = {
      type: "json",
      via: "native",
      schema: format.schema,
      name: optionalString(format.name),
    };
  return {
    wire: "openai-responses",
    model,
    stream: body.stream === true,
    system: system.join("\n"),
    messages: builder.done(),
    tools: split.tools,
    toolChoice,
    responseFormat,
    maxTokens: typeof body.max_output_tokens === "number" ? body.max_output_tokens : undefined,
  };
}

type OutputItem = Record<string, unknown> & { type: string; id: string };

interface Planned {
  id: string;
  created: number;
  items: OutputItem[];
  /** Stream chunks per item (text / reasoning / argument pieces). */
  chunks: string[][];
}

function plan(
  turn: Parameters<WireAdapter["buffered"]>[0],
  conversation: NeutralConversation,
  context: RenderContext,
): Planned {
  const items: OutputItem[] = [];
  const chunks: string[][] = [];
  if (turn.reasoning.length > 0) {
    const id = context.nextId("rs");
    const text = turn.reasoning.join("");
    items.push({ type: "reasoning", id, summary: [{ type: "summary_text", text }] });
    chunks.push(turn.reasoning);
    context.items.set(id, { ...emptyMessage("assistant"), reasoning: text });
  }
  const text = textChunksOf(turn, conversation);
  if (text.length > 0) {
    const id = context.nextId("msg");
    items.push({
      type: "message",
      id,
      status: "completed",
      role: "assistant",
      content: [{ type: "output_text", text: text.join(""), annotations: [], logprobs: [] }],
    });
    chunks.push(text);
    context.items.set(id, { ...emptyMessage("assistant"), text: text.join("") });
  }
  for (const call of toolCallsOf(turn, conversation, context)) {
    const id = context.nextId("fc");
    items.push({
      type: "function_call",
      id,
      call_id: call.id,
      name: call.name,
      arguments: call.argsJson,
      status: "completed",
    });
    chunks.push([call.argsJson]);
    context.items.set(id, {
      ...emptyMessage("assistant"),
      toolCalls: [{ id: call.id, name: call.name, args: parseArgs(call.argsJson) }],
    });
  }
  return { id: context.nextId("resp"), created: context.now(), items, chunks };
}

function responseObject(
  planned: Planned,
  conversation: NeutralConversation,
  turn: Parameters<WireAdapter["buffered"]>[0] | undefined,
  status: "in_progress" | "completed" | "incomplete",
) {
  return {
    id: planned.id,
    object: "response",
    created_at: planned.created,
    status,
    error: null,
    incomplete_details: status === "incomplete" ? { reason: "max_output_tokens" } : null,
    model: conversation.model,
    output: status === "in_progress" ? [] : planned.items,
    parallel_tool_calls: true,
    tool_choice: "auto",
    tools: [],
    usage: turn
      ? {
          input_tokens: turn.usage.inputTokens,
          input_tokens_details: { cached_tokens: 0 },
          output_tokens: turn.usage.outputTokens,
          output_tokens_details: { reasoning_tokens: 0 },
          total_tokens: turn.usage.inputTokens + turn.usage.outputTokens,
        }
      : null,
  };
}

export const openAiResponsesAdapter: WireAdapter = {
  wire: "openai-responses",
  streamContentType: "text/event-stream",

  route(method, pathname) {
    return method === "POST" && /^(\/v1)?\/responses$/.test(pathname) ? {} : null;
  },

  parse: (raw, _route, context) => parse(raw, context),

  buffered(turn, conversation, context) {
    const planned = plan(turn, conversation, context);
    return responseObject(
      planned,
      conversation,
      turn,
      finishOf(turn, conversation) === "length" ? "incomplete" : "completed",
    );
  },

  stream(turn, conversation, context, partial = false) {
    const planned = plan(turn, conversation, context);
    let sequence = 0;
    const frames: Frame[] = [];
    const event = (type: string, data: Record<string, unknown>) =>
      frames.push(sseFrame({ type, sequence_number: sequence++, ...data }, type));
    event("response.created", { response: responseObject(planned, conversation, undefined, "in_progress") });
    event("response.in_progress", {
      response: responseObject(planned, conversation, undefined, "in_progress"),
    });
    for (const [outputIndex, item] of planned.items.entries()) {
      const pieces = planned.chunks[outputIndex] ?? [];
      const base = { item_id: item.id, output_index: outputIndex };
      if (item.type === "reasoning") {
        event("response.output_item.added", { output_index: outputIndex, item: { ...item, summary: [] } });
        const part = { type: "summary_text", text: "" };
        event("response.reasoning_summary_part.added", { ...base, summary_index: 0, part });
        for (const delta of pieces)
          event("response.reasoning_summary_text.delta", { ...base, summary_index: 0, delta });
        const text = pieces.join("");
        event("response.reasoning_summary_text.done", { ...base, summary_index: 0, text });
        event("response.reasoning_summary_part.done", { ...base, summary_index: 0, part: { ...part, text } });
      } else if (item.type === "message") {
        event("response.output_item.added", {
          output_index: outputIndex,
          item: { ...item, status: "in_progress", content: [] },
        });
        const part = { type: "output_text", text: "", annotations: [], logprobs: [] };
        event("response.content_part.added", { ...base, content_index: 0, part });
        for (const delta of pieces)
          event("response.output_text.delta", { ...base, content_index: 0, delta, logprobs: [] });
        if (partial) return frames;
        const text = pieces.join("");
        event("response.output_text.done", { ...base, content_index: 0, text, logprobs: [] });
        event("response.content_part.done", { ...base, content_index: 0, part: { ...part, text } });
      } else {
        event("response.output_item.added", {
          output_index: outputIndex,
          item: { ...item, arguments: "", status: "in_progress" },
        });
        for (const delta of pieces) event("response.function_call_arguments.delta", { ...base, delta });
        event("response.function_call_arguments.done", { ...base, arguments: pieces.join("") });
      }
      event("response.output_item.done", { output_index: outputIndex, item });
    }
    if (partial) return frames;
    const incomplete = finishOf(turn, conversation) === "length";
    event(incomplete ? "response.incomplete" : "response.completed", {
      response: responseObject(planned, conversation, turn, incomplete ? "incomplete" : "completed"),
    });
    return frames;
  },

  invalidFrame() {
    return 'event: response.output_text.delta\ndata: {"type":"response.output_text.delta","delta":\n\n';
  },

  error(status, message, code) {
    return { body: { error: { message, type: openAiErrorType(status), param: null, code: code ?? null } } };
  },
};
