import { describe, expect, it } from "vitest";
import type { ToolEnvelope } from "@/lib/tools/agent-tool";
import { MALFORMED_REPLY_MESSAGE, SCAFFOLDING_CORRECTION_LINE } from "./scaffolding";
import {
  decideBudget,
  decideReply,
  decideRoundEnd,
  MIXED_ROUND_INTERVENTION,
  mixedRoundErrorEnvelope,
  type ReplyFacts,
  type StepPurpose,
  TOOL_BUDGET_EXHAUSTED_MESSAGE,
  TOOL_BUDGET_NO_WRAPUP_MESSAGE,
} from "./step-policy";
import {
  TERMINAL_ORDER_REJECTED_INTERVENTION,
  terminalOnSuccessIntervention,
  terminalOrderErrorEnvelope,
} from "./terminal-on-success";

const isTerminal = (name: string) => name === "commit";
const calls = (...names: string[]) => names.map((name) => ({ name }));

function reply(overrides: Partial<ReplyFacts>): ReplyFacts {
  return {
    purpose: "step",
    toolCalls: [],
    visibleText: "",
    strippedChars: 0,
    recoveryUsed: false,
    isTerminal,
    ...overrides,
  };
}

describe("decideReply: a reply without tool calls", () => {
  // purpose, visible text, stripped chars, recovery used -> action
  const table: [StepPurpose, string, number, boolean, string][] = [
    ["step", "the answer", 0, false, "finish"],
    ["step", "the answer", 40, false, "finish"],
    ["step", "   ", 0, false, "finish"],
    ["step", "", 40, false, "recover"],
    ["step", "", 40, true, "stop"],
    ["step", "", 0, true, "stop"],
    ["recovery", "fixed answer", 0, true, "finish"],
    ["recovery", "", 12, true, "stop"],
    ["wrapup", "best effort", 0, false, "finish"],
    ["wrapup", "", 30, false, "recover"],
  ];
  it.each(table)(
    "%s, text %j, %i stripped, recovery used %s -> %s",
    (purpose, visibleText, strippedChars, recoveryUsed, action) => {
      expect(decideReply(reply({ purpose, visibleText, strippedChars, recoveryUsed })).action).toBe(action);
    },
  );

  it("recover carries the fixed correction line; the second empty reply is a malformed stop", () => {
    expect(decideReply(reply({ strippedChars: 5 }))).toEqual({
      action: "recover",
      correctionLine: SCAFFOLDING_CORRECTION_LINE,
    });
    expect(decideReply(reply({ strippedChars: 5, recoveryUsed: true }))).toEqual({
      action: "stop",
      reason: "malformed_reply",
      message: MALFORMED_REPLY_MESSAGE,
    });
  });
});

describe("decideReply: a reply with tool calls", () => {
  it("runs the tools of a normal step", () => {
    expect(decideReply(reply({ toolCalls: calls("search", "read") })).action).toBe("run_tools");
    expect(decideReply(reply({ toolCalls: calls("search", "commit") })).action).toBe("run_tools");
  });

  it("tools withdrawn: ignored in the recovery request, a stop in the wrap-up turn", () => {
    expect(
      decideReply(reply({ purpose: "recovery", toolCalls: calls("search"), visibleText: "ok" })),
    ).toEqual({
      action: "finish",
    });
    expect(
      decideReply(
        reply({ purpose: "recovery", toolCalls: calls("search"), strippedChars: 3, recoveryUsed: true }),
      ).action,
    ).toBe("stop");
    expect(decideReply(reply({ purpose: "wrapup", toolCalls: calls("search"), visibleText: "x" }))).toEqual({
      action: "stop",
      reason: "tools_after_wrapup",
      message: TOOL_BUDGET_EXHAUSTED_MESSAGE,
    });
  });

  it("the order rule rejects the round before any tool runs", () => {
    for (const round of [calls("commit", "search"), calls("commit", "commit")]) {
      const decision = decideReply(reply({ toolCalls: round }));
      expect(decision.action).toBe("reject_round");
      if (decision.action !== "reject_round") continue;
      expect(decision.reason).toBe("terminal_order");
      expect(decision.intervention).toBe(TERMINAL_ORDER_REJECTED_INTERVENTION);
      expect(decision.envelope()).toEqual(terminalOrderErrorEnvelope());
    }
  });

  it("proxy: calls the runtime does not run go back to the caller; a mixed round is rejected", () => {
    const runsTool = (name: string) => name === "search" || name === "commit";
    expect(decideReply(reply({ toolCalls: calls("caller_tool"), runsTool })).action).toBe("finish");
    const mixed = decideReply(reply({ toolCalls: calls("search", "caller_tool"), runsTool }));
    expect(mixed.action).toBe("reject_round");
    if (mixed.action === "reject_round") {
      expect(mixed.reason).toBe("mixed_round");
      expect(mixed.intervention).toBe(MIXED_ROUND_INTERVENTION);
      expect(mixed.envelope()).toEqual(mixedRoundErrorEnvelope());
    }
    // The order rule is checked first: every call counts for "last", whoever runs it.
    const both = decideReply(reply({ toolCalls: calls("commit", "caller_tool"), runsTool }));
    expect(both.action === "reject_round" && both.reason).toBe("terminal_order");
    expect(decideReply(reply({ toolCalls: calls("search", "commit"), runsTool })).action).toBe("run_tools");
  });
});

describe("decideRoundEnd", () => {
  const ok: ToolEnvelope = { ok: true, status_code: 200, data: { status: "DENIED" } };
  const failed: ToolEnvelope = { ok: false, status_code: 409, error: { code: "conflict", message: "no" } };

  it("a successful terminal-on-success call of an executed round is a terminal stop", () => {
    expect(
      decideRoundEnd({
        executed: true,
        results: [
          { name: "search", envelope: ok },
          { name: "commit", envelope: ok },
        ],
        isTerminal,
      }),
    ).toEqual({ action: "terminal", tool: "commit", intervention: terminalOnSuccessIntervention("commit") });
  });

  it("a failed terminal call, an unannotated success or a rejected round continue", () => {
    expect(
      decideRoundEnd({ executed: true, results: [{ name: "commit", envelope: failed }], isTerminal }),
    ).toEqual({
      action: "continue",
    });
    expect(
      decideRoundEnd({ executed: true, results: [{ name: "search", envelope: ok }], isTerminal }).action,
    ).toBe("continue");
    expect(
      decideRoundEnd({ executed: false, results: [{ name: "commit", envelope: ok }], isTerminal }).action,
    ).toBe("continue");
  });
});

describe("decideBudget", () => {
  // tool steps, max, wrap-up on -> action
  const table: [number, number, boolean, string][] = [
    [0, 1, true, "continue"],
    [23, 24, false, "continue"],
    [24, 24, true, "wrapup"],
    [25, 24, true, "wrapup"],
    [24, 24, false, "stop"],
  ];
  it.each(table)("%i of %i steps, wrap-up %s -> %s", (toolSteps, maxToolSteps, wrapupEnabled, action) => {
    expect(decideBudget({ toolSteps, maxToolSteps, wrapupEnabled }).action).toBe(action);
  });

  it("the stop names the switched-off wrap-up", () => {
    expect(decideBudget({ toolSteps: 2, maxToolSteps: 2, wrapupEnabled: false })).toEqual({
      action: "stop",
      reason: "budget_no_wrapup",
      message: TOOL_BUDGET_NO_WRAPUP_MESSAGE,
    });
  });
});
