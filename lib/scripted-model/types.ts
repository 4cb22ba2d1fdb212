/**
 * Provider-neutral shapes shared by the scenario engine and the wire-format adapters.
 *
 * A wire adapter turns a provider request into a `NeutralConversation`; the engine picks a scenario
 * and a turn for it; the adapter renders the `ResolvedTurn` back in the provider's own format.
 */

export type WireFormat = "openai-chat" | "openai-responses" | "anthropic" | "google" | "bedrock";

export const WIRE_FORMATS: readonly WireFormat[] = [
  "openai-chat",
  "openai-responses",
  "anthropic",
  "google",
  "bedrock",
];

export interface NeutralToolCall {
  id: string;
  name: string;
  /** Parsed arguments; the raw string when the arguments were not valid JSON. */
  args: unknown;
}

export interface NeutralToolResult {
  /** The id of the tool call this answers (empty when the wire format has none, e.g. Gemini without ids). */
  id: string;
  name?: string;
  /** The result flattened to text (text parts joined; structured output JSON-encoded). */
  text: string;
  isError?: boolean;
}

/**
 * One message of the conversation. Tool results always live in `role: "tool"` messages, whatever the
 * wire format carries them in (Anthropic/Bedrock user blocks, Gemini function parts, Responses items).
 */
export interface NeutralMessage {
  role: "user" | "assistant" | "tool";
  /** All text parts joined with "\n". */
  text: string;
  reasoning?: string;
  toolCalls: NeutralToolCall[];
  toolResults: NeutralToolResult[];
}

export interface NeutralTool {
  name: string;
  description?: string;
  parameters?: unknown;
}

export type NeutralToolChoice = "auto" | "none" | "required" | { tool: string };

export interface NeutralResponseFormat {
  type: "json";
  schema?: unknown;
  name?: string;
  /**
   * How the client asked: `native` (response_format / output_config / responseJsonSchema / text.format)
   * or `tool` (the AI SDK's fallback of a forced tool, usually named "json", whose input is the answer).
   */
  via: "native" | "tool";
  /** The tool to answer through when `via` is `tool`. */
  toolName?: string;
}

export interface NeutralConversation {
  wire: WireFormat;
  model: string;
  stream: boolean;
  /** All system / developer / instructions text joined with "\n". */
  system: string;
  messages: NeutralMessage[];
  /** Function tools offered (the AI SDK's JSON-response tool is not listed here, see responseFormat). */
  tools: NeutralTool[];
  toolChoice?: NeutralToolChoice;
  responseFormat?: NeutralResponseFormat;
  maxTokens?: number;
  /** OpenAI chat streaming only: `stream_options.include_usage` (the usage chunk is sent only when true). */
  includeUsage?: boolean;
}

export interface ScriptedToolCall {
  /** Defaults to a generated, deterministic id (`call_1`, `call_2`, … per server, cleared by reset()). */
  id?: string;
  name: string;
  /** An object (JSON-encoded on the wire) or an already-encoded string (sent as is, even if invalid). */
  args?: unknown;
}

export interface Usage {
  inputTokens: number;
  outputTokens: number;
}

/** A normal model answer: any mix of reasoning, text, tool calls and a structured JSON value. */
export interface ResponseTurn {
  kind?: "response";
  /** Reasoning / thinking text; an array gives the stream chunks. */
  reasoning?: string | string[];
  /** Answer text; an array gives the stream chunks (joined for buffered responses). */
  text?: string | string[];
  toolCalls?: ScriptedToolCall[];
  /**
   * A structured-output answer. Sent as the JSON text of the answer, or as the input of the JSON
   * response tool when the client asked for structured output through a tool.
   */
  json?: unknown;
  /** Splits the JSON text of `json` into this many stream chunks (default 1). */
  jsonChunks?: number;
  /** Defaults to "tool-calls" when there are tool calls, otherwise "stop". */
  finishReason?: "stop" | "length" | "tool-calls" | "content-filter";
  /** Defaults to an estimate (characters / 4). */
  usage?: Partial<Usage>;
  /** Wait before answering. */
  delayMs?: number;
  /** Wait between stream frames. */
  chunkDelayMs?: number;
}

