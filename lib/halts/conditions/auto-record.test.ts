import { describe, expect, it } from "vitest";
import {
  type CheckHaltConditionsOutput,
  type HaltReason,
  recordHaltInputSchema,
  type SeverityLevel,
} from "@/lib/schemas/halts";
import { buildAutoRecordInput, markReasonsRecorded, selectReasonsToAutoRecord } from "./auto-record";
import { createCheckInput } from "./create-check-input";
import { evaluateHaltConditions } from "./evaluate-halt-conditions";

function reason(condition_name: string, severity: SeverityLevel): HaltReason {
  return {
    halt_type: "execution",
    condition_name,
    severity,
    description: `${condition_name} fired`,
    auto_recorded: false,
  };
}

function output(reasons: HaltReason[]): CheckHaltConditionsOutput {
  return {
    should_halt: reasons.some((item) => item.severity !== "low"),
    halt_reasons: reasons,
    highest_severity: "low",
    recommended_action: "x",
  };
}

describe("selectReasonsToAutoRecord", () => {
  it.each([
    ["all critical", [reason("a", "critical"), reason("b", "critical")], ["a", "b"]],
    ["high by default", [reason("a", "high")], ["a"]],
    ["a single medium is not recorded", [reason("a", "medium"), reason("b", "high")], ["b"]],
    [
      "several mediums are all recorded",
      [reason("a", "medium"), reason("b", "medium"), reason("c", "low")],
      ["a", "b"],
    ],
    ["low is never recorded", [reason("a", "low")], []],
    ["nothing", [], []],
  ])("%s", (_label, reasons, expected) => {
    expect(selectReasonsToAutoRecord(output(reasons)).map((item) => item.condition_name)).toEqual(expected);
  });

  it("skips high when configured off and honours the medium minimum", () => {
    const reasons = [reason("a", "high"), reason("b", "medium"), reason("c", "critical")];
    expect(
      selectReasonsToAutoRecord(output(reasons), { recordHighSeverity: false, minimumMediumCount: 1 }).map(
        (item) => item.condition_name,
      ),
    ).toEqual(["b", "c"]);
  });

  it("records nothing when should_halt is false", () => {
    expect(selectReasonsToAutoRecord({ ...output([reason("a", "critical")]), should_halt: false })).toEqual(
      [],
    );
  });
});

describe("buildAutoRecordInput and markReasonsRecorded", () => {
  it("builds a valid, redacted record input from seed example 2", () => {
    const check = createCheckInput({
      attempt_number: 3,
      previous_errors: ["TypeError: x of null", "TypeError: x of undefined at postgres://u:hunter2pw@db/app"],
    });
    check.task_id = "task_fix_bug_42";
    const result = evaluateHaltConditions(check);
    const selected = selectReasonsToAutoRecord(result);
    expect(selected.map((item) => item.condition_name)).toEqual(["three_strikes", "secrets_exposure"]);
    const input = buildAutoRecordInput(check, selected[0] as HaltReason);
    expect(recordHaltInputSchema.parse(input)).toEqual(input);
    expect(input).toMatchObject({
      task_id: "task_fix_bug_42",
      halt_type: "execution",
      condition_name: "three_strikes",
      severity: "high",
      attempt_count: 3,
    });
    expect(JSON.stringify(input)).not.toContain("hunter2pw");
  });

  it("marks recorded reasons with their halt id", () => {
    const marked = markReasonsRecorded(
      output([reason("a", "critical"), reason("b", "medium")]),
      new Map([["a", "0f8fad5b-d9cb-469f-a165-70867728950e"]]),
    );
    expect(marked.halt_reasons).toEqual([
      { ...reason("a", "critical"), auto_recorded: true, halt_id: "0f8fad5b-d9cb-469f-a165-70867728950e" },
      reason("b", "medium"),
    ]);
  });
});
