import { describe, expect, it } from "vitest";
import { createScenarioEngine, DEFAULT_REPLY, scenarioMarker, selectScenario, splitEvenly } from "./engine";
import {
  answerJson,
  callTool,
  echoLastToolResult,
  echoLastUserMessage,
  echoSystemPrompt,
  httpError,
  say,
} from "./turns";
import type { NeutralConversation, NeutralMessage, ResolvedResponse, Scenario } from "./types";

function user(text: string): NeutralMessage {
  return { role: "user", text, toolCalls: [], toolResults: [] };
}
function assistantCall(id: string, name: string): NeutralMessage {
  return { role: "assistant", text: "", toolCalls: [{ id, name, args: {} }], toolResults: [] };
}
function toolResult(id: string, text: string): NeutralMessage {
  return { role: "tool", text: "", toolCalls: [], toolResults: [{ id, text }] };
}
function conversation(
  messages: NeutralMessage[],
  extra: Partial<NeutralConversation> = {},
): NeutralConversation {
  return { wire: "openai-chat", model: "m", stream: false, system: "", messages, tools: [], ...extra };
}
function response(turn: unknown): ResolvedResponse {
  expect(turn).toMatchObject({ kind: "response" });
  return turn as ResolvedResponse;
}

describe("selectScenario", () => {
  const scenarios: Scenario[] = [
    { name: "judge", where: "system", turns: [] },
    { name: "injected-fetch", turns: [] },
    { name: "by-regex", trigger: /please\s+fail/i, turns: [] },
    { name: "by-match", match: (c) => c.tools.some((tool) => tool.name === "special"), turns: [] },
  ];

  it("finds the marker in the latest user message only", () => {
    expect(
      selectScenario(scenarios, conversation([user(`hi ${scenarioMarker("injected-fetch")}`)]))?.name,
    ).toBe("injected-fetch");
    expect(
      selectScenario(
        scenarios,
        conversation([user(scenarioMarker("injected-fetch")), user("and now plain")]),
      ),
    ).toBeUndefined();
  });

  it("prefers a system-prompt trigger over a user marker the judge call quotes", () => {
    const judged = conversation([user(`transcript: ${scenarioMarker("injected-fetch")}`)], {
      system: `Judge this. ${scenarioMarker("judge")}`,
    });
    expect(selectScenario(scenarios, judged)?.name).toBe("judge");
  });

  it("honours where: system", () => {
    expect(selectScenario(scenarios, conversation([user(scenarioMarker("judge"))]))).toBeUndefined();
  });

  it("supports regex triggers and match functions", () => {
    expect(selectScenario(scenarios, conversation([user("Please   FAIL now")]))?.name).toBe("by-regex");
    expect(selectScenario(scenarios, conversation([user("x")], { tools: [{ name: "special" }] }))?.name).toBe(
      "by-match",
    );
  });
});