/** An HTTP error in the provider's own error shape. */
export interface ErrorTurn {
  kind: "error";
  status: number;
  message?: string;
  /** Provider error type/code (e.g. "rate_limit_error"); a sensible one is derived from the status. */
  code?: string;
  /** Replaces the whole error body (sent as JSON). */
  body?: unknown;
  headers?: Record<string, string>;
  delayMs?: number;
}

/**
 * A broken answer. `truncate`: the stream (or buffered body) stops halfway and the connection is cut.
 * `invalid-json`: a frame (or the buffered body) that is not valid JSON, then a normal end.
 */
export interface MalformedTurn {
  kind: "malformed";
  mode: "truncate" | "invalid-json";
  /** Text streamed before the break (array = chunks). */
  text?: string | string[];
  delayMs?: number;
  chunkDelayMs?: number;
}

/** Only wait, then answer with `reply` (default: an empty text answer). Useful for timeout tests. */
export interface DelayTurn {
  kind: "delay";
  ms: number;
  reply?: ResponseTurn | ErrorTurn | MalformedTurn;
}

export type Turn = ResponseTurn | ErrorTurn | MalformedTurn | DelayTurn;

export interface TurnContext {
  conversation: NeutralConversation;
  scenario: string;
  /** The turn being played (0-based). */
  turnIndex: number;
  /** How many requests this scenario has answered before this one (since the last reset). */
  callIndex: number;
  /** Text of the latest user message ("" if none). */
  lastUserText: string;
  /** The latest tool result in the conversation, if any. */
  lastToolResult?: NeutralToolResult;
}

export type TurnSource = Turn | ((context: TurnContext) => Turn);

export interface Scenario {
  name: string;
  /**
   * Selects the scenario when found in the system prompt or the latest user message (see `where`).
   * Defaults to the marker `[[scenario:<name>]]` unless `match` is given.
   */
  trigger?: string | RegExp;
  /** Where the trigger is looked for; default "either" (system prompt first, then the latest user message). */
  where?: "system" | "user" | "either";
  /** Selects the scenario by a predicate over the conversation (tried with the system-prompt pass). */
  match?: (conversation: NeutralConversation) => boolean;
  turns: TurnSource[];
  /**
   * How the turn is chosen. `conversation` (default): by the number of assistant messages after the
   * latest user message, so turn 0 answers the user, turn 1 answers the first tool result, …
   * `calls`: by how many requests this scenario has already answered (for judge/audit calls whose
   * conversation never grows).
   */
  advance?: "conversation" | "calls";
  /** Played once the turns are used up. Default: a short text saying the script is over. */
  whenExhausted?: TurnSource;
}

export interface ResolvedToolCall {
  id: string;
  name: string;
  /** The JSON text sent on the wire. */
  argsJson: string;
}

export interface ResolvedResponse {
  kind: "response";
  reasoning: string[];
  text: string[];
  toolCalls: ResolvedToolCall[];
  /** JSON text of a structured answer (sent through the JSON tool when the request asked that way). */
  json?: { text: string; chunks: string[] };
  finishReason: "stop" | "length" | "tool-calls" | "content-filter";
  usage: Usage;
  delayMs: number;
  chunkDelayMs: number;
}

export interface ResolvedError {
  kind: "error";
  status: number;
  message: string;
  code?: string;
  body?: unknown;
  headers?: Record<string, string>;
  delayMs: number;
}

export interface ResolvedMalformed {
  kind: "malformed";
  mode: "truncate" | "invalid-json";
  text: string[];
  delayMs: number;
  chunkDelayMs: number;
}

export type ResolvedTurn = ResolvedResponse | ResolvedError | ResolvedMalformed;

export interface Resolution {
  scenario: string | null;
  turnIndex: number | null;
  turn: ResolvedTurn;
}
