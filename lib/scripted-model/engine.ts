/**
 * The scenario engine: picks the scenario a conversation triggers and the turn it has reached, and
 * resolves that turn (functions called, defaults filled in, ids assigned). Knows nothing about wire formats.
 */
import type {
  DelayTurn,
  NeutralConversation,
  NeutralToolResult,
  Resolution,
  ResolvedToolCall,
  ResolvedTurn,
  Scenario,
  Turn,
  TurnContext,
  TurnSource,
} from "./types";

export const DEFAULT_REPLY =
  "Scripted model: no scenario matched this request, so here is a short plain answer.";

/** The conventional trigger for a scenario: put it in the user message or the system prompt. */
export function scenarioMarker(name: string): string {
  return `[[scenario:${name}]]`;
}

export interface ScenarioEngineOptions {
  scenarios: readonly Scenario[];
  /** Played when no scenario matches. Default: DEFAULT_REPLY (or `{}` when structured output was asked for). */
  fallback?: TurnSource;
}

export interface ScenarioEngine {
  resolve(conversation: NeutralConversation): Resolution;
  /** Forgets call counters and the tool-call id sequence. */
  reset(): void;
}

export function latestUserText(conversation: NeutralConversation): string {
  for (let i = conversation.messages.length - 1; i >= 0; i--) {
    const message = conversation.messages[i]!;
    if (message.role === "user") return message.text;
  }
  return "";
}

export function latestToolResult(conversation: NeutralConversation): NeutralToolResult | undefined {
  for (let i = conversation.messages.length - 1; i >= 0; i--) {
    const results = conversation.messages[i]!.toolResults;
    if (results.length > 0) return results[results.length - 1];
  }
  return undefined;
}

/** Number of assistant messages after the latest user message: 0 when answering the user. */
export function conversationTurnIndex(conversation: NeutralConversation): number {
  let count = 0;
  for (let i = conversation.messages.length - 1; i >= 0; i--) {
    const message = conversation.messages[i]!;
    if (message.role === "user") break;
    if (message.role === "assistant") count++;
  }
  return count;
}

function contains(haystack: string, trigger: string | RegExp): boolean {
  if (typeof trigger === "string") return haystack.includes(trigger);
  trigger.lastIndex = 0;
  return trigger.test(haystack);
}

/**
 * System-prompt triggers and match functions are tried first (table order), then the latest user
 * message, so a judge call scripted by its system prompt is not captured by a user marker it quotes.
 */
export function selectScenario(
  scenarios: readonly Scenario[],
  conversation: NeutralConversation,
): Scenario | undefined {
  const userText = latestUserText(conversation);
  const triggerOf = (scenario: Scenario) =>
    scenario.trigger ?? (scenario.match ? undefined : scenarioMarker(scenario.name));
  for (const scenario of scenarios) {
    if (scenario.match?.(conversation)) return scenario;
    const trigger = triggerOf(scenario);
    if (trigger !== undefined && scenario.where !== "user" && contains(conversation.system, trigger))
      return scenario;
  }
  for (const scenario of scenarios) {
    const trigger = triggerOf(scenario);
    if (trigger !== undefined && scenario.where !== "system" && contains(userText, trigger)) return scenario;
  }
  return undefined;
}

function estimateTokens(chars: number): number {
  return Math.max(1, Math.ceil(chars / 4));
}

function conversationChars(conversation: NeutralConversation): number {
  let chars = conversation.system.length;
  for (const message of conversation.messages) {
    chars += message.text.length + (message.reasoning?.length ?? 0);
    for (const call of message.toolCalls) chars += call.name.length + JSON.stringify(call.args ?? "").length;
    for (const result of message.toolResults) chars += result.text.length;
  }
  return chars;
}

function asChunks(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).filter((chunk) => chunk.length > 0);
}

/** Splits text into `count` nearly equal pieces (at least one). */
export function splitEvenly(text: string, count: number): string[] {
  const pieces = Math.max(1, Math.min(count, text.length || 1));
  const size = Math.ceil(text.length / pieces);
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
  return chunks.length > 0 ? chunks : [text];
}

