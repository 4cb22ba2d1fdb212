import { describe, expect, it } from "vitest";
import type { ToolEnvelope } from "@/lib/tools/agent-tool";
import {
  checkTerminalOrder,
  isTerminalSuccess,
  readTerminalOnSuccess,
  TERMINAL_ON_SUCCESS_ANNOTATION,
  TERMINAL_ORDER_REJECTED_INTERVENTION,
  terminalAnnotationInvalidIntervention,
  terminalOnSuccessIntervention,
  terminalOrderErrorEnvelope,
} from "./index";

/** A round of calls from tool names. */
function round(...names: string[]): { name: string }[] {
  return names.map((name) => ({ name }));
}

/** The tool set of the upstream tests: `call_action` is annotated, the others are not. */
const isTerminal = (name: string) => name === "call_action" || name === "commit_action";

describe("cllama terminalsuccess_test.go (pure parts)", () => {
  it("OpenAITerminalOnSuccessStopsAfterAuthoritativeReceipt: a 200 ok:true receipt terminates whatever its domain state", () => {
    const receipt: ToolEnvelope = {
      ok: true,
      status_code: 200,
      data: { status: "DENIED", receipt_id: "receipt-1" },
    };
    expect(readTerminalOnSuccess({ [TERMINAL_ON_SUCCESS_ANNOTATION]: true })).toEqual({
      enabled: true,
      invalid: false,
    });
    expect(checkTerminalOrder(round("call_action"), isTerminal)).toEqual({ valid: true });
    expect(isTerminalSuccess(receipt)).toBe(true);
    expect(terminalOnSuccessIntervention("call_action")).toBe("managed_tool_terminal_on_success:call_action");
  });

  it("TerminalOnSuccessInvalidAnnotationWarnsAndStaysDisabled: the string 'true' is invalid and disabled", () => {
    expect(readTerminalOnSuccess({ [TERMINAL_ON_SUCCESS_ANNOTATION]: "true" })).toEqual({
      enabled: false,
      invalid: true,
    });
    expect(terminalAnnotationInvalidIntervention("call_action")).toBe(
      "managed_tool_terminal_annotation_invalid:call_action",
    );
  });

  it("TerminalOnSuccessFailedReceiptKeepsRecoveryRound: a 409 ok:false result does not terminate", () => {
    expect(
      isTerminalSuccess({
        ok: false,
        status_code: 409,
        error: { code: "conflict", message: "Already decided." },
      }),
    ).toBe(false);
  });

  it("TerminalOnSuccessMustBeLastBeforeAnyToolExecutes: a terminal call followed by a managed call is rejected", () => {
    expect(checkTerminalOrder(round("call_action", "lookup_status"), isTerminal)).toEqual({
      valid: false,
      reason: "not_last",
    });
    expect(JSON.stringify(terminalOrderErrorEnvelope())).toContain("terminal_on_success_order");
    expect(TERMINAL_ORDER_REJECTED_INTERVENTION).toBe("managed_tool_terminal_order_rejected");
  });

  it("TerminalOnSuccessRejectsNativeSuffixBeforeAnyToolExecutes: a runner-native call after a terminal is rejected", () => {
    expect(checkTerminalOrder(round("call_action", "runner_local"), isTerminal)).toEqual({
      valid: false,
      reason: "not_last",
    });
  });

  it("TerminalOnSuccessAfterEarlierToolErrorStillTerminates: prepare fails (409), commit succeeds, the round terminates", () => {
    expect(checkTerminalOrder(round("prepare_action", "commit_action"), isTerminal)).toEqual({ valid: true });
    const results: { name: string; envelope: ToolEnvelope }[] = [
      {
        name: "prepare_action",
        envelope: { ok: false, status_code: 409, error: { code: "conflict", message: "x" } },
      },
      { name: "commit_action", envelope: { ok: true, status_code: 200, data: { receipt_id: "receipt-2" } } },
    ];
    expect(results.some((result) => isTerminal(result.name) && isTerminalSuccess(result.envelope))).toBe(
      true,
    );
  });

  it("TerminalOnSuccessDuplicatePolicyMatrix: a replayed cached success terminates, a reject envelope does not", () => {
    const replayed: ToolEnvelope = { ok: true, status_code: 200, data: { receipt_id: "receipt-1" } };
    const rejected: ToolEnvelope = {
      ok: false,
      status_code: 409,
      error: { code: "duplicate_call", message: "This call was already made." },
    };
    expect(isTerminalSuccess(replayed)).toBe(true);
    expect(isTerminalSuccess(rejected)).toBe(false);
  });
});

