/**
 * Run finalization end to end through the scripted model server over real HTTP: the real agent loop, the
 * real continuation and the real judge call (structured output), for each judge mode x judge outcome, the
 * gating cases, the silent sentinels and the breaker. Every call-count bound is proven from the fake
 * server's request log: at most two judge requests and one continuation per run, none when the mode is
 * off or the gating says no.
 */
import { describe, expect, it } from "vitest";
import { createTodoUpdateTool } from "@/lib/agent/tools/builtin/agent-todo-update";
import { createTodoStore } from "@/lib/agent/tools/builtin/todo-store";
import {
  createCircuitBreaker,
  JUDGE_CONTINUATION_LEAD,
  JUDGE_SYSTEM_PROMPT_CUE,
  TODO_CONTINUATION_LEAD,
} from "@/lib/guards/completion";
import type { RunEventData, RunKind } from "@/lib/schemas/runs";
import { DEFAULT_RUNTIME_FLAGS, type RuntimeFlags } from "@/lib/schemas/settings";
import { type AgentTool, toolError, toolSuccess } from "@/lib/tools/agent-tool";
import {
  answerJson,
  httpError,
  type NeutralConversation,
  type RequestLogEntry,
  type ResponseTurn,
  SCRIPTED_PROVIDERS,
  type Scenario,
  say,
  scenarioMarker,
  scriptedProvider,
  type Turn,
  type TurnContext,
  useScriptedModelServer,
} from "@/tests/fixtures/fake-model-servers";
import { runAgentLoop } from "../loop";
import { createCompletionJudge } from "./completion-judge";
import { createLoopContinuation } from "./continue-agent-loop";
import { type FinalizationResult, finalizeRun } from "./finalize-run";

const firstUserText = (conversation: NeutralConversation) =>
  conversation.messages.find((message) => message.role === "user")?.text ?? "";
const isJudgeRequest = (conversation: NeutralConversation | null) =>
  conversation?.responseFormat !== undefined &&
  (conversation?.system.includes(JUDGE_SYSTEM_PROMPT_CUE) ?? false);
/** Calls of `name` the model already made (tool results carry no name on every wire format). */
const resultsOf = (context: TurnContext, name: string) =>
  context.conversation.messages.flatMap((message) => message.toolCalls).filter((call) => call.name === name)
    .length;
const isContinuation = (context: TurnContext) =>
  context.lastUserText.startsWith(TODO_CONTINUATION_LEAD) ||
  context.lastUserText.startsWith(JUDGE_CONTINUATION_LEAD);

function taskScenario(name: string, play: (context: TurnContext) => ResponseTurn): Scenario {
  return {
    name,
    match: (conversation) =>
      !isJudgeRequest(conversation) && firstUserText(conversation).includes(scenarioMarker(name)),
    turns: [play],
    whenExhausted: play,
  };
}

/** What the judge answers, call by call (set per test; the last entry repeats). */
let judgeScript: Turn[] = [];

const obligation = (status: string, evidence: string[], text = "Send the report") => ({
  text,
  status,
  evidence,
});
const JUDGE = {
  complete: answerJson({
    obligations: [obligation("satisfied", ["tool-01"])],
    verdict: "complete",
    next_operation: "",
  }),
  incomplete: answerJson({
    obligations: [
      obligation("unsatisfied", ["tool-01"]),
      obligation("satisfied", ["tool-01"], "Fetch the numbers"),
    ],
    verdict: "incomplete",
    next_operation: "Call send_report with the numbers.",
  }),
  blocked: answerJson({
    obligations: [obligation("blocked", ["tool-01"])],
    verdict: "blocked",
    next_operation: "",
  }),
  invalidJson: say("The run looks complete to me."),
  providerError: httpError(500, "judge backend down"),
  unsupportedId: answerJson({
    obligations: [obligation("satisfied", ["send-07"])],
    verdict: "complete",
    next_operation: "",
  }),
} satisfies Record<string, Turn>;

