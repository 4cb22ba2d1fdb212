import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  acknowledgeHaltInputSchema,
  acknowledgeHaltOutputSchema,
  checkHaltConditionsInputSchema,
  checkHaltConditionsOutputSchema,
  decodeHaltListCursor,
  encodeHaltListCursor,
  getSessionHaltsInputSchema,
  getSessionHaltsOutputSchema,
  haltConditionConfigSchema,
  haltEventSchema,
  haltIdSchema,
  listHaltsQuerySchema,
  recordHaltInputSchema,
  recordHaltOutputSchema,
  updateHaltConfigInputSchema,
  updateHaltConfigOutputSchema,
} from "./halts";

const UUID = "0f8fad5b-d9cb-469f-a165-70867728950e";

function messages(result: { success: boolean; error?: z.ZodError }): string[] {
  return result.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`) ?? [];
}

describe("JSON Schema conversion (REST, MCP inputSchema, OpenAPI)", () => {
  it.each(
    Object.entries({
      checkHaltConditionsInputSchema,
      checkHaltConditionsOutputSchema,
      recordHaltInputSchema,
      recordHaltOutputSchema,
      acknowledgeHaltInputSchema,
      acknowledgeHaltOutputSchema,
      getSessionHaltsInputSchema,
      getSessionHaltsOutputSchema,
      updateHaltConfigInputSchema,
      updateHaltConfigOutputSchema,
      haltEventSchema,
      haltConditionConfigSchema,
    }),
  )("%s converts to a closed JSON Schema object", (_name, schema) => {
    const jsonSchema = z.toJSONSchema(schema as z.ZodType) as {
      type?: string;
      additionalProperties?: unknown;
      properties?: object;
    };
    expect(jsonSchema.type).toBe("object");
    expect(jsonSchema.additionalProperties).toBe(false);
    expect(Object.keys(jsonSchema.properties ?? {}).length).toBeGreaterThan(1);
    const inputSchema = z.toJSONSchema(schema as z.ZodType, { io: "input" }) as { type?: string };
    expect(inputSchema.type).toBe("object");
  });

  it("keeps the seed's snake_case field names", () => {
    const jsonSchema = z.toJSONSchema(checkHaltConditionsOutputSchema) as {
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(Object.keys(jsonSchema.properties)).toEqual([
      "should_halt",
      "halt_reasons",
      "highest_severity",
      "recommended_action",
      "context_annotations",
    ]);
    expect(jsonSchema.required).toEqual([
      "should_halt",
      "halt_reasons",
      "highest_severity",
      "recommended_action",
    ]);
  });
});

describe("checkHaltConditionsInputSchema", () => {
  const valid = {
    session_token: "sess_abc123",
    current_context: { operation: "modify authentication logic" },
  };

  it("accepts the minimal input", () => {
    expect(checkHaltConditionsInputSchema.parse(valid)).toEqual(valid);
  });

  it.each([
    ["a missing session_token", { current_context: valid.current_context }, "session_token"],
    [
      "a session_token with spaces",
      { ...valid, session_token: "a b" },
      "session_token: session_token must be printable ASCII without spaces",
    ],
    ["an unknown top-level key", { ...valid, shuold_halt: true }, 'Unrecognized key: "shuold_halt"'],
    [
      "an unknown context key",
      { ...valid, current_context: { operation: "x", file: "a" } },
      'current_context: Unrecognized key: "file"',
    ],
    [
      "an empty operation",
      { ...valid, current_context: { operation: "   " } },
      "current_context.operation: operation is required",
    ],
    [
      "uncertainty above 10",
      { ...valid, current_context: { operation: "x", uncertainty_score: 11 } },
      "uncertainty_score must be between 0 and 10",
    ],
    [
      "attempt 0",
      { ...valid, current_context: { operation: "x", attempt_number: 0 } },
      "attempt_number must be at least 1",
    ],
    [
      "a fractional attempt",
      { ...valid, current_context: { operation: "x", attempt_number: 1.5 } },
      "attempt_number",
    ],
    [
      "proposed changes without has_tests",
      { ...valid, proposed_changes: { files_to_modify: [], has_rollback_plan: true } },
      "has_tests must be a boolean",
    ],
  ])("rejects %s", (_label, input, expected) => {
    const result = checkHaltConditionsInputSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(messages(result).join("\n")).toContain(expected);
  });
});

describe("recordHaltInputSchema", () => {
  const valid = {
    session_token: "sess_abc123",
    halt_type: "security",
    description: "Secret in command",
    severity: "critical",
  };

  it("accepts the seed's fields", () => {
    const full = {
      ...valid,
      task_id: "t1",
      condition_name: "secrets_exposure",
      context: {
        file_paths: ["a"],
        commands: ["b"],
        error_messages: ["c"],
        uncertainty_score: 3,
        attempt_number: 2,
      },
      attempt_count: 2,
      previous_error: "e",
      auto_escalate: true,
    };
    expect(recordHaltInputSchema.parse(full)).toEqual(full);
  });

  it("accepts a description of exactly 4000 characters and rejects 4001", () => {
    expect(recordHaltInputSchema.safeParse({ ...valid, description: "x".repeat(4000) }).success).toBe(true);
    const result = recordHaltInputSchema.safeParse({ ...valid, description: "x".repeat(4001) });
    expect(messages(result)).toEqual(["description: description must be at most 4000 characters"]);
  });

  it.each([
    [
      "an unknown halt_type",
      { ...valid, halt_type: "network" },
      "halt_type must be one of: code_safety, scope, environment, execution, security, uncertainty",
    ],
    [
      "an unknown severity",
      { ...valid, severity: "urgent" },
      "severity must be one of: low, medium, high, critical",
    ],
    ["a missing description", { ...valid, description: undefined }, "description"],
    [
      "a non-snake_case condition_name",
      { ...valid, condition_name: "Three Strikes" },
      "condition_name must be snake_case",
    ],
    ["an unknown context key", { ...valid, context: { secrets: ["x"] } }, 'Unrecognized key: "secrets"'],
  ])("rejects %s", (_label, input, expected) => {
    const result = recordHaltInputSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(messages(result).join("\n")).toContain(expected);
  });
});

describe("halt ids", () => {
  it.each([
    UUID,
    UUID.toUpperCase(),
    "00000000-0000-0000-0000-000000000000",
    "7c9e6679-7425-40de-944b-e07fc1f90ae7",
  ])("accepts the textual UUID %s", (id) => {
    expect(haltIdSchema.parse(id)).toBe(id.toLowerCase());
  });

  it.each([
    "halt_789xyz",
    "0f8fad5bd9cb469fa16570867728950e",
    "\u000f\u008f\u00ad[\u00d9\u00cbF\u009f\u00a1ep\u0086w(\u0095\u000e",
    "",
  ])("rejects %j", (id) => {
    expect(messages(haltIdSchema.safeParse(id))).toEqual([
      ": halt_id must be a UUID such as 0f8fad5b-d9cb-469f-a165-70867728950e",
    ]);
  });
});

describe("acknowledgeHaltInputSchema", () => {
  it("parses the seed's example 3 except for its placeholder id", () => {
    const example = {
      session_token: "sess_abc123",
      halt_id: "halt_789xyz",
      resolution: "resolved",
      resolution_notes: "User confirmed they read the file in another session",
    };
    expect(messages(acknowledgeHaltInputSchema.safeParse(example))).toEqual([
      "halt_id: halt_id must be a UUID such as 0f8fad5b-d9cb-469f-a165-70867728950e",
    ]);
    expect(acknowledgeHaltInputSchema.parse({ ...example, halt_id: UUID }).resolution).toBe("resolved");
  });

  it("accepts continue_with_caution and rejects the timeout resolution (reserved for escalation)", () => {
    expect(
      acknowledgeHaltInputSchema.safeParse({
        session_token: "s",
        halt_id: UUID,
        resolution: "dismissed",
        continue_with_caution: true,
      }).success,
    ).toBe(true);
    const result = acknowledgeHaltInputSchema.safeParse({
      session_token: "s",
      halt_id: UUID,
      resolution: "timeout",
    });
    expect(messages(result)).toEqual([
      "resolution: resolution must be one of: resolved, escalated, dismissed",
    ]);
  });

  it("validates the output", () => {
    const output = {
      confirmed: true,
      halt_id: UUID,
      acknowledged_at: "2026-02-11T10:00:00Z",
      session_can_resume: true,
      warnings: ["w"],
    };
    expect(acknowledgeHaltOutputSchema.parse(output)).toEqual(output);
    expect(acknowledgeHaltOutputSchema.safeParse({ ...output, acknowledged_at: "yesterday" }).success).toBe(
      false,
    );
  });
});

describe("getSessionHaltsInputSchema", () => {
  it("applies the seed's defaults", () => {
    expect(getSessionHaltsInputSchema.parse({ session_token: "s" })).toEqual({
      session_token: "s",
      include_acknowledged: false,
      limit: 50,
      offset: 0,
    });
  });

  it("accepts a cursor from encodeHaltListCursor and round-trips it", () => {
    const cursor = encodeHaltListCursor({ triggered_at: "2026-02-11T10:00:00.123Z", halt_id: UUID });
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeHaltListCursor(cursor)).toEqual({ triggered_at: "2026-02-11T10:00:00.123Z", halt_id: UUID });
    expect(getSessionHaltsInputSchema.parse({ session_token: "s", cursor }).cursor).toBe(cursor);
  });

  it.each([
    [
      "a forged cursor",
      { session_token: "s", cursor: "bm90LWEtY3Vyc29y" },
      "cursor is not a valid halt list cursor",
    ],
    [
      "cursor with offset",
      {
        session_token: "s",
        cursor: encodeHaltListCursor({ triggered_at: "2026-02-11T10:00:00Z", halt_id: UUID }),
        offset: 10,
      },
      "use either cursor or offset, not both",
    ],
    ["limit 0", { session_token: "s", limit: 0 }, "limit must be at least 1"],
    ["limit 500", { session_token: "s", limit: 500 }, "limit must be at most 200"],
    ["an unknown severity filter", { session_token: "s", severity: "severe" }, "severity must be one of"],
  ])("rejects %s", (_label, input, expected) => {
    expect(messages(getSessionHaltsInputSchema.safeParse(input)).join("\n")).toContain(expected);
  });

  it("never throws on garbage cursors", () => {
    for (const garbage of ["", "%%%", "e30", "W10", btoa('{"triggered_at":"x","halt_id":"y"}')])
      expect(decodeHaltListCursor(garbage)).toBeNull();
  });

  it("validates the output with counts and next_cursor", () => {
    const output = {
      total_count: 1,
      unacknowledged_count: 1,
      next_cursor: null,
      halts: [
        {
          halt_id: UUID,
          halt_type: "execution",
          severity: "high",
          description: "d",
          triggered_at: "2026-02-11T10:00:00Z",
          acknowledged: false,
        },
      ],
    };
    expect(getSessionHaltsOutputSchema.parse(output)).toEqual(output);
  });
});

describe("updateHaltConfigInputSchema", () => {
  it("accepts a partial update with a valid threshold", () => {
    const input = {
      condition_name: "three_strikes",
      threshold: { max_attempts: 5 },
      escalate_after_minutes: null,
    };
    expect(updateHaltConfigInputSchema.parse(input)).toEqual(input);
  });

  it.each([
    ["no values", { condition_name: "three_strikes" }, "give at least one value to update"],
    [
      "an unknown condition",
      { condition_name: "gut_feeling", enabled: false },
      "condition_name must be one of",
    ],
    [
      "an invalid threshold value",
      { condition_name: "repeated_errors", threshold: { similarity_threshold: 2 } },
      "threshold.similarity_threshold: invalid threshold for repeated_errors",
    ],
    [
      "an unknown threshold key",
      { condition_name: "three_strikes", threshold: { max_attempt: 3 } },
      "invalid threshold for three_strikes",
    ],
    [
      "escalation after 0 minutes",
      { condition_name: "three_strikes", escalate_after_minutes: 0 },
      "escalate_after_minutes must be at least 1",
    ],
  ])("rejects %s", (_label, input, expected) => {
    const result = updateHaltConfigInputSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(messages(result).join("\n")).toContain(expected);
  });

  it("validates the output's previous and current values", () => {
    const values = {
      enabled: true,
      severity: "high",
      threshold: { max_attempts: 3 },
      auto_escalate: false,
      escalate_after_minutes: null,
    };
    const output = {
      updated: true,
      previous_values: values,
      current_values: { ...values, threshold: { max_attempts: 5 } },
    };
    expect(updateHaltConfigOutputSchema.parse(output)).toEqual(output);
    expect(
      updateHaltConfigOutputSchema.safeParse({ ...output, current_values: { ...values, colour: "red" } })
        .success,
    ).toBe(false);
  });
});

describe("haltEventSchema", () => {
  it("accepts the seed's minimal event and the full database row", () => {
    const minimal = {
      halt_id: UUID,
      halt_type: "scope",
      severity: "medium",
      description: "d",
      triggered_at: "2026-02-11T10:00:00Z",
      acknowledged: false,
    };
    expect(haltEventSchema.parse(minimal)).toEqual(minimal);
    const full = {
      ...minimal,
      acknowledged: true,
      acknowledged_at: "2026-02-11T10:05:00+01:00",
      resolution: "timeout",
      session_id: "sess_1",
      task_id: null,
      condition_name: "ambiguous_requirements",
      context: { commands: ["ls"] },
      acknowledged_by: "ops@example.com",
      resolution_notes: null,
      attempt_count: 2,
      previous_error: null,
    };
    expect(haltEventSchema.parse(full)).toEqual(full);
  });
});

describe("listHaltsQuerySchema", () => {
  it("takes a whole session id or its first 8 or more characters, lower-cased", () => {
    expect(listHaltsQuerySchema.parse({ session_id: "0F8FAD5B" }).session_id).toBe("0f8fad5b");
    expect(
      listHaltsQuerySchema.parse({ session_id: "0f8fad5b-d9cb-469f-a165-70867728950e" }).session_id,
    ).toBe("0f8fad5b-d9cb-469f-a165-70867728950e");
    const short = listHaltsQuerySchema.safeParse({ session_id: "0f8fad5" });
    expect(short.success).toBe(false);
    expect(short.error?.issues[0]?.message).toMatch(/first 8 or more characters/);
  });

  it("refuses a from after to with a message, and accepts an empty or one-sided range", () => {
    const reversed = listHaltsQuerySchema.safeParse({
      from: "2026-01-02T00:00:00Z",
      to: "2026-01-01T00:00:00Z",
    });
    expect(reversed.success).toBe(false);
    expect(reversed.error?.issues[0]).toMatchObject({ path: ["from"], message: "from must not be after to" });
    expect(
      listHaltsQuerySchema.safeParse({ from: "2026-01-01T00:00:00Z", to: "2026-01-01T00:00:00Z" }).success,
    ).toBe(true);
    expect(listHaltsQuerySchema.safeParse({ to: "2026-01-01T00:00:00Z" }).success).toBe(true);
  });
});