export function createScenarioEngine(options: ScenarioEngineOptions): ScenarioEngine {
  const calls = new Map<string, number>();
  let nextToolCallId = 1;

  function resolveTurn(turn: Turn, conversation: NeutralConversation, extraDelay = 0): ResolvedTurn {
    switch (turn.kind) {
      case "delay": {
        const delay = turn as DelayTurn;
        return resolveTurn(delay.reply ?? { text: "" }, conversation, extraDelay + delay.ms);
      }
      case "error":
        return {
          kind: "error",
          status: turn.status,
          message: turn.message ?? `Scripted error ${turn.status}`,
          code: turn.code,
          body: turn.body,
          headers: turn.headers,
          delayMs: extraDelay + (turn.delayMs ?? 0),
        };
      case "malformed":
        return {
          kind: "malformed",
          mode: turn.mode,
          text: asChunks(turn.text),
          delayMs: extraDelay + (turn.delayMs ?? 0),
          chunkDelayMs: turn.chunkDelayMs ?? 0,
        };
      default: {
        const toolCalls: ResolvedToolCall[] = (turn.toolCalls ?? []).map((call) => ({
          id: call.id ?? `call_${nextToolCallId++}`,
          name: call.name,
          argsJson: typeof call.args === "string" ? call.args : JSON.stringify(call.args ?? {}),
        }));
        const text = asChunks(turn.text);
        const reasoning = asChunks(turn.reasoning);
        let json: { text: string; chunks: string[] } | undefined;
        if (turn.json !== undefined) {
          const jsonText = JSON.stringify(turn.json);
          json = { text: jsonText, chunks: splitEvenly(jsonText, turn.jsonChunks ?? 1) };
        }
        const outputChars =
          text.join("").length +
          reasoning.join("").length +
          (json?.text.length ?? 0) +
          toolCalls.reduce((sum, call) => sum + call.name.length + call.argsJson.length, 0);
        return {
          kind: "response",
          reasoning,
          text,
          toolCalls,
          json,
          finishReason: turn.finishReason ?? (toolCalls.length > 0 ? "tool-calls" : "stop"),
          usage: {
            inputTokens: turn.usage?.inputTokens ?? estimateTokens(conversationChars(conversation)),
            outputTokens: turn.usage?.outputTokens ?? estimateTokens(outputChars),
          },
          delayMs: extraDelay + (turn.delayMs ?? 0),
          chunkDelayMs: turn.chunkDelayMs ?? 0,
        };
      }
    }
  }

  function materialize(source: TurnSource, context: TurnContext): Turn {
    return typeof source === "function" ? source(context) : source;
  }

  return {
    resolve(conversation) {
      const scenario = selectScenario(options.scenarios, conversation);
      const lastUserText = latestUserText(conversation);
      const lastToolResult = latestToolResult(conversation);
      if (!scenario) {
        const fallback: TurnSource =
          options.fallback ?? (conversation.responseFormat ? { json: {} } : { text: DEFAULT_REPLY });
        const context: TurnContext = {
          conversation,
          scenario: "",
          turnIndex: 0,
          callIndex: 0,
          lastUserText,
          lastToolResult,
        };
        return {
          scenario: null,
          turnIndex: null,
          turn: resolveTurn(materialize(fallback, context), conversation),
        };
      }
      const callIndex = calls.get(scenario.name) ?? 0;
      calls.set(scenario.name, callIndex + 1);
      const turnIndex = scenario.advance === "calls" ? callIndex : conversationTurnIndex(conversation);
      const context: TurnContext = {
        conversation,
        scenario: scenario.name,
        turnIndex,
        callIndex,
        lastUserText,
        lastToolResult,
      };
      const source: TurnSource = scenario.turns[turnIndex] ??
        scenario.whenExhausted ?? {
          text: `Scripted scenario "${scenario.name}" has no turn ${turnIndex + 1}.`,
        };
      return {
        scenario: scenario.name,
        turnIndex,
        turn: resolveTurn(materialize(source, context), conversation),
      };
    },
    reset() {
      calls.clear();
      nextToolCallId = 1;
    },
  };
}
