import { describe, expect, it } from "vitest";
import {
  DEFAULT_MAX_ATTEMPTS,
  DEFAULT_MAX_CHAIN_LENGTH,
  DEFAULT_SIMILARITY_THRESHOLD,
} from "@/lib/halts/conditions/execution";
import { DEFAULT_MIN_OBJECT_OVERLAP } from "@/lib/halts/conditions/scope";
import {
  DEFAULT_CRITICAL_UNCERTAINTY,
  DEFAULT_UNCERTAINTY_THRESHOLD,
} from "@/lib/halts/conditions/uncertainty";
import { HALT_CONDITION_NAMES, haltConditionThresholdSchemas } from "@/lib/schemas/halts";
import {
  parseThresholdDraft,
  THRESHOLD_DEFAULTS,
  thresholdFields,
  toThresholdDraft,
} from "./threshold-fields";

describe("threshold fields", () => {
  it("have the conditions' own defaults", () => {
    expect(THRESHOLD_DEFAULTS).toMatchObject({
      max_attempts: DEFAULT_MAX_ATTEMPTS,
      similarity_threshold: DEFAULT_SIMILARITY_THRESHOLD,
      max_chain_length: DEFAULT_MAX_CHAIN_LENGTH,
      min_object_overlap: DEFAULT_MIN_OBJECT_OVERLAP,
      threshold: DEFAULT_UNCERTAINTY_THRESHOLD,
      critical_threshold: DEFAULT_CRITICAL_UNCERTAINTY,
    });
    for (const name of HALT_CONDITION_NAMES)
      for (const field of thresholdFields(name))
        expect(THRESHOLD_DEFAULTS, field.key).toHaveProperty(field.key);
  });

  it("are typed from the schema: yes/no, whole numbers, numbers and lists with the schema's bounds", () => {
    expect(thresholdFields("modifying_unread_code")).toEqual([
      { key: "requires_read", kind: "boolean", defaultValue: true },
    ]);
    expect(thresholdFields("ambiguous_requirements")).toEqual([
      { key: "min_signals", kind: "integer", min: 1, max: 20, exclusiveMin: false, defaultValue: 1 },
    ]);
    expect(thresholdFields("repeated_errors")[0]).toMatchObject({
      kind: "number",
      min: 0,
      max: 1,
      exclusiveMin: true,
    });
    expect(thresholdFields("unknown_commands")[0]).toMatchObject({ kind: "list", maxItems: 500 });
    expect(thresholdFields("no_rollback_plan")).toEqual([]);
    expect(thresholdFields("not_a_condition")).toEqual([]);
  });

  it("opening and saving without a change gives the stored threshold back", () => {
    for (const name of HALT_CONDITION_NAMES) {
      const fields = thresholdFields(name);
      for (const stored of [{}, Object.fromEntries(fields.map((field) => [field.key, field.defaultValue]))]) {
        const parsed = parseThresholdDraft(fields, toThresholdDraft(fields, stored), stored);
        expect(parsed, name).toEqual({ type: "ok", threshold: stored });
      }
    }
  });

  it("what parses is what the server's schema accepts", () => {
    const fields = thresholdFields("uncertainty_scale");
    const parsed = parseThresholdDraft(fields, { threshold: "6,5", critical_threshold: "10" }, {});
    expect(parsed).toEqual({ type: "ok", threshold: { threshold: 6.5, critical_threshold: 10 } });
    if (parsed.type === "ok")
      expect(haltConditionThresholdSchemas.uncertainty_scale.safeParse(parsed.threshold).success).toBe(true);
    const list = thresholdFields("unknown_commands");
    const commands = parseThresholdDraft(list, { allowed_commands: "terraform\n kubectl ,terraform\n" }, {});
    expect(commands).toEqual({ type: "ok", threshold: { allowed_commands: ["terraform", "kubectl"] } });
  });

  it("refuses values out of bounds, fractions for whole numbers and bad list entries", () => {
    const uncertainty = thresholdFields("uncertainty_scale");
    expect(parseThresholdDraft(uncertainty, { threshold: "11" }, {})).toEqual({
      type: "invalid",
      error: { key: "threshold", kind: "number", min: 0, max: 10 },
    });
    expect(parseThresholdDraft(uncertainty, { threshold: "abc" }, {}).type).toBe("invalid");
    const strikes = thresholdFields("three_strikes");
    expect(parseThresholdDraft(strikes, { max_attempts: "2.5" }, {})).toMatchObject({
      type: "invalid",
      error: { key: "max_attempts", kind: "integer" },
    });
    const similarity = thresholdFields("repeated_errors");
    expect(parseThresholdDraft(similarity, { similarity_threshold: "0" }, {}).type).toBe("invalid");
    const list = thresholdFields("unknown_commands");
    expect(parseThresholdDraft(list, { allowed_commands: "ok\nrm -rf" }, {})).toEqual({
      type: "invalid",
      error: { key: "allowed_commands", kind: "list", entry: "rm -rf" },
    });
  });
});
