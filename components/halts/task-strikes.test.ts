import { describe, expect, it } from "vitest";
import type { HaltEvent } from "@/lib/schemas/halts";
import { deriveTaskStrikes } from "./task-strikes";

let sequence = 0;
function createHalt(fields: Partial<HaltEvent>): HaltEvent {
  sequence += 1;
  return {
    halt_id: `00000000-0000-4000-8000-${String(sequence).padStart(12, "0")}`,
    halt_type: "execution",
    severity: "low",
    description: "attempt failed",
    triggered_at: `2026-01-01T10:00:${String(sequence).padStart(2, "0")}.000Z`,
    acknowledged: false,
    ...fields,
  };
}

describe("deriveTaskStrikes", () => {
  it("counts failed attempts per task, newest list order notwithstanding", () => {
    const halts = [
      createHalt({ task_id: "a", condition_name: "task_attempt_failed", attempt_count: 1 }),
      createHalt({ task_id: "a", condition_name: "task_attempt_failed", attempt_count: 2 }),
      createHalt({ task_id: "b", condition_name: "task_attempt_failed" }),
      createHalt({ task_id: "b", condition_name: "scope" }),
    ].reverse();
    expect(deriveTaskStrikes(halts)).toEqual([
      { taskId: "a", attempts: 2, struckOut: false },
      { taskId: "b", attempts: 1, struckOut: false },
    ]);
  });

  it("marks an open three_strikes halt and resets after its acknowledgement", () => {
    const failed = (attempt: number) =>
      createHalt({ task_id: "t", condition_name: "task_attempt_failed", attempt_count: attempt });
    expect(
      deriveTaskStrikes([
        failed(1),
        failed(2),
        failed(3),
        createHalt({ task_id: "t", condition_name: "three_strikes" }),
      ]),
    ).toEqual([{ taskId: "t", attempts: 3, struckOut: true }]);
    expect(
      deriveTaskStrikes([
        failed(1),
        failed(2),
        failed(3),
        createHalt({ task_id: "t", condition_name: "three_strikes", acknowledged: true }),
        createHalt({ task_id: "t", condition_name: "task_attempt_failed", attempt_count: 1 }),
      ]),
    ).toEqual([{ taskId: "t", attempts: 1, struckOut: false }]);
  });
});
