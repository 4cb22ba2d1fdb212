import { describe, expect, it } from "vitest";
import {
  buildAutonomousJudgePrompt,
  buildJudgeEvidence,
  type JudgeEvidenceInput,
  normalizeAutonomousVerdict,
} from "@/lib/guards/completion";
import { scenarioMarker } from "@/lib/scripted-model";
import { demoJudgeAnswer } from "./demo-scenarios";
import { createDemoTools, DEMO_SEND_REPORT_TOOL } from "./demo-tools";

const ok = (name: string): JudgeEvidenceInput => ({ name, ok: true, statusCode: 200, preview: "{}" });
const failed = (name: string): JudgeEvidenceInput => ({
  name,
  ok: false,
  statusCode: 502,
  errorCode: "upstream_unavailable",
  preview: "down",
});

function judge(
  tools: JudgeEvidenceInput[],
  sends: JudgeEvidenceInput[],
  plan: { open: number; total: number } | null = null,
) {
  const evidence = buildJudgeEvidence(tools, sends);
  const prompt = buildAutonomousJudgePrompt({
    task: `Send the weekly status report to the team. ${scenarioMarker("demo-side-effect")}`,
    answer: "Sent.",
    evidenceText: evidence.text,
    toolBudgetExhausted: false,
    plan,
  });
  const answer = demoJudgeAnswer(prompt.user);
  return { answer, verdict: normalizeAutonomousVerdict(answer, evidence.ids) };
}

describe("the demo judge", () => {
  it("one failed send -> incomplete, citing it, with a retry as the next operation", () => {
    const { answer, verdict } = judge([], [failed(DEMO_SEND_REPORT_TOOL)]);
    expect(answer.obligations).toEqual([
      { text: "Send the weekly status report to the team.", status: "unsatisfied", evidence: ["send-01"] },
    ]);
    expect(verdict).toMatchObject({
      verdict: "incomplete",
      nextOperation: expect.stringContaining("Retry demo_send_report"),
    });
  });

  it("the same failure twice -> blocked", () => {
    expect(judge([], [failed(DEMO_SEND_REPORT_TOOL), failed(DEMO_SEND_REPORT_TOOL)]).verdict.verdict).toBe(
      "blocked",
    );
  });

  it("open plan items -> incomplete, citing the plan updates", () => {
    const { verdict } = judge([ok("agent_todo_update"), ok("agent_todo_update")], [], { open: 3, total: 3 });
    expect(verdict).toMatchObject({
      verdict: "incomplete",
      obligations: [{ evidence: ["tool-01", "tool-02"] }],
    });
  });

  it("successful evidence -> complete, citing it", () => {
    expect(judge([ok("web_fetch")], []).verdict).toMatchObject({
      verdict: "complete",
      obligations: [{ status: "satisfied", evidence: ["tool-01"] }],
    });
  });

  it("no evidence at all -> the normalizer refuses complete", () => {
    expect(judge([], []).verdict).toMatchObject({
      verdict: "uncertified",
      reason: "complete_without_evidence",
    });
  });
});

describe("demo_send_report", () => {
  it("always fails with 502", async () => {
    const tool = createDemoTools().find((candidate) => candidate.name === DEMO_SEND_REPORT_TOOL)!;
    const outcome = await tool.execute(
      { recipients: "team", subject: "Weekly status" },
      { runId: "run-1", callId: "call-1", signal: new AbortController().signal },
    );
    expect(outcome.envelope).toMatchObject({
      ok: false,
      status_code: 502,
      error: { code: "upstream_unavailable" },
    });
  });
});
