/**
 * Small builders for scenario turns, so scripts read like the conversation they stage.
 */
import type { ErrorTurn, MalformedTurn, ResponseTurn, ScriptedToolCall, TurnContext } from "./types";

/** A text answer; pass several strings to fix the stream chunks (joined for buffered responses). */
export function say(...chunks: string[]): ResponseTurn {
  return { text: chunks };
}

/** One or several tool calls (no text). */
export function callTools(...calls: ScriptedToolCall[]): ResponseTurn {
  return { toolCalls: calls };
}

/** A single tool call. */
export function callTool(name: string, args: unknown = {}, id?: string): ResponseTurn {
  return { toolCalls: [{ name, args, ...(id === undefined ? {} : { id }) }] };
}

/** A structured-output answer (the JSON object a judge or audit call returns). */
export function answerJson(value: unknown): ResponseTurn {
  return { json: value };
}

/** An HTTP error in the provider's error shape. */
export function httpError(status: number, message?: string, code?: string): ErrorTurn {
  return {
    kind: "error",
    status,
    ...(message === undefined ? {} : { message }),
    ...(code === undefined ? {} : { code }),
  };
}

/** A stream (or body) cut off after `text`. */
export function truncated(...text: string[]): MalformedTurn {
  return { kind: "malformed", mode: "truncate", text };
}

/** A frame (or body) that is not valid JSON, after `text`. */
export function invalidJson(...text: string[]): MalformedTurn {
  return { kind: "malformed", mode: "invalid-json", text };
}

/** Replies with the text of the latest tool result, so a test can see exactly what reached the model. */
export function echoLastToolResult(prefix = ""): (context: TurnContext) => ResponseTurn {
  return (context) => ({ text: `${prefix}${context.lastToolResult?.text ?? ""}` });
}

/** Replies with the latest user message. */
export function echoLastUserMessage(prefix = ""): (context: TurnContext) => ResponseTurn {
  return (context) => ({ text: `${prefix}${context.lastUserText}` });
}

/** Replies with the system prompt. */
export function echoSystemPrompt(prefix = ""): (context: TurnContext) => ResponseTurn {
  return (context) => ({ text: `${prefix}${context.conversation.system}` });
}
