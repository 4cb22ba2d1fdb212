import { describe, expect, it } from "vitest";
import {
  actionAfterFailures,
  classifyUserReset,
  createThreeStrikesState,
  parseThreeStrikesState,
  recordStrikeFailure,
  recordStrikeSuccess,
  resetStrikes,
  type StrikeKey,
  serializeThreeStrikesState,
  strikeCount,
  type ThreeStrikesState,
} from "./three-strikes";

const task: StrikeKey = { session_id: "sess_abc123", task_id: "task_fix_bug_42" };

function fail(state: ThreeStrikesState, key: StrikeKey, times: number): ThreeStrikesState {
  let current = state;
  for (let index = 0; index < times; index++) current = recordStrikeFailure(current, key).state;
  return current;
}

describe("three strikes (docs/halt-conditions.md#three-strikes)", () => {
  it("answers retry, try_alternative, then halt", () => {
    let state = createThreeStrikesState();
    const verdicts = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const result = recordStrikeFailure(state, task);
      state = result.state;
      verdicts.push(result.verdict);
    }
    expect(verdicts[0]).toEqual({
      type: "continue",
      attempt_count: 1,
      should_halt: false,
      recommended_action: "retry",
    });
    expect(verdicts[1]).toEqual({
      type: "continue",
      attempt_count: 2,
      should_halt: false,
      recommended_action: "try_alternative",
    });
    expect(verdicts[2]).toEqual({
      type: "halt",
      attempt_count: 3,
      should_halt: true,
      halt_type: "execution",
      condition_name: "three_strikes",
      severity: "high",
      description: "Task has failed 3 times. Context may be contaminated.",
      recommended_action: "HALT and escalate to user. Recommend fresh session.",
    });
  });

  it("keeps halting after the limit", () => {
    const state = fail(createThreeStrikesState(), task, 3);
    expect(recordStrikeFailure(state, task).verdict).toMatchObject({ type: "halt", attempt_count: 4 });
  });

  it("counts consecutive failures since the last success", () => {
    let state = fail(createThreeStrikesState(), task, 2);
    state = recordStrikeSuccess(state, task);
    expect(strikeCount(state, task)).toBe(0);
    expect(recordStrikeFailure(state, task).verdict).toMatchObject({
      attempt_count: 1,
      recommended_action: "retry",
    });
  });

  it("keeps tasks and sessions independent", () => {
    const other: StrikeKey = { session_id: "sess_abc123", task_id: "task_other" };
    const otherSession: StrikeKey = { session_id: "sess_zzz", task_id: "task_fix_bug_42" };
    const state = fail(fail(createThreeStrikesState(), task, 2), other, 1);
    expect(strikeCount(state, task)).toBe(2);
    expect(strikeCount(state, other)).toBe(1);
    expect(strikeCount(state, otherSession)).toBe(0);
  });

  it.each(["new_task", "new_information", "user_said_try_again"] as const)(
    "resets the pair on %s",
    (reason) => {
      const other: StrikeKey = { session_id: "sess_abc123", task_id: "task_other" };
      const state = resetStrikes(fail(fail(createThreeStrikesState(), task, 2), other, 1), task, reason);
      expect(strikeCount(state, task)).toBe(0);
      expect(strikeCount(state, other)).toBe(1);
    },
  );

  it("resets every task of the session on new_session, and no other session", () => {
    const other: StrikeKey = { session_id: "sess_abc123", task_id: null };
    const otherSession: StrikeKey = { session_id: "sess_zzz" };
    let state = fail(fail(fail(createThreeStrikesState(), task, 2), other, 2), otherSession, 2);
    state = resetStrikes(state, { session_id: "sess_abc123" }, "new_session");
    expect([strikeCount(state, task), strikeCount(state, other), strikeCount(state, otherSession)]).toEqual([
      0, 0, 2,
    ]);
  });

  it("does not let ids with separators collide", () => {
    const first: StrikeKey = { session_id: "a:b", task_id: "c" };
    const second: StrikeKey = { session_id: "a", task_id: "b:c" };
    const state = fail(createThreeStrikesState(), first, 1);
    expect(strikeCount(state, second)).toBe(0);
  });

  it("does not mutate the previous state", () => {
    const state = createThreeStrikesState();
    recordStrikeFailure(state, task);
    expect(state.failures).toEqual({});
  });

  it("supports another maximum", () => {
    expect([1, 2, 3, 4, 5].map((failures) => actionAfterFailures(failures, 5))).toEqual([
      "retry",
      "retry",
      "retry",
      "try_alternative",
      null,
    ]);
    expect(recordStrikeFailure(fail(createThreeStrikesState(5), task, 4), task).verdict.type).toBe("halt");
    expect(() => createThreeStrikesState(0)).toThrow(RangeError);
    expect(() => createThreeStrikesState(2.5)).toThrow(RangeError);
  });

  it.each([
    ["Try again", "user_said_try_again"],
    ["ok, please try it again with the new config", "user_said_try_again"],
    ["Keep trying", "user_said_try_again"],
    ["It's okay, keep going", "user_said_try_again"],
    ["Try approach B", "user_said_try_again"],
    ["Versuch es noch einmal", "user_said_try_again"],
    ["Riprova per favore", "user_said_try_again"],
    ["Why did it fail?", null],
    ["Stop trying", null],
  ])("classifyUserReset(%s) = %s", (message, expected) => {
    expect(classifyUserReset(message)).toBe(expected);
  });

  it("round-trips through JSON and rejects malformed state safely", () => {
    const state = fail(createThreeStrikesState(4), task, 2);
    expect(parseThreeStrikesState(serializeThreeStrikesState(state))).toEqual(state);
    expect(parseThreeStrikesState("not json")).toEqual(createThreeStrikesState());
    expect(parseThreeStrikesState('{"max_attempts":0}')).toEqual(createThreeStrikesState());
    expect(
      parseThreeStrikesState(
        '{"max_attempts":3,"failures":{"bad":2,"[\\"s\\",null]":-1,"[\\"s\\",\\"t\\"]":2}}',
      ),
    ).toEqual({
      max_attempts: 3,
      failures: { '["s","t"]': 2 },
    });
  });
});