const SCENARIOS: Scenario[] = [
  {
    name: "judge",
    match: isJudgeRequest,
    advance: "calls",
    turns: [(context) => judgeScript[context.callIndex] ?? judgeScript.at(-1) ?? JUDGE.complete],
    whenExhausted: (context) => judgeScript[context.callIndex] ?? judgeScript.at(-1) ?? JUDGE.complete,
  },
  // fetch the numbers, then answer; the judge's continuation sends the report
  taskScenario("work", (context) => {
    if (resultsOf(context, "fetch_numbers") === 0)
      return { toolCalls: [{ name: "fetch_numbers", args: {} }] };
    if (context.lastUserText.startsWith(JUDGE_CONTINUATION_LEAD) && resultsOf(context, "send_report") === 0)
      return { toolCalls: [{ name: "send_report", args: { to: "team" } }] };
    return resultsOf(context, "send_report") > 0 ? say("Report sent after the check.") : say("Report sent.");
  }),
  // a mutating tool fails; the model claims success anyway
  taskScenario("side-effect", (context) =>
    resultsOf(context, "post_update") === 0
      ? { toolCalls: [{ name: "post_update", args: {} }] }
      : say("Update posted."),
  ),
  // a plan with open items; the todo continuation closes one more (1 of 3 stays open)
  taskScenario("todo", (context) => {
    const plans = resultsOf(context, "agent_todo_update");
    if (plans === 0)
      return {
        toolCalls: [
          {
            name: "agent_todo_update",
            args: {
              items: [
                { id: "1", content: "Fetch numbers", status: "done" },
                { id: "2", content: "Write report", status: "active" },
                { id: "3", content: "Send report", status: "pending" },
              ],
            },
          },
        ],
      };
    if (context.lastUserText.startsWith(TODO_CONTINUATION_LEAD) && plans === 1)
      return {
        toolCalls: [
          {
            name: "agent_todo_update",
            args: {
              items: [
                { id: "1", content: "Fetch numbers", status: "done" },
                { id: "2", content: "Write report", status: "done" },
                { id: "3", content: "Send report", status: "pending" },
              ],
            },
          },
        ],
      };
    return say(plans === 1 ? "Planned." : "Report written; sending is still open.");
  }),
  taskScenario("chatty", () => say("hi")),
  taskScenario("silent", (context) =>
    resultsOf(context, "post_update") === 0
      ? { toolCalls: [{ name: "post_update", args: {} }] }
      : say("NO_REPLY"),
  ),
  taskScenario("watch", (context) =>
    resultsOf(context, "fetch_numbers") === 0
      ? { toolCalls: [{ name: "fetch_numbers", args: {} }] }
      : say("WATCH: numbers dipped 4%"),
  ),
  taskScenario("budget", (context) =>
    context.conversation.tools.length > 0 && !isContinuation(context)
      ? { toolCalls: [{ name: "fetch_numbers", args: {} }] }
      : say("Stopped after fetching twice."),
  ),
];

