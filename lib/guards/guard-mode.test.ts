import { describe, expect, it } from "vitest";
import { DEFAULT_RUNTIME_FLAGS, type RuntimeFlags } from "@/lib/schemas/settings";
import {
  applyGuardMode,
  GUARD_SWITCH_FIELDS,
  guardMode,
  guardModeUpdate,
  overridesRespectingShadow,
} from "./guard-mode";

const flags = (overrides: Partial<RuntimeFlags>): RuntimeFlags => ({
  ...DEFAULT_RUNTIME_FLAGS,
  ...overrides,
});

describe("guardMode", () => {
  it.each([
    [{ auditGateEnabled: false, auditGateShadow: false }, "off"],
    [{ auditGateEnabled: false, auditGateShadow: true }, "shadow"],
    [{ auditGateEnabled: true, auditGateShadow: false }, "on"],
    // The shadow switch only counts while the gate is off.
    [{ auditGateEnabled: true, auditGateShadow: true }, "on"],
  ] as const)("reports the audit gate under %j as %s", (overrides, mode) => {
    expect(guardMode(flags(overrides), "audit_gate")).toBe(mode);
  });

  it("reads each switched guard from its own switch pair", () => {
    for (const [guard, fields] of Object.entries(GUARD_SWITCH_FIELDS)) {
      const off = { ...DEFAULT_RUNTIME_FLAGS, [fields.enabled]: false, [fields.shadow]: false };
      expect(guardMode(off, guard as keyof typeof GUARD_SWITCH_FIELDS)).toBe("off");
      expect(guardMode({ ...off, [fields.shadow]: true }, guard as keyof typeof GUARD_SWITCH_FIELDS)).toBe(
        "shadow",
      );
    }
    expect(Object.keys(GUARD_SWITCH_FIELDS).sort()).toEqual(["audit_gate", "quarantine", "scaffolding"]);
  });

  it("reports the judge's mode from its own field", () => {
    expect(guardMode(flags({ autonomousCompletionJudgeMode: "shadow" }), "completion_judge")).toBe("shadow");
    expect(guardMode(flags({ autonomousCompletionJudgeMode: "continue" }), "completion_judge")).toBe("on");
    expect(guardMode(flags({ autonomousCompletionJudgeMode: "off" }), "completion_judge")).toBe("off");
  });
});

describe("guardModeUpdate", () => {
  it("writes both audit gate switches so each mode round-trips through guardMode", () => {
    expect(guardModeUpdate("audit_gate", "shadow")).toEqual({
      auditGateEnabled: false,
      auditGateShadow: true,
    });
    expect(guardModeUpdate("audit_gate", "on")).toEqual({ auditGateEnabled: true, auditGateShadow: false });
    expect(guardModeUpdate("audit_gate", "off")).toEqual({ auditGateEnabled: false, auditGateShadow: false });
    for (const mode of ["off", "shadow", "on"] as const)
      expect(
        guardMode(flags({ auditGateShadow: true, ...guardModeUpdate("audit_gate", mode) }), "audit_gate"),
      ).toBe(mode);
  });
});

describe("applyGuardMode", () => {
  it("runs only the unguarded path when Off, only the guard when On, both in Shadow", () => {
    const calls: string[] = [];
    const guarded = () => {
      calls.push("guarded");
      return "guarded";
    };
    const unguarded = () => {
      calls.push("unguarded");
      return "raw";
    };
    expect(applyGuardMode("off", guarded, unguarded)).toEqual({ applied: "raw", shadowed: null });
    expect(applyGuardMode("on", guarded, unguarded)).toEqual({ applied: "guarded", shadowed: null });
    expect(applyGuardMode("shadow", guarded, unguarded)).toEqual({ applied: "raw", shadowed: "guarded" });
    expect(calls).toEqual(["unguarded", "guarded", "guarded", "unguarded"]);
  });
});

describe("overridesRespectingShadow", () => {
  const flags = (over: Partial<RuntimeFlags>): RuntimeFlags => ({ ...DEFAULT_RUNTIME_FLAGS, ...over });

  it("keeps a run's override of a guard that is Off", () => {
    expect(
      overridesRespectingShadow(flags({ auditGateEnabled: false, auditGateShadow: false }), {
        auditGateEnabled: true,
      }),
    ).toEqual({ auditGateEnabled: true });
  });

  it("drops the override of a guard the operator put in Shadow, and only that one", () => {
    const kept = overridesRespectingShadow(
      flags({ auditGateEnabled: false, auditGateShadow: true, toolResultQuarantineEnabled: false }),
      { auditGateEnabled: true, toolResultQuarantineEnabled: true, maxToolSteps: 3 },
    );
    expect(kept).toEqual({ toolResultQuarantineEnabled: true, maxToolSteps: 3 });
    expect(guardMode(flags({ auditGateEnabled: false, auditGateShadow: true, ...kept }), "audit_gate")).toBe(
      "shadow",
    );
  });
});
