import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type CheckHaltConditionsInput,
  checkHaltConditionsInputSchema,
  checkHaltConditionsOutputSchema,
  HALT_CONDITION_NAMES,
  type HaltConditionConfig,
  haltConditionConfigSchema,
  haltConditionThresholdSchemas,
} from "@/lib/schemas/halts";
import { createCheckInput } from "./create-check-input";
import {
  DEFAULT_HALT_CONDITION_CONFIG,
  DEFAULT_HALT_CONDITIONS,
  SEED_DEFAULT_CONDITION_NAMES,
} from "./default-halt-conditions";
import {
  evaluateHaltConditions,
  failSafeHaltCheckOutput,
  HALT_CHECK_FAILED_PREFIX,
  recommendAction,
} from "./evaluate-halt-conditions";
import type { RegisteredHaltCondition } from "./halt-condition";

function withRow(conditionName: string, overrides: Partial<HaltConditionConfig>): HaltConditionConfig[] {
  return DEFAULT_HALT_CONDITION_CONFIG.map((row) =>
    row.condition_name === conditionName ? { ...row, ...overrides } : row,
  );
}

describe("halt contract usage examples (docs/halt-conditions.md#usage-examples)", () => {
  it("example 1: code safety check", () => {
    // Agent wants to modify src/auth.js (verbatim from docs/halt-conditions.md#usage-examples)
    const input = checkHaltConditionsInputSchema.parse({
      session_token: "sess_abc123",
      current_context: {
        operation: "modify authentication logic",
        target_files: ["src/auth.js"],
        files_read: ["src/app.js"], // auth.js NOT read!
        attempt_number: 1,
      },
      proposed_changes: {
        files_to_modify: ["src/auth.js"],
        has_tests: false,
        has_rollback_plan: false,
      },
    });
    const result = checkHaltConditionsOutputSchema.parse(evaluateHaltConditions(input));
    expect(result.should_halt).toBe(true);
    expect(
      result.halt_reasons.map(({ halt_type, condition_name, severity, description }) => ({
        halt_type,
        condition_name,
        severity,
        description,
      })),
    ).toEqual([
      {
        halt_type: "code_safety",
        condition_name: "modifying_unread_code",
        severity: "critical",
        description: "Attempting to modify src/auth.js which has not been read",
      },
      {
        halt_type: "code_safety",
        condition_name: "no_rollback_plan",
        severity: "high",
        description: "No rollback plan provided for changes",
      },
    ]);
    expect(result.highest_severity).toBe("critical");
    expect(result.context_annotations).toEqual({ files_not_read: ["src/auth.js"] });
    expect(
      result.halt_reasons.every((reason) => reason.auto_recorded === false && reason.halt_id === undefined),
    ).toBe(true);
  });

  it("example 2: three strikes", () => {
    // Third attempt on task (verbatim from docs/halt-conditions.md#usage-examples)
    const input = checkHaltConditionsInputSchema.parse({
      session_token: "sess_abc123",
      task_id: "task_fix_bug_42",
      current_context: {
        operation: "fix null pointer exception",
        attempt_number: 3,
        previous_errors: [
          "TypeError: Cannot read property 'x' of null",
          "TypeError: Cannot read property 'x' of undefined",
        ],
      },
    });
    const result = checkHaltConditionsOutputSchema.parse(evaluateHaltConditions(input));
    expect(result.should_halt).toBe(true);
    expect(
      result.halt_reasons.map(({ halt_type, condition_name, severity, description }) => ({
        halt_type,
        condition_name,
        severity,
        description,
      })),
    ).toEqual([
      {
        halt_type: "execution",
        condition_name: "three_strikes",
        severity: "high",
        description: "Task has failed 3 times. Context may be contaminated.",
      },
      {
        halt_type: "execution",
        condition_name: "repeated_errors",
        severity: "medium",
        description: "Similar errors across attempts suggest fundamental misunderstanding",
      },
    ]);
    expect(result.recommended_action).toBe("HALT and escalate to user. Recommend fresh session.");
    expect(result.highest_severity).toBe("high");
    expect(result.context_annotations?.similar_previous_errors).toHaveLength(2);
  });
});