describe("run finalization via the scripted model server", () => {
  const fixture = useScriptedModelServer(SCENARIOS);

  function fakeTools(): AgentTool[] {
    const tool = (name: string, execute: AgentTool["execute"]): AgentTool => ({
      name,
      description: name,
      inputSchema: { type: "object", properties: {}, additionalProperties: true },
      source: "catalog",
      execute,
    });
    return [
      tool("fetch_numbers", async () => toolSuccess({ revenue: 42 })),
      tool("send_report", async () => toolSuccess({ sent: true })),
      tool("post_update", async () => toolError("upstream_unavailable", "Chat service down.", 502)),
    ];
  }

  interface ScenarioRun {
    result: FinalizationResult;
    events: RunEventData[];
    requests: RequestLogEntry[];
    judgeCalls: number;
    continuations: number;
  }

  const MAIN = scriptedProvider("openai-compatible");

  async function runScenario(
    scenario: string,
    options: {
      mode?: RuntimeFlags["autonomousCompletionJudgeMode"];
      caveats?: boolean;
      kind?: RunKind;
      steered?: boolean;
      locale?: string;
      maxToolSteps?: number;
      breaker?: ReturnType<typeof createCircuitBreaker>;
      provider?: (typeof SCRIPTED_PROVIDERS)[number];
    } = {},
  ): Promise<ScenarioRun> {
    const before = fixture.server.requestLog.length;
    const events: RunEventData[] = [];
    const todo = createTodoStore();
    const model = (options.provider ?? MAIN).model(fixture.server.url);
    const flags: RuntimeFlags = {
      ...DEFAULT_RUNTIME_FLAGS,
      autonomousCompletionJudgeMode: options.mode ?? "caveat",
      runCompletionCaveatsEnabled: options.caveats ?? true,
      maxToolSteps: options.maxToolSteps ?? DEFAULT_RUNTIME_FLAGS.maxToolSteps,
    };
    const signal = new AbortController().signal;
    const loopOptions = {
      runId: "00000000-0000-4000-8000-000000000042",
      model,
      utilityModel: model,
      tools: [createTodoUpdateTool(todo), ...fakeTools()],
      flags: () => ({ flags, version: 1 }),
      emit: async (event: RunEventData) => {
        events.push(event);
      },
      recordSecurityHalt: async () => null,
      signal,
      maxRetries: 0,
    };
    const task = `Fetch the numbers and send the report to the team. ${scenarioMarker(scenario)}`;
    const initial = await runAgentLoop({ ...loopOptions, messages: [{ role: "user", content: task }] });
    const result = await finalizeRun({
      run: {
        id: loopOptions.runId,
        kind: options.kind ?? "job",
        task,
        steered: options.steered ?? false,
        locale: options.locale ?? "en",
      },
      initial,
      todo,
      flags,
      continueRun: createLoopContinuation(loopOptions),
      judge: createCompletionJudge({ model, signal }),
      breaker: options.breaker ?? createCircuitBreaker(),
      emit: loopOptions.emit,
      signal,
    });
    const requests = fixture.server.requestLog.slice(before);
    const main = requests.filter((entry) => !isJudgeRequest(entry.conversation));
    const continuations = Math.max(
      0,
      ...main.map(
        (entry) =>
          entry.conversation?.messages.filter(
            (message) =>
              message.role === "user" &&
              (message.text.includes(TODO_CONTINUATION_LEAD) ||
                message.text.includes(JUDGE_CONTINUATION_LEAD)),
          ).length ?? 0,
      ),
    );
    return {
      result,
      events,
      requests,
      judgeCalls: requests.filter((entry) => isJudgeRequest(entry.conversation)).length,
      continuations,
    };
  }

  const ofType = <T extends RunEventData["type"]>(events: RunEventData[], type: T) =>
    events.filter((event): event is Extract<RunEventData, { type: T }> => event.type === type);

  /** The bounds every run obeys, proven from the request log. */
  function expectBounds(run: ScenarioRun): void {
    expect(run.judgeCalls).toBeLessThanOrEqual(2);
    expect(run.continuations).toBeLessThanOrEqual(1);
    expect(run.judgeCalls).toBe(run.result.judgeCalls);
    expect(run.continuations).toBe(run.result.continuationUsed ? 1 : 0);
  }

  type Outcome = keyof typeof JUDGE;

  /** Expected judge requests / continuations / verdict per mode and judge outcome (the "work" run). */
  const MATRIX: [RuntimeFlags["autonomousCompletionJudgeMode"], Outcome, number, number, string | null][] = [
    ["off", "complete", 0, 0, null],
    ["off", "incomplete", 0, 0, null],
    ["off", "providerError", 0, 0, null],
    ["caveat", "complete", 1, 0, "complete"],
    ["caveat", "incomplete", 1, 0, "incomplete"],
    ["caveat", "blocked", 1, 0, "blocked"],
    ["caveat", "invalidJson", 1, 0, "uncertified"],
    ["caveat", "providerError", 1, 0, "uncertified"],
    ["caveat", "unsupportedId", 1, 0, "uncertified"],
    ["continue", "complete", 1, 0, "complete"],
    ["continue", "incomplete", 2, 1, "complete"],
    ["continue", "blocked", 1, 0, "blocked"],
    ["continue", "invalidJson", 1, 0, "uncertified"],
    ["continue", "providerError", 1, 0, "uncertified"],
    ["continue", "unsupportedId", 1, 0, "uncertified"],
  ];

  describe("finalization: judge mode x judge outcome (request-log bounds)", () => {
    it.each(MATRIX)(
      "mode %s, judge %s -> %i judge request(s), %i continuation(s), verdict %s",
      async (mode, outcome, judgeCalls, continuations, verdict) => {
        judgeScript = [JUDGE[outcome], JUDGE.complete];
        const run = await runScenario("work", { mode });
        expectBounds(run);
        expect(run.judgeCalls).toBe(judgeCalls);
        expect(run.continuations).toBe(continuations);
        expect(run.result.verdict?.verdict ?? null).toBe(verdict);
        // The verdict never reaches the delivered text: the answer is delivered as the model wrote it.
        expect(run.result.finalText).toBe(
          continuations === 1 ? "Report sent after the check." : "Report sent.",
        );
        expect(run.result.delivery).toBe("message");
        if (mode === "off") {
          expect(ofType(run.events, "run.completion_judge_skipped")).toEqual([
            { type: "run.completion_judge_skipped", mode: "off", reason: "mode off" },
          ]);
          expect(ofType(run.events, "run.completion_judged")).toEqual([]);
        } else {
          const judged = ofType(run.events, "run.completion_judged");
          expect(judged).toHaveLength(judgeCalls);
          expect(judged[0]).toMatchObject({ mode, attempt: 1, continuationUsed: false, breaker: "closed" });
          if (judgeCalls === 2)
            expect(judged[1]).toMatchObject({ attempt: 2, continuationUsed: true, verdict: "complete" });
        }
      },
    );

    it("continue mode: the continuation carries the next operation and the unmet deltas; the re-judge sees its evidence", async () => {
      judgeScript = [JUDGE.incomplete, JUDGE.complete];
      const run = await runScenario("work", { mode: "continue" });
      expect(ofType(run.events, "run.continuation")).toEqual([
        {
          type: "run.continuation",
          reason: "judge",
          instruction: expect.stringContaining("Next operation: Call send_report with the numbers."),
        },
      ]);
      expect(ofType(run.events, "run.continuation")[0]?.instruction).toContain(
        "- Send the report (unsatisfied)",
      );
      const judges = run.requests.filter((entry) => isJudgeRequest(entry.conversation));
      expect(judges[1]?.conversation?.messages[0]?.text).toContain("send-01 send_report [ok 200]");
      expect(judges[0]?.conversation?.messages[0]?.text).not.toContain("send-01");
      expect(judges.every((entry) => entry.conversation?.tools.length === 0)).toBe(true);
    });

    it("continue mode: still incomplete after the re-judge ends there (two judge requests, one continuation)", async () => {
      judgeScript = [JUDGE.incomplete];
      const run = await runScenario("work", { mode: "continue" });
      expectBounds(run);
      expect(run.judgeCalls).toBe(2);
      expect(run.continuations).toBe(1);
      expect(run.result.verdict?.verdict).toBe("incomplete");
    });

    it("a provider error is one request (never retried) and an uncertified verdict with its reason", async () => {
      judgeScript = [JUDGE.providerError];
      const run = await runScenario("work", { mode: "caveat" });
      expect(
        run.requests.filter((entry) => isJudgeRequest(entry.conversation)).map((entry) => entry.status),
      ).toEqual([500]);
      expect(ofType(run.events, "run.completion_judged")[0]).toMatchObject({
        verdict: "uncertified",
        reason: expect.stringMatching(/^provider_error/),
        obligationCount: 0,
      });
    });

    it("unsupported evidence IDs are uncertified and name the ID", async () => {
      judgeScript = [JUDGE.unsupportedId];
      const run = await runScenario("work", { mode: "caveat" });
      expect(ofType(run.events, "run.completion_judged")[0]).toMatchObject({
        verdict: "uncertified",
        reason: "unsupported_evidence: send-07",
        obligationCount: 1,
      });
    });
  });

  describe("finalization: gating (no judge request)", () => {
    it.each(["caveat", "continue"] as const)("%s: a run without tools is not judged", async (mode) => {
      const run = await runScenario("chatty", { mode });
      expectBounds(run);
      expect(run.judgeCalls).toBe(0);
      expect(ofType(run.events, "run.completion_judge_skipped")[0]?.reason).toBe("no tool executed");
      expect(run.result.finalText).toBe("hi");
    });

    it.each(["caveat", "continue"] as const)("%s: interactive chat is excluded entirely", async (mode) => {
      judgeScript = [JUDGE.incomplete];
      const run = await runScenario("side-effect", { mode, kind: "chat" });
      expect(run.judgeCalls).toBe(0);
      expect(run.continuations).toBe(0);
      expect(run.result.finalText).toBe("Update posted.");
      expect(run.result.caveats).toEqual([]);
      expect(run.events.filter((event) => event.type.startsWith("run."))).toEqual([
        { type: "run.completion_judge_skipped", mode, reason: "interactive run" },
      ]);
    });

    it.each(["caveat", "continue"] as const)("%s: a steered run is not judged", async (mode) => {
      judgeScript = [JUDGE.incomplete];
      const run = await runScenario("work", { mode, steered: true });
      expect(run.judgeCalls).toBe(0);
      expect(run.continuations).toBe(0);
      expect(ofType(run.events, "run.completion_judge_skipped")[0]?.reason).toBe("steered");
    });
  });

  describe("finalization: the todo gate", () => {
    it("spends the single continuation on open items; what stays open becomes the localized caveat", async () => {
      judgeScript = [JUDGE.incomplete];
      const run = await runScenario("todo", { mode: "continue", locale: "en" });
      expectBounds(run);
      expect(run.continuations).toBe(1);
      // The judge cannot start a second continuation: one judgement, after the todo continuation.
      expect(run.judgeCalls).toBe(1);
      expect(ofType(run.events, "run.todo_gate")).toEqual([
        { type: "run.todo_gate", open: 2, total: 3, continued: true },
      ]);
      expect(ofType(run.events, "run.continuation")[0]?.instruction).toContain(
        "Finish those items or explicitly remove items that are no longer required",
      );
      expect(run.result.finalText).toBe(
        "Report written; sending is still open.\n\nNote: this task finished, but 1 of 3 plan items are still open. Please check whether the work is actually complete.",
      );
      expect(run.result.continuationReason).toBe("todo");
    });

    it("caveats switched off: the continuation still runs, nothing is appended", async () => {
      judgeScript = [JUDGE.complete];
      const run = await runScenario("todo", { mode: "off", caveats: false });
      expect(run.continuations).toBe(1);
      expect(run.result.finalText).toBe("Report written; sending is still open.");
      expect(run.result.caveats).toEqual([]);
      expect(ofType(run.events, "run.caveats")).toEqual([
        { type: "run.caveats", caveats: [], suppressed: false, uncertified: false },
      ]);
    });
  });

  describe("finalization: failed side effects and the budget marker", () => {
    it("a failed mutating tool adds the German caveat and marks the run uncertified", async () => {
      judgeScript = [JUDGE.incomplete];
      const run = await runScenario("side-effect", { mode: "caveat", locale: "de" });
      expect(run.result.uncertified).toBe(true);
      expect(run.result.finalText).toBe(
        "Update posted.\n\nHinweis: Mindestens eine Aktion mit Nebenwirkungen ist während dieses automatisierten Laufs fehlgeschlagen (post_update). Die Aufgabe wurde möglicherweise nicht wie beabsichtigt abgeschlossen – bitte überprüfen Sie das.",
      );
      expect(ofType(run.events, "run.caveats")[0]).toMatchObject({ suppressed: false, uncertified: true });
    });

    it("caveats off + judge caveat mode: the judge still runs, the uncertified flag is recorded, no text is added", async () => {
      judgeScript = [JUDGE.incomplete];
      const run = await runScenario("side-effect", { mode: "caveat", caveats: false });
      expect(run.judgeCalls).toBe(1);
      expect(run.result.finalText).toBe("Update posted.");
      expect(ofType(run.events, "run.caveats")).toEqual([
        { type: "run.caveats", caveats: [], suppressed: false, uncertified: true },
      ]);
    });

    it("an exhausted tool budget adds the marker even though the answer does not say so", async () => {
      judgeScript = [JUDGE.complete];
      const run = await runScenario("budget", { mode: "off", locale: "it", maxToolSteps: 2 });
      expect(run.result.toolBudgetExhausted).toBe(true);
      expect(run.result.finalText).toBe(
        "Stopped after fetching twice.\n\nIncompleto — budget degli strumenti esaurito",
      );
    });
  });

  describe("finalization: silent delivery stays silent", () => {
    it.each(["off", "caveat", "continue"] as const)(
      "mode %s: NO_REPLY after a failed side effect is delivered as is",
      async (mode) => {
        judgeScript = [JUDGE.incomplete];
        const run = await runScenario("silent", { mode, locale: "de" });
        expectBounds(run);
        expect(run.continuations).toBe(0);
        expect(run.judgeCalls).toBe(mode === "off" ? 0 : 1);
        expect(run.result).toMatchObject({
          finalText: "NO_REPLY",
          delivery: "silent",
          sentinel: "NO_REPLY",
          caveats: [],
        });
        expect(run.result.uncertified).toBe(true);
        expect(ofType(run.events, "run.caveats")).toEqual([
          {
            type: "run.caveats",
            caveats: [expect.stringContaining("post_update")],
            suppressed: true,
            uncertified: true,
          },
        ]);
        expect(ofType(run.events, "run.delivery")).toEqual([
          { type: "run.delivery", delivery: "silent", sentinel: "NO_REPLY" },
        ]);
      },
    );

    it("a heartbeat WATCH directive is silent; a job saying the same is a message", async () => {
      judgeScript = [JUDGE.incomplete];
      const heartbeat = await runScenario("watch", { mode: "continue", kind: "heartbeat" });
      expect(heartbeat.continuations).toBe(0);
      expect(heartbeat.result).toMatchObject({
        delivery: "silent",
        sentinel: "WATCH",
        finalText: "WATCH: numbers dipped 4%",
      });
      const job = await runScenario("watch", { mode: "off", kind: "job" });
      expect(job.result.delivery).toBe("message");
    });
  });

  describe("finalization: the circuit breaker", () => {
    it("three failing judgements open it for five minutes: the next run makes no judge request", async () => {
      let time = 0;
      const breaker = createCircuitBreaker({ now: () => time });
      judgeScript = [JUDGE.providerError];
      for (const _attempt of [1, 2, 3]) expect((await runScenario("work", { breaker })).judgeCalls).toBe(1);
      expect(breaker.state()).toBe("open");
      const skipped = await runScenario("work", { breaker });
      expect(skipped.judgeCalls).toBe(0);
      expect(ofType(skipped.events, "run.completion_judge_skipped")).toEqual([
        { type: "run.completion_judge_skipped", mode: "caveat", reason: "breaker open" },
      ]);
      expect(skipped.result.verdict).toBeNull();
      time += 5 * 60_000;
      fixture.server.reset();
      judgeScript = [JUDGE.complete];
      const recovered = await runScenario("work", { breaker });
      expect(recovered.judgeCalls).toBe(1);
      expect(ofType(recovered.events, "run.completion_judged")[0]).toMatchObject({
        verdict: "complete",
        breaker: "closed",
      });
    });

    it("the judged event reports the breaker opening", async () => {
      const breaker = createCircuitBreaker({ now: () => 0 });
      judgeScript = [JUDGE.invalidJson];
      await runScenario("work", { breaker });
      await runScenario("work", { breaker });
      const third = await runScenario("work", { breaker });
      expect(ofType(third.events, "run.completion_judged")[0]).toMatchObject({
        verdict: "uncertified",
        breaker: "open",
      });
    });
  });

  describe.each(SCRIPTED_PROVIDERS)("the judge's structured request via $provider", (provider) => {
    it("gets a verdict in one request with the strict schema, and uncertified on invalid JSON", async () => {
      judgeScript = [JUDGE.complete];
      const run = await runScenario("work", { provider });
      expect(run.result.verdict?.verdict).toBe("complete");
      const [judge] = run.requests.filter((entry) => isJudgeRequest(entry.conversation));
      expect(judge?.conversation?.responseFormat).toMatchObject({ type: "json" });
      fixture.server.reset();
      judgeScript = [JUDGE.invalidJson];
      const invalid = await runScenario("work", { provider });
      expect(invalid.judgeCalls).toBe(1);
      expect(invalid.result.verdict).toMatchObject({ verdict: "uncertified" });
    });
  });
});
