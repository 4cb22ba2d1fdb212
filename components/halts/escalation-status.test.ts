import { describe, expect, it } from "vitest";
import { escalationStatus } from "./escalation-status";

const triggered = "2026-01-01T10:00:00.000Z";
const at = (iso: string) => new Date(iso);

describe("escalationStatus", () => {
  it.each([
    [{ escalated_at: "2026-01-01T10:05:00.000Z", acknowledged: false }, 30, "escalated"],
    [{ acknowledged: true }, 30, "acknowledged"],
    [{ acknowledged: false }, null, "notConfigured"],
    [{ acknowledged: false }, 30, "pending"],
    [{ acknowledged: false }, 5, "overdue"],
  ] as const)("%o with %s minutes -> %s", (fields, minutes, kind) => {
    expect(
      escalationStatus({ triggered_at: triggered, ...fields }, minutes, at("2026-01-01T10:10:00.000Z")).kind,
    ).toBe(kind);
  });

  it("rounds the minutes left up", () => {
    expect(
      escalationStatus({ triggered_at: triggered, acknowledged: false }, 30, at("2026-01-01T10:10:30.000Z")),
    ).toEqual({
      kind: "pending",
      deadline: at("2026-01-01T10:30:00.000Z"),
      minutesLeft: 20,
    });
  });
});