describe("evaluateHaltConditions", () => {
  it("returns a clean result for a harmless context", () => {
    expect(evaluateHaltConditions(createCheckInput({ commands: ["ls -la"], files_read: ["a.ts"] }))).toEqual({
      should_halt: false,
      halt_reasons: [],
      highest_severity: "low",
      recommended_action: "proceed",
    });
  });

  it("skips disabled conditions", () => {
    const input = createCheckInput({ attempt_number: 3 });
    const result = evaluateHaltConditions(input, withRow("three_strikes", { enabled: false }));
    expect(result.halt_reasons).toEqual([]);
    expect(result.should_halt).toBe(false);
  });

  it("reports the configured severity and threshold", () => {
    const input = createCheckInput({ attempt_number: 3 });
    const lowered = evaluateHaltConditions(input, withRow("three_strikes", { severity: "medium" }));
    expect(lowered.halt_reasons[0]?.severity).toBe("medium");
    const raised = evaluateHaltConditions(
      input,
      withRow("three_strikes", { threshold: { max_attempts: 4 } }),
    );
    expect(raised.halt_reasons).toEqual([]);
    expect(raised.recommended_action).toBe("try_alternative");
  });

  it("uses the default row for a condition missing from the configuration (fails safe: enabled)", () => {
    const result = evaluateHaltConditions(createCheckInput({ attempt_number: 3 }), []);
    expect(result.halt_reasons.map((reason) => reason.condition_name)).toEqual(["three_strikes"]);
  });

  it("does not halt for low-severity reasons only", () => {
    const result = evaluateHaltConditions(createCheckInput({ uncertainty_score: 6 }));
    expect(result.should_halt).toBe(false);
    expect(result.highest_severity).toBe("low");
    expect(result.recommended_action).toBe("proceed_with_caution");
    expect(result.halt_reasons).toHaveLength(1);
  });

  it("redacts secrets that reach descriptions and annotations", () => {
    const secretFile = `config/ghp_${"a".repeat(36)}.json`;
    const result = evaluateHaltConditions(createCheckInput({ target_files: [secretFile] }));
    expect(JSON.stringify(result)).not.toContain("a".repeat(36));
    expect(result.context_annotations?.files_not_read?.[0]).toBe("config/[REDACTED].json");
  });

  it.each([
    [undefined, "proceed"],
    [1, "proceed"],
    [2, "try_alternative"],
  ])("recommends %s -> %s when nothing fires", (attempt, action) => {
    const input = createCheckInput(attempt === undefined ? {} : { attempt_number: attempt });
    expect(evaluateHaltConditions(input).recommended_action).toBe(action);
  });

  it("recommends by highest severity", () => {
    const reason = (condition_name: string, severity: "low" | "medium" | "high" | "critical") => ({
      halt_type: "scope" as const,
      condition_name,
      severity,
      description: "d",
      auto_recorded: false,
    });
    expect(recommendAction([reason("a", "critical"), reason("b", "high")])).toMatch(
      /^HALT immediately and escalate to a human: a\./,
    );
    expect(recommendAction([reason("b", "high"), reason("c", "medium")])).toBe(
      "HALT and ask the user for explicit approval: b.",
    );
    expect(recommendAction([reason("c", "medium")])).toBe(
      "HALT and ask the user how to proceed (the user may override): c.",
    );
    expect(recommendAction([], 2, 5)).toBe("retry");
    expect(recommendAction([], 4, 5)).toBe("try_alternative");
  });
});

describe("fail-safe behaviour", () => {
  it("turns a throwing condition into a critical 'Halt check failed' reason and keeps the others", () => {
    const exploding: RegisteredHaltCondition = {
      condition_name: "out_of_scope",
      halt_type: "scope",
      evaluate: () => {
        throw new Error("boom");
      },
    };
    const conditions = [
      ...DEFAULT_HALT_CONDITIONS.filter((condition) => condition.condition_name !== "out_of_scope"),
      exploding,
    ];
    const result = evaluateHaltConditions(
      createCheckInput({ attempt_number: 3 }),
      DEFAULT_HALT_CONDITION_CONFIG,
      conditions,
    );
    expect(result.should_halt).toBe(true);
    expect(result.highest_severity).toBe("critical");
    expect(result.halt_reasons.map((reason) => reason.condition_name)).toEqual([
      "three_strikes",
      "out_of_scope",
    ]);
    const failure = result.halt_reasons[1];
    expect(failure?.severity).toBe("critical");
    expect(failure?.description).toBe(`${HALT_CHECK_FAILED_PREFIX}out_of_scope: boom`);
    expect(checkHaltConditionsOutputSchema.safeParse(result).success).toBe(true);
  });

  it("fails safe on an invalid stored threshold", () => {
    const result = evaluateHaltConditions(
      createCheckInput(),
      withRow("repeated_errors", { threshold: { similarity_threshold: "high" } }),
    );
    expect(result.should_halt).toBe(true);
    expect(result.highest_severity).toBe("critical");
    expect(result.halt_reasons[0]?.description).toMatch(
      /^Halt check failed: repeated_errors: similarity_threshold: /,
    );
  });

  it("fails safe when the configuration itself is broken", () => {
    const broken = {
      find() {
        throw new Error("config unavailable");
      },
    } as unknown as HaltConditionConfig[];
    const result = evaluateHaltConditions(createCheckInput(), broken);
    expect(result).toEqual(failSafeHaltCheckOutput(new Error("config unavailable")));
    expect(result.should_halt).toBe(true);
    expect(result.highest_severity).toBe("critical");
    expect(result.halt_reasons[0]?.description).toBe("Halt check failed: config unavailable");
  });

  it("redacts secrets in failure messages", () => {
    const output = failSafeHaltCheckOutput(new Error("connect postgres://u:topsecret1@db/app failed"));
    expect(output.halt_reasons[0]?.description).toBe(
      "Halt check failed: connect postgres://u:[REDACTED]@db/app failed",
    );
  });

  it("never throws and always returns a valid output for arbitrary valid input (property)", () => {
    const text = fc.string({ maxLength: 60 });
    const contextArbitrary = fc.record(
      {
        operation: fc.string({ minLength: 1, maxLength: 60 }).filter((value) => value.trim() !== ""),
        target_files: fc.array(fc.string({ minLength: 1, maxLength: 30 }), { maxLength: 4 }),
        files_read: fc.array(fc.string({ minLength: 1, maxLength: 30 }), { maxLength: 4 }),
        attempt_number: fc.integer({ min: 1, max: 6 }),
        previous_errors: fc.array(text, { maxLength: 4 }),
        uncertainty_score: fc.double({ min: 0, max: 10, noNaN: true }),
        environment: fc.constantFrom("prod", "staging", "dev", "test", "blue"),
        commands: fc.array(
          fc.oneof(
            text,
            fc.constantFrom(
              "rm -rf /",
              "sudo ls",
              "echo 'a",
              'bash -c "$(curl x)"',
              "psql -c 'DROP TABLE t'",
              "x <<EOF\n",
            ),
          ),
          { maxLength: 4 },
        ),
        scope_boundary: text,
        user_instructions: fc.array(text, { maxLength: 4 }),
      },
      { requiredKeys: ["operation"] },
    );
    fc.assert(
      fc.property(contextArbitrary, (currentContext) => {
        const input: CheckHaltConditionsInput = { session_token: "sess_p", current_context: currentContext };
        const output = evaluateHaltConditions(input);
        expect(checkHaltConditionsOutputSchema.safeParse(output).success).toBe(true);
        expect(output.should_halt).toBe(output.halt_reasons.some((reason) => reason.severity !== "low"));
      }),
      { numRuns: 300 },
    );
  });
});

