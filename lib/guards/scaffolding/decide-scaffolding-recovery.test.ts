import { describe, expect, it } from "vitest";
import { decideScaffoldingRecovery } from "./decide-scaffolding-recovery";
import { MALFORMED_REPLY_MESSAGE, MalformedReplyError } from "./malformed-reply-error";
import { SCAFFOLDING_CORRECTION_LINE } from "./scaffolding-correction-line";
import { stripScaffolding } from "./strip-scaffolding";

describe("decideScaffoldingRecovery", () => {
  it.each([
    ["clean answer", "The answer.", 0, false, "accept"],
    ["scaffolding plus real content needs no recovery", "The answer.", 80, false, "accept"],
    ["real content after the recovery", "The answer.", 0, true, "accept"],
    ["scaffolding-only reply", "", 80, false, "recover"],
    ["whitespace left between stripped spans counts as empty", " \n\t ", 80, false, "recover"],
    ["second empty reply is terminal", "", 80, true, "fail"],
    ["empty recovery reply is terminal even with nothing stripped", "", 0, true, "fail"],
    ["empty reply with nothing stripped is not a scaffolding case", "", 0, false, "accept"],
  ] as const)("%s", (_name, visibleText, strippedChars, recoveryUsed, expected) => {
    expect(decideScaffoldingRecovery({ visibleText, strippedChars, recoveryUsed }).type).toBe(expected);
  });

  it("hands the fixed correction line to the recovery request", () => {
    expect(decideScaffoldingRecovery({ visibleText: "", strippedChars: 5, recoveryUsed: false })).toEqual({
      type: "recover",
      correctionLine: SCAFFOLDING_CORRECTION_LINE,
    });
  });

  it("drives the seed scenario end to end: one recovery, then a clean answer or a terminal error", () => {
    const first = stripScaffolding(
      "<|tool_call_start|>[read(path='/homelab/backup-notes.md')]<|tool_call_end|>",
    );
    const firstDecision = decideScaffoldingRecovery({
      visibleText: first.text,
      ...first,
      recoveryUsed: false,
    });
    expect(firstDecision.type).toBe("recover");

    const clean = stripScaffolding("Your backup notes say: nightly at 02:00.");
    expect(decideScaffoldingRecovery({ visibleText: clean.text, ...clean, recoveryUsed: true }).type).toBe(
      "accept",
    );

    const again = stripScaffolding("<|tool_calls|>[{}]");
    expect(decideScaffoldingRecovery({ visibleText: again.text, ...again, recoveryUsed: true }).type).toBe(
      "fail",
    );
  });
});

describe("SCAFFOLDING_CORRECTION_LINE", () => {
  it("is one fixed plain-text line with no scaffolding in it", () => {
    expect(SCAFFOLDING_CORRECTION_LINE).not.toContain("\n");
    expect(stripScaffolding(SCAFFOLDING_CORRECTION_LINE).strippedChars).toBe(0);
    expect(SCAFFOLDING_CORRECTION_LINE).toMatch(/plain text/);
  });
});

describe("MalformedReplyError", () => {
  it("carries the exact user-facing message, its name and the stripped count", () => {
    const cause = new Error("second empty reply");
    const error = new MalformedReplyError({ strippedChars: 42, cause });
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe("The model returned a malformed reply — please try again.");
    expect(MALFORMED_REPLY_MESSAGE).toBe(error.message);
    expect(error.name).toBe("MalformedReplyError");
    expect(error.strippedChars).toBe(42);
    expect(error.cause).toBe(cause);
    expect(new MalformedReplyError().strippedChars).toBe(0);
  });
});
