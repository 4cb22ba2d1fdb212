import { describe, expect, it } from "vitest";
import {
  isJudgeFailure,
  normalizeAutonomousVerdict,
  uncertifiedVerdict,
} from "./normalize-autonomous-verdict";

const IDS = new Set(["tool-01", "tool-02", "send-01"]);

const answer = (overrides: Record<string, unknown> = {}) => ({
  obligations: [
    { text: "Send the report", status: "satisfied", evidence: ["send-01"] },
    { text: "Fetch the numbers", status: "satisfied", evidence: ["tool-01"] },
  ],
  verdict: "complete",
  next_operation: "",
  ...overrides,
});

describe("normalizeAutonomousVerdict", () => {
  it("accepts complete when every obligation is satisfied with existing evidence", () => {
    const verdict = normalizeAutonomousVerdict(answer(), IDS);
    expect(verdict.verdict).toBe("complete");
    expect(verdict.obligations).toHaveLength(2);
  });

  it("accepts the JSON text as well as the object", () => {
    expect(normalizeAutonomousVerdict(JSON.stringify(answer()), IDS).verdict).toBe("complete");
  });

  it("normalizes IDs (trim, lower case) and removes duplicates", () => {
    const verdict = normalizeAutonomousVerdict(
      answer({
        obligations: [{ text: "Send", status: "satisfied", evidence: [" SEND-01 ", "send-01"] }],
      }),
      IDS,
    );
    expect(verdict.obligations[0]?.evidence).toEqual(["send-01"]);
  });

  it("refuses complete when an obligation cites no evidence", () => {
    const verdict = normalizeAutonomousVerdict(
      answer({
        obligations: [
          { text: "Send the report", status: "satisfied", evidence: [] },
          { text: "Fetch", status: "satisfied", evidence: ["tool-01"] },
        ],
      }),
      IDS,
    );
    expect(verdict).toMatchObject({ verdict: "uncertified", reason: "complete_without_evidence" });
    expect(isJudgeFailure(verdict)).toBe(false);
  });

  it("unsupported evidence IDs make it uncertified and name them", () => {
    const verdict = normalizeAutonomousVerdict(
      answer({ obligations: [{ text: "Send", status: "satisfied", evidence: ["send-01", "tool-99"] }] }),
      IDS,
    );
    expect(verdict).toMatchObject({
      verdict: "uncertified",
      reason: "unsupported_evidence",
      detail: "tool-99",
    });
    expect(isJudgeFailure(verdict)).toBe(true);
  });

  it.each([
    ["not JSON", "{obligations: [", "invalid_json"],
    ["an array", [], "schema_mismatch"],
    ["a missing field", { obligations: [], verdict: "complete" }, "schema_mismatch"],
    ["an extra field", { ...answer(), confidence: 0.9 }, "schema_mismatch"],
    [
      "a bad status",
      answer({ obligations: [{ text: "x", status: "done", evidence: [] }] }),
      "schema_mismatch",
    ],
    ["a bad verdict", answer({ verdict: "partial" }), "schema_mismatch"],
    [
      "nine obligations",
      answer({
        obligations: Array.from({ length: 9 }, () => ({
          text: "x",
          status: "satisfied",
          evidence: ["tool-01"],
        })),
      }),
      "schema_mismatch",
    ],
    ["no obligations", answer({ obligations: [] }), "no_obligations"],
    [
      "a blank obligation",
      answer({ obligations: [{ text: "  ", status: "satisfied", evidence: ["tool-01"] }] }),
      "no_obligations",
    ],
    ["null", null, "schema_mismatch"],
  ])("%s -> uncertified (%s)", (_label, raw, reason) => {
    const verdict = normalizeAutonomousVerdict(raw, IDS);
    expect(verdict).toMatchObject({ verdict: "uncertified", reason });
    expect(isJudgeFailure(verdict)).toBe(true);
  });

  it("an unsatisfied obligation makes it incomplete even when the judge says complete", () => {
    const verdict = normalizeAutonomousVerdict(
      answer({
        obligations: [
          { text: "Send the report", status: "unsatisfied", evidence: ["tool-02"] },
          { text: "Fetch", status: "satisfied", evidence: ["tool-01"] },
        ],
        verdict: "complete",
        next_operation: "Retry send_report",
      }),
      IDS,
    );
    expect(verdict).toMatchObject({
      verdict: "incomplete",
      nextOperation: "Retry send_report",
      unmet: [{ text: "Send the report", status: "unsatisfied", evidence: ["tool-02"] }],
    });
  });

  it("a blocked obligation makes it blocked; the judge's worse verdict wins", () => {
    expect(
      normalizeAutonomousVerdict(
        answer({
          obligations: [{ text: "Send", status: "blocked", evidence: ["tool-02"] }],
          verdict: "incomplete",
        }),
        IDS,
      ).verdict,
    ).toBe("blocked");
    expect(
      normalizeAutonomousVerdict(answer({ verdict: "incomplete", next_operation: "check" }), IDS).verdict,
    ).toBe("incomplete");
  });

  it("incomplete without a next operation falls back to the first unmet obligation", () => {
    const verdict = normalizeAutonomousVerdict(
      answer({
        obligations: [{ text: "Invia il report", status: "unsatisfied", evidence: [] }],
        verdict: "incomplete",
      }),
      IDS,
    );
    expect(verdict).toMatchObject({ verdict: "incomplete", nextOperation: "Invia il report" });
  });

  it("satisfied-without-evidence obligations are unmet deltas of an incomplete verdict", () => {
    const verdict = normalizeAutonomousVerdict(
      answer({
        obligations: [
          { text: "A", status: "satisfied", evidence: [] },
          { text: "B", status: "unsatisfied", evidence: [] },
        ],
        verdict: "incomplete",
        next_operation: "Do B",
      }),
      IDS,
    );
    expect(verdict.verdict === "incomplete" && verdict.unmet.map((item) => item.text)).toEqual(["A", "B"]);
  });

  it("cuts very long texts", () => {
    const verdict = normalizeAutonomousVerdict(
      answer({ obligations: [{ text: "x".repeat(2_000), status: "satisfied", evidence: ["tool-01"] }] }),
      IDS,
    );
    expect(verdict.obligations[0]?.text.length).toBe(500);
  });
});

describe("uncertifiedVerdict", () => {
  it("builds an uncertified verdict with a short detail", () => {
    expect(uncertifiedVerdict("provider_error", "x".repeat(1_000))).toMatchObject({
      verdict: "uncertified",
      reason: "provider_error",
      obligations: [],
    });
    expect(isJudgeFailure(uncertifiedVerdict("provider_error"))).toBe(true);
    expect(isJudgeFailure(uncertifiedVerdict("breaker_open"))).toBe(false);
  });
});
