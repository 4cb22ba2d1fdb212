/**
 * Amazon Bedrock Converse (`POST /model/{modelId}/converse`) and ConverseStream
 * (`POST /model/{modelId}/converse-stream`, AWS event-stream binary frames). SigV4 is not checked.
 */
import type { NeutralConversation, NeutralTool, NeutralToolChoice, ResolvedResponse } from "../types";
import { bedrockEvent, encodeEventStreamMessage } from "./aws-event-stream";
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
  parseArgs,
  type RouteMatch,
  requireArray,
  requireRecord,
  splitJsonResponseTool,
  textChunksOf,
  toolCallsOf,
  type WireAdapter,
} from "./shared";

const STOP: Record<ResolvedResponse["finishReason"], string> = {
  stop: "end_turn",
  length: "max_tokens",
  "tool-calls": "tool_use",
  "content-filter": "content_filtered",
};

const SIGNATURE = "scripted-reasoning-signature";

function errorType(status: number): string {
  if (status === 403) return "AccessDeniedException";
  if (status === 404) return "ResourceNotFoundException";
  if (status === 408) return "ModelTimeoutException";
  if (status === 424) return "ModelErrorException";
  if (status === 429) return "ThrottlingException";
  if (status === 503) return "ServiceUnavailableException";
  if (status >= 500) return "InternalServerException";
  return "ValidationException";
}

function toolResultText(content: unknown): string {
  if (!Array.isArray(content)) return flattenToText(content);
  return content
    .map((block) => {
      if (!isRecord(block)) return "";
      if (typeof block.text === "string") return block.text;
      if ("json" in block) return JSON.stringify(block.json);
      return `[${Object.keys(block)[0] ?? "block"}]`;
    })
    .join("\n");
}

function parseToolChoice(choice: unknown): NeutralToolChoice | undefined {
  if (!isRecord(choice)) return undefined;
  if ("auto" in choice) return "auto";
  if ("any" in choice) return "required";
  if (isRecord(choice.tool) && typeof choice.tool.name === "string") return { tool: choice.tool.name };
  return undefined;
}

function nativeJsonSchema(body: Record<string, unknown>): { schema?: unknown; name?: string } | undefined {
  const additional = isRecord(body.additionalModelRequestFields) ? body.additionalModelRequestFields : {};
  const outputConfig = isRecord(additional.output_config) ? additional.output_config : {};
  if (isRecord(outputConfig.format) && outputConfig.format.type === "json_schema")
    return { schema: outputConfig.format.schema };
  const textFormat = isRecord(body.outputConfig) ? body.outputConfig.textFormat : undefined;
  if (isRecord(textFormat) && textFormat.type === "json_schema") {
    const jsonSchema =
      isRecord(textFormat.structure) && isRecord(textFormat.structure.jsonSchema)
        ? textFormat.structure.jsonSchema
        : {};
    const schema = typeof jsonSchema.schema === "string" ? parseArgs(jsonSchema.schema) : jsonSchema.schema;
    return { schema, name: optionalString(jsonSchema.name) };
  }
  return undefined;
}

function parse(raw: unknown, route: RouteMatch): NeutralConversation {
  const body = requireRecord(raw, "The request body");
  const messages = requireArray(body.messages, "messages");
  const builder = new MessageBuilder();
  for (const [index, entry] of messages.entries()) {
    const message = requireRecord(entry, `messages.${index}`);
    if (message.role !== "user" && message.role !== "assistant")
      throw new BadRequestError(`messages.${index}.role: must be user or assistant`);
    const role = message.role;
    builder.begin();
    for (const block of requireArray(message.content, `messages.${index}.content`)) {
      if (!isRecord(block)) continue;
      if (isRecord(block.toolResult)) {
        builder.toolResult({
          id: String(block.toolResult.toolUseId ?? ""),
          text: toolResultText(block.toolResult.content),
          ...(block.toolResult.status === "error" ? { isError: true } : {}),
        });
      } else if (isRecord(block.toolUse)) {
        builder.current("assistant").toolCalls.push({
          id: String(block.toolUse.toolUseId ?? ""),
          name: String(block.toolUse.name ?? ""),
          args: block.toolUse.input ?? {},
        });
      } else if (isRecord(block.reasoningContent)) {
        const reasoning = block.reasoningContent.reasoningText;
        if (isRecord(reasoning)) appendReasoning(builder.current("assistant"), String(reasoning.text ?? ""));
      } else if (typeof block.text === "string") {
        appendText(builder.current(role), block.text);
      } else if (!("cachePoint" in block)) {
        appendText(builder.current(role), `[${Object.keys(block)[0] ?? "block"}]`);
      }
    }
  }
  const system = Array.isArray(body.system)
    ? body.system
        .map((block) => (isRecord(block) && typeof block.text === "string" ? block.text : ""))
        .filter((text) => text !== "")
        .join("\n")
    : "";
  const toolConfig = isRecord(body.toolConfig) ? body.toolConfig : {};
  const offered: NeutralTool[] = [];
  for (const tool of Array.isArray(toolConfig.tools) ? toolConfig.tools : []) {
    if (!isRecord(tool) || !isRecord(tool.toolSpec)) continue;
    const spec = tool.toolSpec;
    offered.push({
      name: String(spec.name ?? ""),
      description: optionalString(spec.description),
      parameters: isRecord(spec.inputSchema) ? spec.inputSchema.json : undefined,
    });
  }
  const toolChoice = parseToolChoice(toolConfig.toolChoice);
  const split = splitJsonResponseTool(offered, toolChoice === "required" || typeof toolChoice === "object");
  const native = nativeJsonSchema(body);
  const inference = isRecord(body.inferenceConfig) ? body.inferenceConfig : {};
  return {
    wire: "bedrock",
    model: route.model ?? "",
    stream: route.stream ?? false,
    system,
    messages: builder.done(),
    tools: split.tools,
    toolChoice,
    responseFormat: native ? { type: "json", via: "native", ...native } : split.responseFormat,
    maxTokens: typeof inference.maxTokens === "number" ? inference.maxTokens : undefined,
  };
}

