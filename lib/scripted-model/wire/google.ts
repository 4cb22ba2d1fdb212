/**
 * Google Gemini (`POST /v1beta/models/{model}:generateContent` and `:streamGenerateContent?alt=sse`):
 * contents with text / thought / functionCall / functionResponse parts; the stream is a series of
 * GenerateContentResponse objects, the last one carrying finishReason and usageMetadata.
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
  parseArgs,
  type RenderContext,
  type RouteMatch,
  requireArray,
  requireRecord,
  splitJsonResponseTool,
  sseFrame,
  textChunksOf,
  toolCallsOf,
  type WireAdapter,
} from "./shared";

const FINISH: Record<ResolvedResponse["finishReason"], string> = {
  stop: "STOP",
  length: "MAX_TOKENS",
  "tool-calls": "STOP",
  "content-filter": "SAFETY",
};

function errorStatus(status: number): string {
  if (status === 401) return "UNAUTHENTICATED";
  if (status === 403) return "PERMISSION_DENIED";
  if (status === 404) return "NOT_FOUND";
  if (status === 409) return "ABORTED";
  if (status === 429) return "RESOURCE_EXHAUSTED";
  if (status === 501) return "UNIMPLEMENTED";
  if (status === 503) return "UNAVAILABLE";
  if (status === 504) return "DEADLINE_EXCEEDED";
  if (status >= 500) return "INTERNAL";
  return "INVALID_ARGUMENT";
}

function partsText(value: unknown): string {
  if (!isRecord(value) || !Array.isArray(value.parts)) return "";
  return value.parts
    .map((part) => (isRecord(part) && typeof part.text === "string" ? part.text : ""))
    .join("\n");
}

function parseToolChoice(config: unknown): NeutralToolChoice | undefined {
  if (!isRecord(config) || !isRecord(config.functionCallingConfig)) return undefined;
  const { mode, allowedFunctionNames } = config.functionCallingConfig;
  if (mode === "AUTO") return "auto";
  if (mode === "NONE") return "none";
  if (mode === "ANY" || mode === "VALIDATED") {
    if (Array.isArray(allowedFunctionNames) && allowedFunctionNames.length === 1)
      return { tool: String(allowedFunctionNames[0]) };
    return "required";
  }
  return undefined;
}

function parse(raw: unknown, route: RouteMatch): NeutralConversation {
  const body = requireRecord(raw, "The request body");
  const contents = requireArray(body.contents, "contents");
  if (contents.length === 0)
    throw new BadRequestError("* GenerateContentRequest.contents: contents is not specified");
  const builder = new MessageBuilder();
  for (const [index, entry] of contents.entries()) {
    const content = requireRecord(entry, `contents[${index}]`);
    const role = content.role === "model" ? "assistant" : "user";
    builder.begin();
    for (const part of requireArray(content.parts, `contents[${index}].parts`)) {
      if (!isRecord(part)) continue;
      if (isRecord(part.functionResponse)) {
        const response = part.functionResponse;
        builder.toolResult({
          id: String(response.id ?? ""),
          name: optionalString(response.name),
          text: flattenToText(response.response),
        });
      } else if (isRecord(part.functionCall)) {
        builder.current("assistant").toolCalls.push({
          id: String(part.functionCall.id ?? ""),
          name: String(part.functionCall.name ?? ""),
          args: parseArgs(part.functionCall.args),
        });
      } else if (typeof part.text === "string") {
        if (part.thought === true) appendReasoning(builder.current(role), part.text);
        else appendText(builder.current(role), part.text);
      } else {
        appendText(builder.current(role), `[${Object.keys(part)[0] ?? "part"}]`);
      }
    }
  }
  const offered: NeutralTool[] = [];
  for (const tool of Array.isArray(body.tools) ? body.tools : []) {
    if (!isRecord(tool) || !Array.isArray(tool.functionDeclarations)) continue;
    for (const declaration of tool.functionDeclarations) {
      if (!isRecord(declaration)) continue;
      offered.push({
        name: String(declaration.name ?? ""),
        description: optionalString(declaration.description),
        parameters: declaration.parametersJsonSchema ?? declaration.parameters,
      });
    }
  }
  const toolChoice = parseToolChoice(body.toolConfig);
  const split = splitJsonResponseTool(offered, toolChoice !== undefined && toolChoice !== "auto");
  let responseFormat = split.responseFormat;
  const generation = isRecord(body.generationConfig) ? body.generationConfig : {};
  if (generation.responseMimeType === "application/json")
    responseFormat = {
      type: "json",
      via: "native",
      schema: generation.responseJsonSchema ?? generation.responseSchema,
    };
  return {
    wire: "google",
    model: route.model ?? "",
    stream: route.stream ?? false,
    system: partsText(body.systemInstruction),
    messages: builder.done(),
    tools: split.tools,
    toolChoice,
    responseFormat,
    maxTokens: typeof generation.maxOutputTokens === "number" ? generation.maxOutputTokens : undefined,
  };
}

function usageMetadata(turn: ResolvedResponse) {
  return {
    promptTokenCount: turn.usage.inputTokens,
    candidatesTokenCount: turn.usage.outputTokens,
    totalTokenCount: turn.usage.inputTokens + turn.usage.outputTokens,
  };
}

function functionCallParts(
  turn: ResolvedResponse,
  conversation: NeutralConversation,
  context: RenderContext,
) {
  return toolCallsOf(turn, conversation, context).map((call) => ({
    functionCall: { id: call.id, name: call.name, args: parseArgs(call.argsJson) },
  }));
}

export const googleAdapter: WireAdapter = {
  wire: "google",
  streamContentType: "text/event-stream",

  route(method, pathname) {
    const match =
      /^(?:\/v1beta|\/v1)?\/((?:models|tunedModels)\/[^/:]+):(generateContent|streamGenerateContent)$/.exec(
        pathname,
      );
    if (method !== "POST" || !match) return null;
    return {
      model: decodeURIComponent(match[1]!.replace(/^models\//, "")),
      stream: match[2] === "streamGenerateContent",
    };
  },

  parse: (raw, route) => parse(raw, route),

  buffered(turn, conversation, context) {
    const parts: Record<string, unknown>[] = [];
    if (turn.reasoning.length > 0) parts.push({ text: turn.reasoning.join(""), thought: true });
    const text = textChunksOf(turn, conversation);
    if (text.length > 0) parts.push({ text: text.join("") });
    parts.push(...functionCallParts(turn, conversation, context));
    return {
      candidates: [
        { content: { role: "model", parts }, finishReason: FINISH[finishOf(turn, conversation)], index: 0 },
      ],
      usageMetadata: usageMetadata(turn),
      modelVersion: conversation.model,
      responseId: context.nextId("resp"),
    };
  },

  stream(turn, conversation, context, partial = false) {
    const responseId = context.nextId("resp");
    const frames: Frame[] = [];
    const chunk = (parts: unknown[], final = false) =>
      frames.push(
        sseFrame({
          candidates: [
            {
              content: { role: "model", parts },
              ...(final ? { finishReason: FINISH[finishOf(turn, conversation)] } : {}),
              index: 0,
            },
          ],
          ...(final ? { usageMetadata: usageMetadata(turn) } : {}),
          modelVersion: conversation.model,
          responseId,
        }),
      );
    const groups: unknown[][] = [
      ...turn.reasoning.map((thought) => [{ text: thought, thought: true }]),
      ...textChunksOf(turn, conversation).map((text) => [{ text }]),
    ];
    if (partial) {
      for (const parts of groups) chunk(parts);
      return frames;
    }
    const calls = functionCallParts(turn, conversation, context);
    if (calls.length > 0) groups.push(calls);
    // Like the real API, the last chunk carries finishReason and usageMetadata along with its content.
    if (groups.length === 0) groups.push([{ text: "" }]);
    for (const [index, parts] of groups.entries()) chunk(parts, index === groups.length - 1);
    return frames;
  },

  invalidFrame() {
    return 'data: {"candidates": [{"content": {"parts": [{"text": \n\n';
  },

  error(status, message, code) {
    return { body: { error: { code: status, message, status: code ?? errorStatus(status) } } };
  },
};
