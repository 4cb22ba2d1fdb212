/**
 * The typed editors of a halt condition's thresholds (Admin > Halt conditions): which fields a
 * condition has (a yes/no, a whole number, a number, a list of command names) with their bounds, read
 * from the condition's threshold schema (lib/schemas/halts.ts) as JSON Schema, so the editor and the
 * server check the same bounds; and the parse of what the operator typed back into a threshold object,
 * with an error the panel words in the reader's language.
 */
import { z } from "zod";
import {
  type HaltConditionName,
  haltConditionNameSchema,
  haltConditionThresholdSchemas,
} from "@/lib/schemas/halts";

export type ThresholdField =
  | { key: string; kind: "boolean"; defaultValue: boolean }
  | {
      key: string;
      kind: "integer" | "number";
      min: number;
      max: number;
      exclusiveMin: boolean;
      defaultValue: number;
    }
  | { key: string; kind: "list"; maxItems: number; pattern: RegExp; defaultValue: string[] };

/**
 * The value a condition uses when its threshold leaves a key out (the conditions' documented defaults;
 * threshold-fields.test.ts checks them against the condition modules).
 */
export const THRESHOLD_DEFAULTS: Record<string, boolean | number | string[]> = {
  requires_read: true,
  requires_tests_pass: true,
  min_signals: 1,
  min_object_overlap: 0.6,
  max_attempts: 3,
  similarity_threshold: 0.8,
  max_chain_length: 3,
  allowed_commands: [],
  threshold: 7,
  critical_threshold: 9,
};

type JsonSchemaProperty = {
  type?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  maxItems?: number;
  items?: { allOf?: { pattern?: string }[]; pattern?: string };
};

/** The fields of a condition's threshold, in schema order; none for an unknown condition. */
export function thresholdFields(conditionName: string): ThresholdField[] {
  const name = haltConditionNameSchema.safeParse(conditionName);
  if (!name.success) return [];
  const schema = z.toJSONSchema(haltConditionThresholdSchemas[name.data as HaltConditionName]) as {
    properties?: Record<string, JsonSchemaProperty>;
  };
  return Object.entries(schema.properties ?? {}).map(([key, property]): ThresholdField => {
    const fallback = THRESHOLD_DEFAULTS[key];
    if (property.type === "boolean") return { key, kind: "boolean", defaultValue: fallback !== false };
    if (property.type === "array") {
      const patterns = [
        property.items?.pattern,
        ...(property.items?.allOf ?? []).map((part) => part.pattern),
      ];
      const pattern = patterns.filter((item): item is string => item !== undefined).at(-1) ?? ".*";
      return {
        key,
        kind: "list",
        maxItems: property.maxItems ?? 500,
        pattern: new RegExp(pattern, "u"),
        defaultValue: Array.isArray(fallback) ? fallback : [],
      };
    }
    return {
      key,
      kind: property.type === "integer" ? "integer" : "number",
      min: property.minimum ?? property.exclusiveMinimum ?? 0,
      max: property.maximum ?? Number.MAX_SAFE_INTEGER,
      exclusiveMin: property.minimum === undefined && property.exclusiveMinimum !== undefined,
      defaultValue: typeof fallback === "number" ? fallback : 0,
    };
  });
}

/** What the editors hold: a checkbox's state, a number field's text, a list as lines. */
export type ThresholdDraft = Record<string, boolean | string>;

/** The editors' starting values for a stored threshold (absent keys: the default, or empty for numbers). */
export function toThresholdDraft(
  fields: ThresholdField[],
  threshold: Record<string, unknown>,
): ThresholdDraft {
  const draft: ThresholdDraft = {};
  for (const field of fields) {
    const stored = threshold[field.key];
    if (field.kind === "boolean")
      draft[field.key] = typeof stored === "boolean" ? stored : field.defaultValue;
    else if (field.kind === "list") draft[field.key] = Array.isArray(stored) ? stored.join("\n") : "";
    else draft[field.key] = typeof stored === "number" ? String(stored) : "";
  }
  return draft;
}

export type ThresholdError =
  | { key: string; kind: "integer" | "number"; min: number; max: number }
  | { key: string; kind: "list"; entry: string }
  | { key: string; kind: "listTooLong"; max: number };

/**
 * The threshold object for what the editors hold, or the first field's error. A number left empty and
 * a yes/no or list equal to its default are left out (the condition uses its default), unless the
 * stored threshold names them, so opening and saving without a change changes nothing.
 */
export function parseThresholdDraft(
  fields: ThresholdField[],
  draft: ThresholdDraft,
  stored: Record<string, unknown>,
): { type: "ok"; threshold: Record<string, unknown> } | { type: "invalid"; error: ThresholdError } {
  const threshold: Record<string, unknown> = {};
  for (const field of fields) {
    const value = draft[field.key];
    const named = Object.hasOwn(stored, field.key);
    if (field.kind === "boolean") {
      const checked = value === true;
      if (named || checked !== field.defaultValue) threshold[field.key] = checked;
    } else if (field.kind === "list") {
      const entries = String(value ?? "")
        .split(/[\n,]/)
        .map((entry) => entry.trim())
        .filter((entry) => entry !== "");
      const wrong = entries.find((entry) => !field.pattern.test(entry));
      if (wrong !== undefined)
        return { type: "invalid", error: { key: field.key, kind: "list", entry: wrong } };
      if (entries.length > field.maxItems)
        return { type: "invalid", error: { key: field.key, kind: "listTooLong", max: field.maxItems } };
      if (named || entries.length > 0) threshold[field.key] = [...new Set(entries)];
    } else {
      const text = String(value ?? "").trim();
      if (text === "") continue;
      const number = Number(text.replace(",", "."));
      const below = field.exclusiveMin ? number <= field.min : number < field.min;
      if (
        !Number.isFinite(number) ||
        below ||
        number > field.max ||
        (field.kind === "integer" && !Number.isInteger(number))
      )
        return {
          type: "invalid",
          error: { key: field.key, kind: field.kind, min: field.min, max: field.max },
        };
      threshold[field.key] = number;
    }
  }
  return { type: "ok", threshold };
}
