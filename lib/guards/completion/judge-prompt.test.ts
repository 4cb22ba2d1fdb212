import { describe, expect, it } from "vitest";
import {
  buildAutonomousContinuationPrompt,
  buildTodoContinuationPrompt,
  TODO_CONTINUATION_LEAD,
} from "./continuation-prompts";
import { buildAutonomousJudgePrompt, JUDGE_SYSTEM_PROMPT_CUE } from "./judge-prompt";
import { JUDGE_VERDICT_JSON_SCHEMA, judgeVerdictSchema } from "./judge-verdict-schema";

describe("buildAutonomousJudgePrompt", () => {
  const prompt = buildAutonomousJudgePrompt({
    task: "Sende den Wochenbericht an das Team.",
    answer: "Erledigt, der Bericht ist verschickt.",
    evidenceText: "tool-01 demo_send_report [error 502 upstream_unavailable]: down",
    toolBudgetExhausted: false,
    plan: { open: 1, total: 3 },
  });

  it("asks for multilingual obligations, evidence IDs and the no-self-report rule", () => {
    expect(prompt.system).toContain(JUDGE_SYSTEM_PROMPT_CUE);
    expect(prompt.system).toContain("at most 8");
    expect(prompt.system).toContain("task's own language");
    expect(prompt.system).toContain("The agent saying it finished is not evidence");
    expect(prompt.system).toContain("Never invent an ID");
  });

  it("quotes the task, the answer as a claim, the run facts and the evidence", () => {
    expect(prompt.user).toContain("## Task\nSende den Wochenbericht an das Team.");
    expect(prompt.user).toContain("## The agent's final answer (a claim, not evidence)\nErledigt");
    expect(prompt.user).toContain("- plan items still open: 1 of 3");
    expect(prompt.user).toContain("- tool budget exhausted: no");
    expect(prompt.user).toContain("## Tool evidence\ntool-01 demo_send_report");
  });

  it("bounds the quoted task and answer", () => {
    const long = buildAutonomousJudgePrompt({
      task: "t".repeat(20_000),
      answer: "a".repeat(20_000),
      evidenceText: "(no tool evidence)",
      toolBudgetExhausted: true,
      plan: null,
    });
    expect(long.user.length).toBeLessThan(8_500);
    expect(long.user).toContain("plan items still open: no plan");
  });
});

describe("the judge's JSON schema", () => {
  it("is strict: every property required, no extra properties, at most 8 obligations", () => {
    expect(JUDGE_VERDICT_JSON_SCHEMA.additionalProperties).toBe(false);
    expect([...JUDGE_VERDICT_JSON_SCHEMA.required].sort()).toEqual(
      Object.keys(JUDGE_VERDICT_JSON_SCHEMA.properties).sort(),
    );
    const obligation = JUDGE_VERDICT_JSON_SCHEMA.properties.obligations;
    expect(obligation.maxItems).toBe(8);
    expect(obligation.items.additionalProperties).toBe(false);
    expect([...obligation.items.required].sort()).toEqual(Object.keys(obligation.items.properties).sort());
  });

  it("accepts what the zod schema accepts", () => {
    expect(
      judgeVerdictSchema.safeParse({
        obligations: [{ text: "x", status: "satisfied", evidence: ["tool-01"] }],
        verdict: "complete",
        next_operation: "",
      }).success,
    ).toBe(true);
  });
});

describe("continuation prompts", () => {
  it("the todo instruction lists the open items and says finish or remove", () => {
    const prompt = buildTodoContinuationPrompt([
      { content: "Copy the library", status: "active" },
      { content: "Test playback", status: "pending" },
    ]);
    expect(prompt.startsWith(TODO_CONTINUATION_LEAD)).toBe(true);
    expect(prompt).toContain("- [active] Copy the library\n- [pending] Test playback");
    expect(prompt).toContain("Finish those items or explicitly remove items that are no longer required");
  });

  it("the todo instruction is bounded", () => {
    const items = Array.from({ length: 30 }, (_, index) => ({ content: `item ${index}`, status: "pending" }));
    expect(buildTodoContinuationPrompt(items)).toContain("- … and 18 more");
  });

  it("the judge instruction carries one next operation and the unmet deltas", () => {
    const prompt = buildAutonomousContinuationPrompt({
      nextOperation: "Retry demo_send_report once.",
      unmet: [{ text: "Send the report", status: "unsatisfied", evidence: ["tool-01"] }],
    });
    expect(prompt).toContain("- Send the report (unsatisfied)");
    expect(prompt).toContain("Next operation: Retry demo_send_report once.");
    expect(prompt.match(/Next operation:/g)).toHaveLength(1);
  });
});
