/**
 * Runs one halt condition with its default configuration row (tests and examples):
 * `runCondition(threeStrikes(), "three_strikes", input)`; pass `threshold` to override the row's JSON.
 */
import type { HaltConditionName } from "@/lib/schemas/halts";
import { defaultHaltConditionConfig } from "./default-halt-conditions";
import type { HaltCheckContext, HaltCondition, TriggeredHaltCondition } from "./halt-condition";

/** Evaluates `condition` on `input` with the default severity and threshold of `conditionName`. */
export function runCondition(
  condition: HaltCondition,
  conditionName: HaltConditionName,
  input: HaltCheckContext,
  threshold?: Record<string, unknown>,
): TriggeredHaltCondition | null {
  const row = defaultHaltConditionConfig(conditionName);
  return condition(input, { severity: row.severity, threshold: threshold ?? row.threshold });
}
