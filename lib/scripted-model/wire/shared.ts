/**
 * What every wire adapter implements, plus the small parsing helpers they share.
 */
import type {
  NeutralConversation,
  NeutralMessage,
  NeutralResponseFormat,
  NeutralTool,
  NeutralToolCall,
  NeutralToolResult,
  ResolvedResponse,
  WireFormat,
} from "../types";

/** A request the provider would reject with 400; rendered in the provider's error shape. */
export class BadRequestError extends Error {}

export interface RouteMatch {
  model?: string;
  stream?: boolean;
}

export interface RenderContext {
  /** Unique, deterministic ids per server: `${prefix}_${n}`. */
  nextId(prefix: string): string;
  /** Unix seconds. */
  now(): number;
  /** Responses API items the server emitted, so `item_reference` inputs can be resolved. */
  items: Map<string, NeutralMessage>;
}

export type Frame = string | Uint8Array;

export interface WireAdapter {
  wire: WireFormat;
  /** Whether this adapter serves the request, and what the path says (Gemini/Bedrock carry model and streaming in it). */
  route(method: string, pathname: string, search: URLSearchParams): RouteMatch | null;
  parse(body: unknown, route: RouteMatch, context: RenderContext): NeutralConversation;
  buffered(turn: ResolvedResponse, conversation: NeutralConversation, context: RenderContext): unknown;
  /** The stream frames; `partial` leaves out everything after the content (for truncated streams). */
  stream(
    turn: ResolvedResponse,
    conversation: NeutralConversation,
    context: RenderContext,
    partial?: boolean,
  ): Frame[];
  streamContentType: string;
  /** A frame whose payload is not valid JSON. */
  invalidFrame(): Frame;
  error(status: number, message: string, code?: string): { body: unknown; headers?: Record<string, string> };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function requireRecord(value: unknown, what: string): Record<string, unknown> {
  if (!isRecord(value)) throw new BadRequestError(`${what} must be a JSON object.`);
  return value;
}

export function requireArray(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new BadRequestError(`${what} must be an array.`);
  return value;
}

export function optionalString(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

export function parseArgs(raw: unknown): unknown {
  if (typeof raw !== "string") return raw ?? {};
  if (raw.trim() === "") return {};
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** Flattens any tool-result payload to text: strings as is, text parts joined, `{content}` unwrapped, else JSON. */
export function flattenToText(value: unknown): string {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(flattenToText).join("\n");
  if (isRecord(value)) {
    if (typeof value.text === "string") return value.text;
    if ("json" in value) return JSON.stringify(value.json);
    if ("content" in value && Object.keys(value).every((key) => key === "content" || key === "name"))
      return flattenToText(value.content);
  }
  return value === undefined ? "" : JSON.stringify(value);
}

export function emptyMessage(role: NeutralMessage["role"]): NeutralMessage {
  return { role, text: "", toolCalls: [], toolResults: [] };
}

export function appendText(message: NeutralMessage, text: string): void {
  message.text = message.text === "" ? text : `${message.text}\n${text}`;
}

export function appendReasoning(message: NeutralMessage, text: string): void {
  message.reasoning = message.reasoning ? `${message.reasoning}\n${text}` : text;
}

/**
 * Builds the message list incrementally, merging consecutive parts of the same role
 * (e.g. a Responses `function_call` item after an assistant text item belongs to the same message).
 */
export class MessageBuilder {
  readonly messages: NeutralMessage[] = [];
  private boundary = false;

  /** Marks the start of a provider message: the next part opens a new neutral message. */
  begin(): void {
    this.boundary = true;
  }

  /** The message parts of `role` go to: the last one if it has that role and no boundary came since. */
  current(role: NeutralMessage["role"]): NeutralMessage {
    const last = this.messages[this.messages.length - 1];
    if (last && last.role === role && !this.boundary) return last;
    this.boundary = false;
    const message = emptyMessage(role);
    this.messages.push(message);
    return message;
  }

  text(role: "user" | "assistant", text: string): void {
    appendText(this.current(role), text);
  }

  toolCall(call: NeutralToolCall): void {
    this.current("assistant").toolCalls.push(call);
  }

  toolResult(result: NeutralToolResult): void {
    this.current("tool").toolResults.push(result);
  }

  /** Drops messages that ended up empty. */
  done(): NeutralMessage[] {
    return this.messages.filter(
      (message) =>
        message.text !== "" ||
        message.reasoning ||
        message.toolCalls.length > 0 ||
        message.toolResults.length > 0,
    );
  }
}

const JSON_TOOL_NAME = /^json(_\d+)?$/;

/**
 * Recognizes the AI SDK's structured-output fallback: a forced function tool named "json" (or
 * "json_1"…) described "Respond with a JSON object.". Returns the real tools and the response format.
 */
export function splitJsonResponseTool(
  tools: NeutralTool[],
  forced: boolean,
): { tools: NeutralTool[]; responseFormat?: NeutralResponseFormat } {
  if (!forced) return { tools };
  const jsonTool = tools.find(
    (tool) => JSON_TOOL_NAME.test(tool.name) && tool.description?.startsWith("Respond with a JSON object"),
  );
  if (!jsonTool) return { tools };
  return {
    tools: tools.filter((tool) => tool !== jsonTool),
    responseFormat: { type: "json", schema: jsonTool.parameters, via: "tool", toolName: jsonTool.name },
  };
}

/** `data: <json>\n\n`, optionally preceded by `event: <name>`. */
export function sseFrame(data: unknown, event?: string): string {
  const payload = typeof data === "string" ? data : JSON.stringify(data);
  return `${event ? `event: ${event}\n` : ""}data: ${payload}\n\n`;
}

/** The answer's text as it goes on the wire: the JSON text of a structured answer counts as text. */
export function textChunksOf(turn: ResolvedResponse, conversation: NeutralConversation): string[] {
  const useJsonTool = turn.json && conversation.responseFormat?.via === "tool";
  if (turn.json && !useJsonTool) return [...turn.text, ...turn.json.chunks];
  return turn.text;
}

/** Tool calls on the wire, including the JSON response tool when the request asked for it. */
export function toolCallsOf(
  turn: ResolvedResponse,
  conversation: NeutralConversation,
  context: RenderContext,
): ResolvedResponse["toolCalls"] {
  const format = conversation.responseFormat;
  if (turn.json && format?.via === "tool")
    return [
      ...turn.toolCalls,
      { id: context.nextId("call"), name: format.toolName ?? "json", argsJson: turn.json.text },
    ];
  return turn.toolCalls;
}

/** The finish reason on the wire: a JSON-tool answer ends with a tool call, as the real API would. */
export function finishOf(
  turn: ResolvedResponse,
  conversation: NeutralConversation,
): ResolvedResponse["finishReason"] {
  if (turn.json && conversation.responseFormat?.via === "tool") return "tool-calls";
  return turn.finishReason;
}