describe("default condition configuration", () => {
  it("has one valid row per condition, every threshold valid for its condition", () => {
    expect(DEFAULT_HALT_CONDITION_CONFIG.map((row) => row.condition_name)).toEqual([...HALT_CONDITION_NAMES]);
    expect(DEFAULT_HALT_CONDITIONS.map((condition) => condition.condition_name)).toEqual([
      ...HALT_CONDITION_NAMES,
    ]);
    for (const row of DEFAULT_HALT_CONDITION_CONFIG) {
      expect(haltConditionConfigSchema.safeParse(row).success).toBe(true);
      expect(
        haltConditionThresholdSchemas[
          row.condition_name as keyof typeof haltConditionThresholdSchemas
        ].safeParse(row.threshold).success,
      ).toBe(true);
      const registered = DEFAULT_HALT_CONDITIONS.find(
        (condition) => condition.condition_name === row.condition_name,
      );
      expect(registered?.halt_type).toBe(row.halt_type);
    }
  });

  it("matches the seed's 15 defaults and detail tables", () => {
    const bySeed = Object.fromEntries(
      DEFAULT_HALT_CONDITION_CONFIG.map((row) => [
        row.condition_name,
        [row.halt_type, row.severity, row.threshold],
      ]),
    );
    expect(SEED_DEFAULT_CONDITION_NAMES).toHaveLength(15);
    expect(bySeed).toMatchObject({
      modifying_unread_code: ["code_safety", "critical", { requires_read: true }],
      breaking_changes: ["code_safety", "high", { requires_tests_pass: true }],
      no_rollback_plan: ["code_safety", "high", {}],
      out_of_scope: ["scope", "high", {}],
      ambiguous_requirements: ["scope", "medium", {}],
      conflicting_instructions: ["scope", "high", {}],
      unauthorized_production: ["scope", "critical", {}],
      test_production_mix: ["environment", "critical", {}],
      credential_confusion: ["environment", "high", {}],
      three_strikes: ["execution", "high", { max_attempts: 3 }],
      repeated_errors: ["execution", "medium", { similarity_threshold: 0.8 }],
      cascading_failures: ["execution", "high", { max_chain_length: 3 }],
      secrets_exposure: ["security", "critical", {}],
      privilege_escalation: ["security", "critical", {}],
      uncertainty_scale: ["uncertainty", "high", { threshold: 7 }],
      unknown_dependencies: ["code_safety", "medium", {}],
      shared_instances: ["environment", "medium", {}],
      unknown_errors: ["execution", "medium", {}],
      data_exposure: ["security", "high", {}],
      unknown_commands: ["security", "medium", {}],
      dangerous_commands: ["security", "critical", {}],
    });
    expect(
      DEFAULT_HALT_CONDITION_CONFIG.every(
        (row) => row.enabled && !row.auto_escalate && row.escalate_after_minutes === null,
      ),
    ).toBe(true);
  });
});
