import { describe, expect, it } from "vitest";
import { acknowledgeHaltInputSchema } from "@/lib/schemas/halts";
import { decideAcknowledgement } from "./acknowledgement-outcome";

const base = { severity: "high" as const, already_acknowledged: false, other_unacknowledged_count: 0 };

describe("decideAcknowledgement", () => {
  it("example 3: a resolved halt lets the session resume", () => {
    // Usage example 3 (docs/halt-conditions.md#usage-examples) with its placeholder id "halt_789xyz" replaced
    // by a real event id (ids are UUIDs).
    const input = acknowledgeHaltInputSchema.parse({
      session_token: "sess_abc123",
      halt_id: "7c9e6679-7425-40de-944b-e07fc1f90ae7",
      resolution: "resolved",
      resolution_notes: "User confirmed they read the file in another session",
    });
    expect(decideAcknowledgement({ ...base, resolution: input.resolution })).toEqual({
      type: "accepted",
      session_state: "active",
      session_can_resume: true,
      warnings: [],
      warning_texts: [],
    });
  });

  it.each([
    [
      "escalated",
      "high",
      undefined,
      { type: "accepted", session_state: "paused", session_can_resume: false, warnings: [] },
    ],
    ["dismissed", "high", undefined, { type: "accepted", session_state: "active", session_can_resume: true }],
    ["dismissed", "critical", true, { type: "accepted", session_state: "active", session_can_resume: true }],
    ["dismissed", "critical", undefined, { type: "rejected", reason: "continue_with_caution_required" }],
    ["dismissed", "critical", false, { type: "rejected", reason: "continue_with_caution_required" }],
  ] as const)("%s a %s halt (continue_with_caution %s)", (resolution, severity, caution, expected) => {
    const outcome = decideAcknowledgement({ ...base, resolution, severity, continue_with_caution: caution });
    expect(outcome).toMatchObject(expected);
  });

  it("warns when a halt is dismissed", () => {
    const outcome = decideAcknowledgement({ ...base, resolution: "dismissed" });
    expect(outcome.type === "accepted" && outcome.warnings[0]).toMatch(/dismissed/);
  });

  it("rejects a second acknowledgement", () => {
    expect(
      decideAcknowledgement({ ...base, resolution: "resolved", already_acknowledged: true }),
    ).toMatchObject({
      type: "rejected",
      reason: "already_acknowledged",
    });
  });

  it("keeps the session halted while other halts are unacknowledged", () => {
    expect(
      decideAcknowledgement({ ...base, resolution: "resolved", other_unacknowledged_count: 2 }),
    ).toMatchObject({
      type: "accepted",
      session_state: "halted",
      session_can_resume: false,
    });
  });
});
