/**
 * finalizeRun with in-memory fakes (no model server): the failure policies, and a property test that no
 * judge verdict, obligation, reason or other diagnostic ever reaches a delivered message, and that a
 * silent run always stays silent.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createTodoStore, type TodoStatus } from "@/lib/agent/tools/builtin/todo-store";
import { COMPLETION_TEXTS, createCircuitBreaker, SILENT_SENTINELS } from "@/lib/guards/completion";
import type { RunEventData, RunKind } from "@/lib/schemas/runs";
import type { ToolCallResult } from "@/lib/tools/tool-batch";
import type { AgentLoopResult } from "../loop";
import type { JudgeCallOutcome } from "./completion-judge";
import { type FinalizeRunInput, finalizeRun } from "./finalize-run";

function toolResult(name: string, ok: boolean, index = 0): ToolCallResult {
  const envelope = ok
    ? { ok: true as const, status_code: 200, data: { done: true } }
    : { ok: false as const, status_code: 502, error: { code: "upstream_unavailable", message: "down" } };
  return {
    callId: `call_${index}`,
    name,
    envelope,
    modelText: JSON.stringify(envelope),
    isError: !ok,
    quarantinedSegments: { count: 0, previews: [] },
  };
}

function loopResult(
  text: string,
  results: ToolCallResult[] = [],
  extra: Partial<AgentLoopResult> = {},
): AgentLoopResult {
  return {
    outcome: "completed",
    text,
    messages: [],
    toolSteps: results.length,
    toolBudgetExhausted: false,
    scaffoldStripped: 0,
    toolResults: results,
    ...extra,
  };
}

function input(overrides: Partial<FinalizeRunInput> = {}): FinalizeRunInput & { events: RunEventData[] } {
  const events: RunEventData[] = [];
  return {
    run: { id: "run-1", kind: "job", task: "Send the report.", steered: false, locale: "en" },
    initial: loopResult("Sent.", [toolResult("send_report", true)]),
    todo: createTodoStore(),
    flags: { runCompletionCaveatsEnabled: true, autonomousCompletionJudgeMode: "caveat" },
    continueRun: async () => loopResult("Continued."),
    judge: async () => ({
      type: "answer",
      value: { obligations: [], verdict: "complete", next_operation: "" },
    }),
    breaker: createCircuitBreaker({ now: () => 0 }),
    emit: async (event) => {
      events.push(event);
    },
    events,
    ...overrides,
  };
}

describe("finalizeRun failure policies", () => {
  it("a continuation that throws keeps the answer before it and does not fail the run", async () => {
    const store = createTodoStore();
    store.replace([{ id: "1", content: "Send", status: "pending" }]);
    const result = await finalizeRun(
      input({
        todo: store,
        continueRun: async () => {
          throw new Error("provider down");
        },
      }),
    );
    expect(result.answer).toBe("Sent.");
    expect(result.continuationUsed).toBe(true);
    expect(result.finalText).toContain("1 of 1 plan items are still open");
  });

  it("an abort during the continuation propagates", async () => {
    const controller = new AbortController();
    const store = createTodoStore();
    store.replace([{ id: "1", content: "Send", status: "pending" }]);
    const failing = finalizeRun(
      input({
        todo: store,
        signal: controller.signal,
        continueRun: async () => {
          controller.abort(new Error("stopping"));
          throw new Error("stopping");
        },
      }),
    );
    await expect(failing).rejects.toThrow("stopping");
  });

  it("a continuation ended by the audit gate ends the run blocked, without caveats", async () => {
    const store = createTodoStore();
    store.replace([{ id: "1", content: "Send", status: "pending" }]);
    const run = input({
      todo: store,
      continueRun: async () =>
        loopResult("[BLOCKED] Response terminated by security policy.", [], { outcome: "blocked" }),
    });
    const result = await finalizeRun(run);
    expect(result.outcome).toBe("blocked");
    expect(result.finalText).toBe("[BLOCKED] Response terminated by security policy.");
    expect(run.events.map((event) => event.type)).toEqual(["run.todo_gate", "run.continuation"]);
  });

  it("a blocked initial run is not finalized", async () => {
    const run = input({ initial: loopResult("[BLOCKED]", [], { outcome: "blocked" }) });
    expect((await finalizeRun(run)).finalText).toBe("[BLOCKED]");
    expect(run.events).toEqual([]);
  });

  it("a terminal-on-success run gets no continuation and no judgement (no textual answer)", async () => {
    const store = createTodoStore();
    store.replace([{ id: "1", content: "Approve", status: "pending" }]);
    const run = input({
      todo: store,
      initial: loopResult("", [toolResult("approve_request", true)], { outcome: "terminal" }),
    });
    const result = await finalizeRun(run);
    expect(result.continuationUsed).toBe(false);
    expect(result.judgeCalls).toBe(0);
    expect(run.events.find((event) => event.type === "run.completion_judge_skipped")).toMatchObject({
      reason: "no textual answer",
    });
  });

  it("totals the tool steps, budget flag and stripped characters over the continuation", async () => {
    const store = createTodoStore();
    store.replace([{ id: "1", content: "Send", status: "pending" }]);
    const result = await finalizeRun(
      input({
        todo: store,
        initial: loopResult("Partial.", [toolResult("fetch_numbers", true)], { scaffoldStripped: 3 }),
        continueRun: async () =>
          loopResult("Done.", [toolResult("send_report", true, 1)], {
            toolBudgetExhausted: true,
            scaffoldStripped: 4,
          }),
      }),
    );
    expect(result).toMatchObject({ toolSteps: 2, toolBudgetExhausted: true, scaffoldStripped: 7 });
    expect(result.toolResults.map((item) => item.name)).toEqual(["fetch_numbers", "send_report"]);
    expect(result.finalText).toContain(COMPLETION_TEXTS.en.toolBudgetExhausted);
  });
});

/** Every text finalization itself may add, in any language. */
function isRuntimeCaveat(line: string): boolean {
  const [open, total] = (line.match(/\d+/g) ?? []).map(Number);
  return (["de", "en", "it"] as const).some((locale) => {
    const texts = COMPLETION_TEXTS[locale];
    const [sideEffectStart, sideEffectEnd] = texts.sideEffectsFailed("\u0000").split("\u0000") as [
      string,
      string,
    ];
    return (
      line === texts.toolBudgetExhausted ||
      (open !== undefined && total !== undefined && line === texts.todoOpen(open, total)) ||
      (line.startsWith(sideEffectStart) && line.endsWith(sideEffectEnd))
    );
  });
}