describe("readTerminalOnSuccess", () => {
  it.each([
    ["no annotations", undefined, { enabled: false, invalid: false }],
    ["annotations without the key", { readOnlyHint: true }, { enabled: false, invalid: false }],
    ["true", { [TERMINAL_ON_SUCCESS_ANNOTATION]: true }, { enabled: true, invalid: false }],
    [
      "false disables without a warning",
      { [TERMINAL_ON_SUCCESS_ANNOTATION]: false },
      { enabled: false, invalid: false },
    ],
    ["the string 'true'", { [TERMINAL_ON_SUCCESS_ANNOTATION]: "true" }, { enabled: false, invalid: true }],
    ["the number 1", { [TERMINAL_ON_SUCCESS_ANNOTATION]: 1 }, { enabled: false, invalid: true }],
    ["null", { [TERMINAL_ON_SUCCESS_ANNOTATION]: null }, { enabled: false, invalid: true }],
    [
      "an explicit undefined",
      { [TERMINAL_ON_SUCCESS_ANNOTATION]: undefined },
      { enabled: false, invalid: true },
    ],
    ["an object", { [TERMINAL_ON_SUCCESS_ANNOTATION]: { value: true } }, { enabled: false, invalid: true }],
  ] as const)("%s", (_name, annotations, expected) => {
    expect(readTerminalOnSuccess(annotations as Record<string, unknown> | undefined)).toEqual(expected);
  });

  it("does not read the key through the prototype chain", () => {
    const inherited = Object.create({ [TERMINAL_ON_SUCCESS_ANNOTATION]: true }) as Record<string, unknown>;
    expect(readTerminalOnSuccess(inherited)).toEqual({ enabled: false, invalid: false });
  });
});

describe("checkTerminalOrder", () => {
  it.each([
    ["an empty round", [], { valid: true }],
    ["no terminal call", ["lookup_status", "runner_local"], { valid: true }],
    ["a sole terminal call", ["call_action"], { valid: true }],
    ["a terminal call last", ["lookup_status", "runner_local", "call_action"], { valid: true }],
    ["a terminal call first of two", ["call_action", "lookup_status"], { valid: false, reason: "not_last" }],
    [
      "a terminal call in the middle",
      ["lookup_status", "call_action", "x"],
      { valid: false, reason: "not_last" },
    ],
    [
      "an unknown tool after a terminal",
      ["call_action", "no_such_tool"],
      { valid: false, reason: "not_last" },
    ],
    ["two terminal calls", ["call_action", "commit_action"], { valid: false, reason: "multiple" }],
    ["the same terminal call twice", ["call_action", "call_action"], { valid: false, reason: "multiple" }],
    [
      "two terminals with others between",
      ["call_action", "x", "commit_action"],
      { valid: false, reason: "multiple" },
    ],
  ] as const)("%s", (_name, names, expected) => {
    expect(checkTerminalOrder(round(...names), isTerminal)).toEqual(expected);
  });
});

describe("terminalOrderErrorEnvelope", () => {
  it("is exactly cllama's 409 envelope", () => {
    expect(terminalOrderErrorEnvelope()).toStrictEqual({
      ok: false,
      status_code: 409,
      error: {
        code: "terminal_on_success_order",
        message:
          "A terminal-on-success managed tool must be the final tool call in the round. No tools were executed. Re-emit calls in a safe order.",
        details: { tools_executed: false, required_order: "terminal_on_success_last" },
      },
    });
  });

  it("returns a fresh object each time", () => {
    const first = terminalOrderErrorEnvelope();
    first.error.message = "changed";
    expect(terminalOrderErrorEnvelope().error.message).not.toBe("changed");
  });

  it("is not itself a terminal success", () => {
    expect(isTerminalSuccess(terminalOrderErrorEnvelope())).toBe(false);
  });
});

describe("isTerminalSuccess", () => {
  it.each([
    ["200 ok", { ok: true, status_code: 200 }, true],
    ["201 ok with data", { ok: true, status_code: 201, data: { id: 1 } }, true],
    ["299 ok", { ok: true, status_code: 299 }, true],
    ["204 ok with a DENIED payload", { ok: true, status_code: 204, data: { status: "DENIED" } }, true],
    ["ok but 300", { ok: true, status_code: 300 }, false],
    ["ok but 199", { ok: true, status_code: 199 }, false],
    ["ok but 500", { ok: true, status_code: 500 }, false],
    [
      "ok:false with a 200 status",
      { ok: false, status_code: 200, error: { code: "x", message: "y" } },
      false,
    ],
    ["ok:false without a status", { ok: false, error: { code: "x", message: "y" } }, false],
  ] as const)("%s -> %s", (_name, envelope, expected) => {
    expect(isTerminalSuccess(envelope as ToolEnvelope)).toBe(expected);
  });
});