describe("createScenarioEngine", () => {
  const scenarios: Scenario[] = [
    {
      name: "fetch",
      turns: [callTool("web_fetch", { url: "https://x.test" }), echoLastToolResult("saw: ")],
    },
    {
      name: "judge",
      where: "system",
      advance: "calls",
      turns: [answerJson({ ok: true }), answerJson({ ok: false })],
    },
    { name: "broken", turns: [httpError(503, "down"), { kind: "delay", ms: 5, reply: say("late") }] },
    { name: "echo", turns: [echoLastUserMessage("you said: ")], whenExhausted: say("bye") },
    { name: "sys", turns: [echoSystemPrompt("sys=")] },
  ];

  it("plays turns by how far the conversation has got", () => {
    const engine = createScenarioEngine({ scenarios });
    const start = [user(`go ${scenarioMarker("fetch")}`)];
    const first = engine.resolve(conversation(start));
    expect(first).toMatchObject({ scenario: "fetch", turnIndex: 0 });
    const call = response(first.turn).toolCalls[0]!;
    expect(call).toEqual({ id: "call_1", name: "web_fetch", argsJson: '{"url":"https://x.test"}' });
    expect(response(first.turn).finishReason).toBe("tool-calls");

    const second = engine.resolve(
      conversation([...start, assistantCall(call.id, "web_fetch"), toolResult(call.id, "BODY")]),
    );
    expect(second).toMatchObject({ scenario: "fetch", turnIndex: 1 });
    expect(response(second.turn).text).toEqual(["saw: BODY"]);
    expect(response(second.turn).finishReason).toBe("stop");
  });

  it("restarts the turn count at every new user message", () => {
    const engine = createScenarioEngine({ scenarios });
    const history = [
      user("earlier"),
      assistantCall("a", "x"),
      toolResult("a", "r"),
      { ...user(""), role: "assistant" as const, text: "done" },
      user(`again ${scenarioMarker("fetch")}`),
    ];
    expect(engine.resolve(conversation(history)).turnIndex).toBe(0);
  });

  it("advances by calls for judge scenarios and plays whenExhausted afterwards", () => {
    const engine = createScenarioEngine({ scenarios });
    const judge = conversation([user("t")], { system: scenarioMarker("judge") });
    expect(response(engine.resolve(judge).turn).json?.text).toBe('{"ok":true}');
    expect(response(engine.resolve(judge).turn).json?.text).toBe('{"ok":false}');
    const third = engine.resolve(judge);
    expect(third.turnIndex).toBe(2);
    expect(response(third.turn).text.join("")).toContain("has no turn 3");
    engine.reset();
    expect(response(engine.resolve(judge).turn).json?.text).toBe('{"ok":true}');

    const echo = [user(`hello ${scenarioMarker("echo")}`)];
    expect(response(engine.resolve(conversation(echo)).turn).text).toEqual([
      `you said: hello ${scenarioMarker("echo")}`,
    ]);
    const after = engine.resolve(conversation([...echo, assistantCall("c", "t"), toolResult("c", "x")]));
    expect(response(after.turn).text).toEqual(["bye"]);
  });

  it("resolves errors and delays", () => {
    const engine = createScenarioEngine({ scenarios });
    const start = [user(scenarioMarker("broken"))];
    expect(engine.resolve(conversation(start)).turn).toEqual({
      kind: "error",
      status: 503,
      message: "down",
      code: undefined,
      body: undefined,
      headers: undefined,
      delayMs: 0,
    });
    const delayed = response(
      engine.resolve(conversation([...start, assistantCall("c", "t"), toolResult("c", "x")])).turn,
    );
    expect(delayed.delayMs).toBe(5);
    expect(delayed.text).toEqual(["late"]);
  });

  it("falls back to a plain answer, or {} when structured output was asked for", () => {
    const engine = createScenarioEngine({ scenarios });
    expect(engine.resolve(conversation([user("hi")]))).toMatchObject({ scenario: null, turnIndex: null });
    expect(response(engine.resolve(conversation([user("hi")])).turn).text).toEqual([DEFAULT_REPLY]);
    const json = engine.resolve(
      conversation([user("hi")], { responseFormat: { type: "json", via: "native" } }),
    );
    expect(response(json.turn).json?.text).toBe("{}");
    const custom = createScenarioEngine({ scenarios, fallback: say("custom") });
    expect(response(custom.resolve(conversation([user("hi")])).turn).text).toEqual(["custom"]);
  });

  it("echoes the system prompt and estimates usage", () => {
    const engine = createScenarioEngine({ scenarios });
    const turn = response(
      engine.resolve(conversation([user("q")], { system: `Be terse. ${scenarioMarker("sys")}` })).turn,
    );
    expect(turn.text).toEqual([`sys=Be terse. ${scenarioMarker("sys")}`]);
    expect(turn.usage.inputTokens).toBeGreaterThan(0);
    expect(turn.usage.outputTokens).toBe(Math.ceil(turn.text[0]!.length / 4));
  });

  it("keeps raw string tool arguments as they are (even when invalid)", () => {
    const engine = createScenarioEngine({
      scenarios: [{ name: "raw", turns: [{ toolCalls: [{ id: "x", name: "t", args: '{"broken' }] }] }],
    });
    const turn = response(engine.resolve(conversation([user(scenarioMarker("raw"))])).turn);
    expect(turn.toolCalls).toEqual([{ id: "x", name: "t", argsJson: '{"broken' }]);
  });
});

describe("splitEvenly", () => {
  it("splits into the requested number of pieces that join back", () => {
    expect(splitEvenly("abcdefg", 3)).toEqual(["abc", "def", "g"]);
    expect(splitEvenly("ab", 5).join("")).toBe("ab");
    expect(splitEvenly("", 3)).toEqual([""]);
  });
});
