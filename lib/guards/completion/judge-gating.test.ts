import { describe, expect, it } from "vitest";
import { decideJudgeGating, type JudgeGatingInput } from "./judge-gating";

const base: JudgeGatingInput = {
  mode: "caveat",
  interactive: false,
  steered: false,
  toolsExecuted: 2,
  answer: "Done.",
  breaker: "closed",
};

describe("decideJudgeGating", () => {
  it("runs for a substantive non-interactive run in caveat or continue mode", () => {
    expect(decideJudgeGating(base)).toEqual({ type: "run" });
    expect(decideJudgeGating({ ...base, mode: "continue", breaker: "half-open" })).toEqual({ type: "run" });
  });

  it.each([
    [{ mode: "off" }, "mode off"],
    [{ interactive: true }, "interactive run"],
    [{ steered: true }, "steered"],
    [{ toolsExecuted: 0, answer: "hi" }, "no tool executed"],
    [{ answer: "  \n" }, "no textual answer"],
    [{ breaker: "open" }, "breaker open"],
    [{ mode: "off", breaker: "open", toolsExecuted: 0 }, "mode off"],
  ] as [Partial<JudgeGatingInput>, string][])("%j -> skip (%s)", (change, reason) => {
    expect(decideJudgeGating({ ...base, ...change })).toEqual({ type: "skip", reason });
  });
});
