/**
 * What the guard proxy needs from a wire protocol (OpenAI chat completions, Anthropic messages). The
 * adapters are pure: they read and rewrite request and response bodies (plain JSON objects, unknown
 * fields kept), render synthetic bodies and streams, and filter an upstream stream event by event.
 */

import type { ScaffoldingStripEvent } from "@/lib/guards/scaffolding";
import type { AgentTool } from "@/lib/tools/agent-tool";
import type { ToolCallResult } from "@/lib/tools/tool-batch";
import type { ProxyConfig } from "../proxy-config";
import type { SseEvent } from "../sse";

export type ProtocolName = "openai" | "anthropic";
export type JsonObject = Record<string, unknown>;

export interface TokenUsage {
  input: number;
  output: number;
}

export const ZERO_USAGE: TokenUsage = Object.freeze({ input: 0, output: 0 });

export function addUsage(left: TokenUsage, right: TokenUsage | null): TokenUsage {
  return right ? { input: left.input + right.input, output: left.output + right.output } : left;
}

/** A tool call the model made, as the proxy reads it. */
export interface ReplyToolCall {
  id: string;
  name: string;
  /** Parsed arguments (the raw text when they are not JSON). */
  args: unknown;
  /** Arguments as JSON text (events). */
  argsText: string;
  /** Set when the arguments are not valid JSON. */
  invalidReason?: string;
}

/** What one model reply said, for the guards and the run events. */
export interface ReplySummary {
  /** Visible text (after the scaffolding filter when it ran). */
  text: string;
  reasoningChars: number;
  toolCalls: ReplyToolCall[];
  finishReason: string;
  usage: TokenUsage | null;
}

/** What the quarantine did to the incoming conversation's tool results. */
export interface IncomingScan {
  /** Tool-result messages (OpenAI) or blocks (Anthropic) that passed the quarantine. */
  scanned: number;
  quarantinedSegments: { count: number; previews: string[] };
}

/** The outcome of the scaffolding filter on a buffered reply. */
export interface StripOutcome {
  strippedChars: number;
  strips: ScaffoldingStripEvent[];
}

/** Filters one upstream stream (one model reply) for the caller. */
export interface StreamRelay {
  /** Consumes one upstream event; returns the frames to send now (held back until the reply commits). */
  push(event: SseEvent): string[];
  /** The upstream ended: the frames still held (send them unless the reply is recovered). */
  end(): string[];
  /** True once visible text or a tool call went out: from then on, frames flow through. */
  readonly committed: boolean;
  summary(): ReplySummary & StripOutcome;
}

export interface RelayOptions {
  filterEnabled: boolean;
  /** Usage of earlier, discarded replies of this request (a recovered reply): added to the reported usage. */
  carriedUsage: TokenUsage;
}

export interface ProxyProtocol {
  readonly name: ProtocolName;
  /** Upstream endpoint URL. */
  upstreamUrl(config: ProxyConfig): string;
  /** Keel's configured credential for this upstream. */
  keelApiKey(config: ProxyConfig): string | null;
  /** Headers for the upstream request: the credential and the protocol headers worth forwarding. */
  upstreamHeaders(incoming: Headers, apiKey: string): Headers;
  /** Checks the minimum the proxy relies on (an object with a `messages` array, a `model`); throws ProxyError. */
  validateRequest(body: JsonObject): void;
  isStream(body: JsonObject): boolean;
  /** OpenAI `stream_options.include_usage`; always true for Anthropic (usage is part of its stream). */
  includeUsage(body: JsonObject): boolean;
  model(body: JsonObject): string;
  toolCount(body: JsonObject): number;
  /** System prompt and first user message as text: the conversation's identity for run grouping. */
  conversationSeed(body: JsonObject): string;
  /** True when the request opens a conversation (one user message, nothing else besides system). */
  isConversationStart(body: JsonObject): boolean;
  /** Quarantines the tool results of the incoming conversation in place. */
  quarantineIncoming(body: JsonObject, enabled: boolean): IncomingScan;
  /** Adds the managed tools (replacing caller tools of the same name). */
  addTools(body: JsonObject, tools: readonly AgentTool[]): void;
  /** Withdraws tools for one request (tool_choice none) and folds `line` into the system prompt. */
  prepareToolless(body: JsonObject, line: string): void;
  /** Drops caller messages that are empty assistant turns (the synthetic terminal echoed back) at `index`. */
  dropEmptyAssistantAt(messages: JsonObject[], index: number): boolean;
  /** Reads a buffered reply. */
  readReply(response: JsonObject): ReplySummary;
  /** Runs the scaffolding filter over a buffered reply's text in place. */
  stripReply(response: JsonObject, enabled: boolean): StripOutcome;
  /** The messages one mediated round adds to the conversation: the assistant turn and the tool results. */
  roundMessages(response: JsonObject, results: readonly ToolCallResult[]): JsonObject[];
  /** Replaces a buffered reply's usage with `usage` (aggregate of all rounds). */
  setUsage(response: JsonObject, usage: TokenUsage): void;
  /** cllama's protocol-valid empty terminal (buffered). */
  terminalResponse(model: string, usage: TokenUsage, now: number): JsonObject;
  /** Renders a buffered reply as the caller's stream (synthetic streaming). */
  renderStream(response: JsonObject, includeUsage: boolean): string[];
  /** A proxy-authored error body. */
  errorBody(status: number, kind: string, message: string): JsonObject;
  /** An error frame inside a stream that already started. */
  streamErrorFrame(kind: string, message: string): string;
  createRelay(options: RelayOptions): StreamRelay;
}

/** Parses JSON tool arguments; invalid JSON keeps the text and sets `invalidReason`. */
export function parseToolArguments(raw: unknown): Pick<ReplyToolCall, "args" | "argsText" | "invalidReason"> {
  if (typeof raw !== "string") {
    const argsText = JSON.stringify(raw ?? {}) ?? "{}";
    return { args: raw ?? {}, argsText };
  }
  if (raw.trim() === "") return { args: {}, argsText: "{}" };
  try {
    return { args: JSON.parse(raw), argsText: raw };
  } catch (error) {
    return {
      args: raw,
      argsText: raw,
      invalidReason: `The arguments are not valid JSON: ${(error as Error).message.slice(0, 200)}. Call the tool again with a JSON object.`,
    };
  }
}

export function isRecord(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Copies the named headers from the caller's request when present. */
export function forwardHeaders(incoming: Headers, names: readonly string[], target: Headers): void {
  for (const name of names) {
    const value = incoming.get(name);
    if (value !== null) target.set(name, value);
  }
}