const MARK = "ZQJ";
const marked = fc.string({ maxLength: 20 }).map((text) => `${MARK}${text}${MARK}`);
const safeText = fc
  .string({ maxLength: 60 })
  .filter((text) => !text.includes(MARK) && !text.includes("Z") && text.trim().length > 0);

const judgeOutcome: fc.Arbitrary<JudgeCallOutcome> = fc.oneof(
  fc.record({
    type: fc.constant("answer" as const),
    value: fc.record({
      obligations: fc.array(
        fc.record({
          text: marked,
          status: fc.constantFrom("satisfied", "unsatisfied", "blocked"),
          evidence: fc.array(fc.constantFrom("tool-01", "tool-02", "send-01", `${MARK}-99`), {
            maxLength: 3,
          }),
        }),
        { maxLength: 9 },
      ),
      verdict: fc.constantFrom("complete", "incomplete", "blocked", `${MARK}verdict`),
      next_operation: marked,
    }),
  }),
  fc.record({ type: fc.constant("invalid_json" as const), detail: marked }),
  fc.record({ type: fc.constant("provider_error" as const), detail: marked }),
  fc.record({ type: fc.constant("answer" as const), value: marked }),
);

const toolNames = fc.constantFrom(
  "fetch_numbers",
  "send_report",
  "post_update",
  "mcp__slack__chat_postMessage",
  "agent_todo_update",
  "get_status",
);

