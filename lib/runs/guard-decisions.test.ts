import { describe, expect, it } from "vitest";
import { guardDecisionOf } from "./guard-decisions";

describe("guardDecisionOf", () => {
  it("counts the audit gate's Shadow terminate as one shadow decision", () => {
    expect(
      guardDecisionOf({
        type: "guard.shadow",
        guard: "audit_gate",
        step: 1,
        name: "web_fetch",
        count: 1,
        verdict: "terminate",
        previews: ["It sends keys out."],
      }),
    ).toEqual({ guard: "audit_gate", shadow: true, items: 1 });
  });

  it("counts the audit gate's enforced verdicts other than ok (the gate On)", () => {
    const verdict = {
      type: "audit.verdict",
      step: 1,
      detail: "",
      clarification: 0,
      failClosed: false,
      durationMs: 3,
    } as const;
    expect(guardDecisionOf({ ...verdict, verdict: "terminate" })).toEqual({
      guard: "audit_gate",
      shadow: false,
      items: 1,
    });
    expect(guardDecisionOf({ ...verdict, verdict: "ok" })).toBeNull();
  });
});
