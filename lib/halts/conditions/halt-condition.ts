/**
 * The halt condition contract. Like the AI SDK's stop conditions, a condition is a plain function made by
 * a factory (`threeStrikes()`, `secretsExposure()`, ...) and `evaluateHaltConditions` runs them all.
 */
import type { z } from "zod";
import type { HaltTextKey, HaltTextParams } from "@/lib/halts/halt-text";
import {
  type CheckHaltConditionsInput,
  type ContextAnnotations,
  type HaltConditionName,
  type HaltType,
  haltConditionThresholdSchemas,
  type SeverityLevel,
} from "@/lib/schemas/halts";

/** What a condition sees: the validated `guardrail_check_halt_conditions` input. */
export type HaltCheckContext = CheckHaltConditionsInput;

/** The settings of one condition at evaluation time (from its `halt_conditions_config` row). */
export type HaltConditionSettings = {
  /** Severity to report when the condition fires (a condition may raise it, e.g. uncertainty >= 9). */
  severity: SeverityLevel;
  /** The row's threshold JSON; each condition validates it and fills documented defaults. */
  threshold: Record<string, unknown>;
};

/** A triggered condition: the contract's HaltReason fields plus the annotations it contributes. */
export type TriggeredHaltCondition = {
  halt_type: HaltType;
  condition_name: HaltConditionName;
  severity: SeverityLevel;
  /** The English description (from `haltText`, which also sets the key and parameters). */
  description: string;
  description_key?: HaltTextKey;
  description_params?: HaltTextParams;
  annotations?: ContextAnnotations;
};

/**
 * A halt condition: a deterministic, pure function of the check input and its settings. Returns the
 * triggered condition, or null when the condition does not apply. It may throw on invalid settings;
 * `evaluateHaltConditions` turns a throw into a fail-safe critical halt.
 */
export type HaltCondition = (
  context: HaltCheckContext,
  settings: HaltConditionSettings,
) => TriggeredHaltCondition | null;

/** A condition together with its identity, as registered in the default condition list. */
export type RegisteredHaltCondition = {
  condition_name: HaltConditionName;
  halt_type: HaltType;
  evaluate: HaltCondition;
};

/**
 * Formats a list for a description: at most `limit` items, then "and N more". Keeps descriptions
 * within the 4000-character contract even for long file lists.
 */
export function formatList(items: readonly string[], limit = 10): string {
  const shown = items.slice(0, limit).map((item) => (item.length > 200 ? `${item.slice(0, 197)}...` : item));
  const rest = items.length - shown.length;
  return rest > 0 ? `${shown.join(", ")} and ${rest} more` : shown.join(", ");
}

/** Removes duplicates, keeping first occurrences in order. */
export function unique<Item>(items: Iterable<Item>): Item[] {
  return [...new Set(items)];
}

/**
 * Reads a condition's threshold JSON with its schema. Throws on an invalid row (a zod error), which
 * `evaluateHaltConditions` reports as a fail-safe critical halt rather than guessing a value.
 */
export function readThreshold<Name extends HaltConditionName>(
  conditionName: Name,
  settings: HaltConditionSettings,
): z.infer<(typeof haltConditionThresholdSchemas)[Name]> {
  type Threshold = z.infer<(typeof haltConditionThresholdSchemas)[Name]>;
  const threshold = settings.threshold ?? {};
  const known = parsedThresholds.get(threshold)?.get(conditionName);
  if (known !== undefined) return known as Threshold;
  const schema = haltConditionThresholdSchemas[conditionName] as z.ZodType;
  const parsed = Object.freeze(schema.parse(threshold)) as Threshold;
  let byName = parsedThresholds.get(threshold);
  if (byName === undefined) {
    byName = new Map();
    parsedThresholds.set(threshold, byName);
  }
  byName.set(conditionName, parsed);
  return parsed;
}

/**
 * Parsed thresholds by threshold object: the configuration rows come from the process's config cache
 * (lib/halts/service/halt-config-cache.ts), so every check would parse the same objects again. A
 * changed configuration is a new object (a miss); an invalid threshold throws every time (nothing kept).
 * The results are frozen: shared between checks, never changed.
 */
const parsedThresholds = new WeakMap<object, Map<string, unknown>>();
