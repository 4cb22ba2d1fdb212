import { describe, expect, it } from "vitest";
import { RUN_STATUSES } from "@/lib/schemas/runs";
import { type RunOutcomeFacts, runOutcome } from "./run-outcome";

const ended: RunOutcomeFacts = {
  status: "succeeded",
  completionVerdict: null,
  caveatCount: 0,
  toolBudgetExhausted: false,
};

describe("runOutcome", () => {
  it("keeps the status of runs that did not end on their own terms", () => {
    for (const status of ["queued", "running", "cancelled", "failed", "blocked"] as const)
      expect(runOutcome({ ...ended, status, completionVerdict: "complete" })).toBe(status);
  });

  it("never calls a run completed when the judge found it blocked or incomplete", () => {
    expect(runOutcome({ ...ended, completionVerdict: "blocked" })).toBe("blocked");
    expect(runOutcome({ ...ended, completionVerdict: "incomplete", caveatCount: 1 })).toBe("incomplete");
  });

  it("says 'with caveats' for caveats, an uncertified verdict or an exhausted tool budget", () => {
    expect(runOutcome({ ...ended, caveatCount: 2 })).toBe("completed_with_caveats");
    expect(runOutcome({ ...ended, completionVerdict: "uncertified" })).toBe("completed_with_caveats");
    expect(runOutcome({ ...ended, toolBudgetExhausted: true })).toBe("completed_with_caveats");
  });

  it("says completed only when nothing was found wanting", () => {
    expect(runOutcome(ended)).toBe("completed");
    expect(runOutcome({ ...ended, completionVerdict: "complete" })).toBe("completed");
  });

  it("has an outcome for every status", () => {
    for (const status of RUN_STATUSES) expect(runOutcome({ ...ended, status })).toBeTypeOf("string");
  });
});