function usage(turn: ResolvedResponse) {
  return {
    inputTokens: turn.usage.inputTokens,
    outputTokens: turn.usage.outputTokens,
    totalTokens: turn.usage.inputTokens + turn.usage.outputTokens,
  };
}

export const bedrockAdapter: WireAdapter = {
  wire: "bedrock",
  streamContentType: "application/vnd.amazon.eventstream",

  route(method, pathname) {
    const match = /^\/model\/([^/]+)\/(converse|converse-stream)$/.exec(pathname);
    if (method !== "POST" || !match) return null;
    return { model: decodeURIComponent(match[1]!), stream: match[2] === "converse-stream" };
  },

  parse: (raw, route) => parse(raw, route),

  buffered(turn, conversation, context) {
    const content: Record<string, unknown>[] = [];
    if (turn.reasoning.length > 0)
      content.push({
        reasoningContent: { reasoningText: { text: turn.reasoning.join(""), signature: SIGNATURE } },
      });
    const text = textChunksOf(turn, conversation);
    if (text.length > 0) content.push({ text: text.join("") });
    for (const call of toolCallsOf(turn, conversation, context))
      content.push({ toolUse: { toolUseId: call.id, name: call.name, input: parseArgs(call.argsJson) } });
    return {
      output: { message: { role: "assistant", content } },
      stopReason: STOP[finishOf(turn, conversation)],
      usage: usage(turn),
      metrics: { latencyMs: turn.delayMs },
    };
  },

  stream(turn, conversation, context, partial = false) {
    const frames: Frame[] = [bedrockEvent("messageStart", { p: "abcdefgh", role: "assistant" })];
    let index = 0;
    if (turn.reasoning.length > 0) {
      for (const text of turn.reasoning)
        frames.push(
          bedrockEvent("contentBlockDelta", {
            contentBlockIndex: index,
            delta: { reasoningContent: { text } },
          }),
        );
      frames.push(
        bedrockEvent("contentBlockDelta", {
          contentBlockIndex: index,
          delta: { reasoningContent: { signature: SIGNATURE } },
        }),
        bedrockEvent("contentBlockStop", { contentBlockIndex: index }),
      );
      index++;
    }
    const text = textChunksOf(turn, conversation);
    if (text.length > 0) {
      for (const piece of text)
        frames.push(
          bedrockEvent("contentBlockDelta", { p: "ab", contentBlockIndex: index, delta: { text: piece } }),
        );
      if (partial) return frames;
      frames.push(bedrockEvent("contentBlockStop", { contentBlockIndex: index }));
      index++;
    }
    if (partial) return frames;
    for (const call of toolCallsOf(turn, conversation, context)) {
      frames.push(
        bedrockEvent("contentBlockStart", {
          contentBlockIndex: index,
          start: { toolUse: { toolUseId: call.id, name: call.name } },
        }),
        bedrockEvent("contentBlockDelta", {
          contentBlockIndex: index,
          delta: { toolUse: { input: call.argsJson } },
        }),
        bedrockEvent("contentBlockStop", { contentBlockIndex: index }),
      );
      index++;
    }
    frames.push(
      bedrockEvent("messageStop", { stopReason: STOP[finishOf(turn, conversation)] }),
      bedrockEvent("metadata", { usage: usage(turn), metrics: { latencyMs: turn.delayMs } }),
    );
    return frames;
  },

  invalidFrame() {
    return encodeEventStreamMessage(
      { ":event-type": "contentBlockDelta", ":content-type": "application/json", ":message-type": "event" },
      '{"contentBlockIndex":0,"delta":',
    );
  },

  error(status, message, code) {
    const type = code ?? errorType(status);
    return {
      body: { message },
      headers: { "x-amzn-errortype": `${type}:http://internal.amazon.com/coral/com.amazon.bedrock/` },
    };
  },
};
