import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  appSettingsUpdateSchema,
  DEFAULT_RUNTIME_FLAGS,
  parseStoredFlags,
  RUNTIME_FLAG_NAMES,
  runtimeFlagsSchema,
} from "./settings";

describe("runtime flag defaults", () => {
  it("are valid and turn every safety feature on (the audit gate costs a model call and is opt-in)", () => {
    expect(runtimeFlagsSchema.parse(DEFAULT_RUNTIME_FLAGS)).toEqual(DEFAULT_RUNTIME_FLAGS);
    expect(DEFAULT_RUNTIME_FLAGS).toMatchObject({
      toolResultQuarantineEnabled: true,
      toolBudgetWrapupEnabled: true,
      runCompletionCaveatsEnabled: true,
      toolScaffoldingGuardEnabled: true,
      autonomousCompletionJudgeMode: "caveat",
      maxToolSteps: 24,
      auditGateEnabled: false,
      toolResultQuarantineShadow: false,
      toolScaffoldingGuardShadow: false,
      auditGateShadow: false,
    });
  });
  it("cover every field of the schema", () => {
    expect([...RUNTIME_FLAG_NAMES].sort()).toEqual(Object.keys(runtimeFlagsSchema.shape).sort());
  });
});

describe("appSettingsUpdateSchema", () => {
  it("accepts any non-empty subset", () => {
    expect(appSettingsUpdateSchema.parse({ maxToolSteps: 200 })).toEqual({ maxToolSteps: 200 });
    expect(appSettingsUpdateSchema.parse({ auditGatePrompt: null })).toEqual({ auditGatePrompt: null });
  });
  it.each([
    [{}],
    [{ maxToolSteps: 0 }],
    [{ maxToolSteps: 201 }],
    [{ maxToolSteps: "24" }],
    [{ autonomousCompletionJudgeMode: "sometimes" }],
    [{ auditGateHistorySize: 101 }],
    [{ auditGatePrompt: "" }],
    [{ auditGatePrompt: "x".repeat(20_001) }],
    [{ version: 3 }],
    [{ auditGateShadow: "true" }],
    [{ auditGateShadow: null }],
  ])("rejects %j", (body) => {
    expect(appSettingsUpdateSchema.safeParse(body).success).toBe(false);
  });
  it("converts to JSON Schema for the OpenAPI document", () => {
    const schema = z.toJSONSchema(runtimeFlagsSchema) as { properties: Record<string, unknown> };
    expect(Object.keys(schema.properties)).toContain("toolResultQuarantineEnabled");
  });
});

describe("parseStoredFlags", () => {
  it("keeps valid fields and replaces each invalid one with its safe default", () => {
    const { flags, invalidFields } = parseStoredFlags({
      ...DEFAULT_RUNTIME_FLAGS,
      toolResultQuarantineEnabled: false,
      maxToolSteps: 999,
      autonomousCompletionJudgeMode: "bogus",
      toolScaffoldingGuardEnabled: null,
    });
    expect(flags.toolResultQuarantineEnabled).toBe(false);
    expect(flags.maxToolSteps).toBe(24);
    expect(flags.autonomousCompletionJudgeMode).toBe("caveat");
    expect(flags.toolScaffoldingGuardEnabled).toBe(true);
    expect(invalidFields.sort()).toEqual([
      "autonomousCompletionJudgeMode",
      "maxToolSteps",
      "toolScaffoldingGuardEnabled",
    ]);
  });
  it("reads the audit gate's shadow switch from its column and defaults it to off", () => {
    expect(parseStoredFlags({ ...DEFAULT_RUNTIME_FLAGS, auditGateShadow: true }).flags.auditGateShadow).toBe(
      true,
    );
    const unreadable = parseStoredFlags({ ...DEFAULT_RUNTIME_FLAGS, auditGateShadow: "yes" });
    expect(unreadable.flags.auditGateShadow).toBe(false);
    expect(unreadable.invalidFields).toEqual(["auditGateShadow"]);
  });
  it("turns an empty row into the defaults", () => {
    expect(parseStoredFlags({}).flags).toEqual(DEFAULT_RUNTIME_FLAGS);
  });
});