describe("property: no verdict or diagnostic text ever reaches a delivered message", () => {
  it("holds for any judge answer, tool evidence, plan, switches, kind and sentinel", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          answer: fc.oneof(safeText, fc.constantFrom(...SILENT_SENTINELS, "WATCH: ok", "RESOLVE")),
          continuationAnswer: fc.oneof(safeText, fc.constantFrom(...SILENT_SENTINELS)),
          kind: fc.constantFrom<RunKind>("chat", "job", "automation", "channel", "heartbeat"),
          locale: fc.constantFrom("de", "en", "it"),
          mode: fc.constantFrom("off", "caveat", "continue") as fc.Arbitrary<"off" | "caveat" | "continue">,
          caveats: fc.boolean(),
          steered: fc.boolean(),
          budget: fc.boolean(),
          tools: fc.array(fc.record({ name: toolNames, ok: fc.boolean() }), { maxLength: 5 }),
          plan: fc.array(fc.constantFrom<TodoStatus>("pending", "active", "done", "cancelled"), {
            maxLength: 4,
          }),
          judges: fc.array(judgeOutcome, { minLength: 2, maxLength: 2 }),
        }),
        async (scenario) => {
          const todo = createTodoStore();
          if (scenario.plan.length > 0)
            todo.replace(
              scenario.plan.map((status, index) => ({ id: String(index), content: `item ${index}`, status })),
            );
          let judgeCalls = 0;
          let continuations = 0;
          const result = await finalizeRun(
            input({
              run: {
                id: "run-p",
                kind: scenario.kind,
                task: "Do it.",
                steered: scenario.steered,
                locale: scenario.locale,
              },
              initial: loopResult(
                scenario.answer,
                scenario.tools.map((tool, index) => toolResult(tool.name, tool.ok, index)),
                { toolBudgetExhausted: scenario.budget },
              ),
              todo,
              flags: {
                runCompletionCaveatsEnabled: scenario.caveats,
                autonomousCompletionJudgeMode: scenario.mode,
              },
              continueRun: async () => {
                continuations++;
                return loopResult(scenario.continuationAnswer, [toolResult("send_report", true, 9)]);
              },
              judge: async () => scenario.judges[judgeCalls++]!,
              breaker: createCircuitBreaker({ now: () => 0 }),
            }),
          );
          // Bounds.
          expect(judgeCalls).toBeLessThanOrEqual(2);
          expect(continuations).toBeLessThanOrEqual(1);
          if (scenario.mode === "off" || scenario.kind === "chat") expect(judgeCalls).toBe(0);
          // No judge-authored or diagnostic text in the delivered message.
          expect(result.finalText).not.toContain(MARK);
          for (const diagnostic of [
            "uncertified",
            "unsupported_evidence",
            "provider_error",
            "schema_mismatch",
            "breaker",
          ])
            expect(result.finalText.includes(diagnostic)).toBe(result.answer.includes(diagnostic));
          // The delivered text is the model's answer plus runtime caveats only.
          if (result.delivery === "silent") {
            expect(result.finalText).toBe(result.answer.trim());
            expect(result.caveats).toEqual([]);
          } else {
            const added = result.finalText
              .slice(result.answer.trimEnd().length)
              .split("\n")
              .filter((line) => line.trim().length > 0);
            expect(result.finalText.startsWith(result.answer.trimEnd())).toBe(true);
            for (const line of added) expect(isRuntimeCaveat(line), line).toBe(true);
          }
          // A silent initial answer stays silent whatever finalization finds.
          if (scenario.kind !== "chat" && (SILENT_SENTINELS as readonly string[]).includes(scenario.answer)) {
            expect(result.delivery).toBe("silent");
            expect(result.finalText).toBe(scenario.answer);
            expect(continuations).toBe(0);
          }
          if (scenario.kind === "chat") expect(result.finalText).toBe(scenario.answer);
        },
      ),
      { numRuns: 400 },
    );
  });
});
