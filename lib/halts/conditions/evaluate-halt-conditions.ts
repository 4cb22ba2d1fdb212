/**
 * `evaluateHaltConditions`: runs every enabled halt condition and combines the results into the contract's
 * `CheckHaltConditionsOutput` (should_halt, halt_reasons, highest_severity, recommended_action,
 * context_annotations; docs/halt-conditions.md#what-the-check-answers). Pure, synchronous and fail-safe.
 */

import { haltText } from "@/lib/halts/halt-text";
import { redactSecrets, redactSecretsDeep } from "@/lib/redact/redact";
import {
  type CheckHaltConditionsInput,
  type CheckHaltConditionsOutput,
  type ContextAnnotations,
  HALT_DESCRIPTION_MAX_LENGTH,
  type HaltConditionConfig,
  type HaltReason,
  SEVERITY_LEVELS,
  type SeverityLevel,
} from "@/lib/schemas/halts";
import { actionAfterFailures, DEFAULT_MAX_STRIKES, THREE_STRIKES_HALT_ACTION } from "../three-strikes";
import { DEFAULT_HALT_CONDITION_CONFIG, DEFAULT_HALT_CONDITIONS } from "./default-halt-conditions";
import type { RegisteredHaltCondition, TriggeredHaltCondition } from "./halt-condition";

/** Prefix of every fail-safe description (docs/halt-conditions.md#fail-safe). */
export const HALT_CHECK_FAILED_PREFIX = "Halt check failed: ";

/** `recommended_action` values when nothing halts. */
export const PROCEED_ACTION = "proceed";
/** `recommended_action` when only low-severity reasons were found. */
export const PROCEED_WITH_CAUTION_ACTION = "proceed_with_caution";

/** Numeric rank of a severity (low 0 .. critical 3). */
export function severityRank(severity: SeverityLevel): number {
  return SEVERITY_LEVELS.indexOf(severity);
}

/** The highest severity among reasons; "low" when there are none (the contract's type has no "none"). */
export function highestSeverity(reasons: readonly { severity: SeverityLevel }[]): SeverityLevel {
  let highest: SeverityLevel = "low";
  for (const reason of reasons)
    if (severityRank(reason.severity) > severityRank(highest)) highest = reason.severity;
  return highest;
}

/** True when a reason requires a halt: every severity except "low" ("can proceed with caution"). */
export function requiresHalt(reason: { severity: SeverityLevel }): boolean {
  return reason.severity !== "low";
}

function conditionNames(reasons: readonly HaltReason[], severity: SeverityLevel): string {
  return reasons
    .filter((reason) => reason.severity === severity)
    .map((reason) => reason.condition_name)
    .join(", ");
}

/**
 * The recommended action for a set of reasons:
 * - three_strikes halting: "HALT and escalate to user. Recommend fresh session." (seed example 2);
 * - highest critical: "HALT immediately and escalate to a human: <names>. ...";
 * - highest high: "HALT and ask the user for explicit approval: <names>.";
 * - highest medium: "HALT and ask the user how to proceed (the user may override): <names>.";
 * - only low reasons: "proceed_with_caution";
 * - nothing: "proceed" on a first attempt (or no attempt number), otherwise the three-strikes advice
 *   for `attempt_number` (with 3 attempts: attempt 2 -> "try_alternative"; see three-strikes.ts).
 */
export function recommendAction(
  reasons: readonly HaltReason[],
  attemptNumber?: number,
  maxAttempts: number = DEFAULT_MAX_STRIKES,
): string {
  const halting = reasons.filter(requiresHalt);
  if (halting.some((reason) => reason.condition_name === "three_strikes")) return THREE_STRIKES_HALT_ACTION;
  const highest = highestSeverity(halting);
  if (halting.length > 0 && highest === "critical") {
    return `HALT immediately and escalate to a human: ${conditionNames(halting, "critical")}. Do not proceed until the halt is acknowledged.`;
  }
  if (halting.length > 0 && highest === "high")
    return `HALT and ask the user for explicit approval: ${conditionNames(halting, "high")}.`;
  if (halting.length > 0)
    return `HALT and ask the user how to proceed (the user may override): ${conditionNames(halting, "medium")}.`;
  if (reasons.length > 0) return PROCEED_WITH_CAUTION_ACTION;
  if (attemptNumber === undefined || attemptNumber <= 1) return PROCEED_ACTION;
  return actionAfterFailures(attemptNumber, maxAttempts) ?? THREE_STRIKES_HALT_ACTION;
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) {
    const issues = (error as { issues?: { path?: unknown[]; message?: string }[] }).issues;
    if (Array.isArray(issues) && issues.length > 0) {
      return issues
        .map((issue) => `${(issue.path ?? []).join(".") || "value"}: ${issue.message ?? "invalid"}`)
        .join("; ");
    }
    return error.message || error.name;
  }
  return String(error);
}

/** A reason's description with its message key and parameters, secrets redacted in both. */
function describedReason(
  text: Pick<TriggeredHaltCondition, "description" | "description_key" | "description_params">,
): Pick<HaltReason, "description" | "description_key" | "description_params"> {
  const described: Pick<HaltReason, "description" | "description_key" | "description_params"> = {
    description: limitDescription(text.description),
  };
  if (text.description_key !== undefined) {
    described.description_key = text.description_key;
    described.description_params = redactSecretsDeep(text.description_params ?? {});
  }
  return described;
}

function limitDescription(description: string): string {
  const redacted = redactSecrets(description);
  return redacted.length > HALT_DESCRIPTION_MAX_LENGTH
    ? `${redacted.slice(0, HALT_DESCRIPTION_MAX_LENGTH - 3)}...`
    : redacted;
}

/**
 * The fail-safe answer (docs/halt-conditions.md#fail-safe: a failed check or an unreachable database answers
 * should_halt=true, severity critical): one critical reason whose description starts with
 * "Halt check failed: ". Use it also when the configuration cannot be loaded.
 */
export function failSafeHaltCheckOutput(
  error: unknown,
  conditionName = "halt_check",
): CheckHaltConditionsOutput {
  return {
    should_halt: true,
    halt_reasons: [
      {
        halt_type: "execution",
        condition_name: conditionName,
        severity: "critical",
        ...describedReason(haltText("checkFailed", { error: errorMessage(error) })),
        auto_recorded: false,
      },
    ],
    highest_severity: "critical",
    recommended_action:
      "HALT immediately and escalate to a human: the halt check failed. Do not proceed until the halt is acknowledged.",
  };
}

function mergeAnnotations(
  target: Required<ContextAnnotations>,
  source: ContextAnnotations | undefined,
): void {
  if (source === undefined) return;
  for (const key of ["files_not_read", "conflicting_instructions", "similar_previous_errors"] as const) {
    for (const value of source[key] ?? []) {
      const redacted = redactSecrets(value);
      if (!target[key].includes(redacted)) target[key].push(redacted);
    }
  }
}

/**
 * Runs every registered condition (default: all built-ins) against the check input and combines the
 * results.
 *
 * - `config`: the `halt_conditions_config` rows. A condition without a row uses its default row (so a
 *   missing row fails safe: enabled). `enabled: false` skips the condition. The row's severity is
 *   reported; its threshold JSON is validated by the condition.
 * - A condition that throws (including on an invalid threshold) adds a critical reason for itself,
 *   "Halt check failed: <condition>: <error>"; if anything else throws, the whole answer is
 *   `failSafeHaltCheckOutput`. Never throws.
 * - `should_halt` is true when any reason's severity is above "low"; `highest_severity` is "low" when
 *   no reason fired; reasons come in registry order; `auto_recorded` is false and `halt_id` absent (the
 *   service records, then calls `markReasonsRecorded`). Descriptions and annotations are redacted and
 *   descriptions capped at 4000 characters. `context_annotations` is present only when non-empty.
 */
export function evaluateHaltConditions(
  context: CheckHaltConditionsInput,
  config: readonly HaltConditionConfig[] = DEFAULT_HALT_CONDITION_CONFIG,
  conditions: readonly RegisteredHaltCondition[] = DEFAULT_HALT_CONDITIONS,
): CheckHaltConditionsOutput {
  try {
    const reasons: HaltReason[] = [];
    const annotations: Required<ContextAnnotations> = {
      files_not_read: [],
      conflicting_instructions: [],
      similar_previous_errors: [],
    };
    let maxAttempts = DEFAULT_MAX_STRIKES;
    for (const condition of conditions) {
      const row =
        config.find((candidate) => candidate.condition_name === condition.condition_name) ??
        DEFAULT_HALT_CONDITION_CONFIG.find(
          (candidate) => candidate.condition_name === condition.condition_name,
        );
      if (row !== undefined && !row.enabled) continue;
      const settings = { severity: row?.severity ?? "critical", threshold: row?.threshold ?? {} };
      if (
        condition.condition_name === "three_strikes" &&
        typeof settings.threshold.max_attempts === "number"
      ) {
        maxAttempts = settings.threshold.max_attempts;
      }
      let triggered: TriggeredHaltCondition | null;
      try {
        triggered = condition.evaluate(context, settings);
      } catch (error) {
        triggered = {
          halt_type: condition.halt_type,
          condition_name: condition.condition_name,
          severity: "critical",
          ...haltText("conditionCheckFailed", {
            condition: condition.condition_name,
            error: errorMessage(error),
          }),
        };
      }
      if (triggered === null) continue;
      reasons.push({
        halt_type: triggered.halt_type,
        condition_name: triggered.condition_name,
        severity: triggered.severity,
        ...describedReason(triggered),
        auto_recorded: false,
      });
      mergeAnnotations(annotations, triggered.annotations);
    }
    const output: CheckHaltConditionsOutput = {
      should_halt: reasons.some(requiresHalt),
      halt_reasons: reasons,
      highest_severity: highestSeverity(reasons),
      recommended_action: recommendAction(reasons, context.current_context.attempt_number, maxAttempts),
    };
    const presentAnnotations: ContextAnnotations = {};
    for (const key of ["files_not_read", "conflicting_instructions", "similar_previous_errors"] as const) {
      if (annotations[key].length > 0) presentAnnotations[key] = annotations[key];
    }
    if (Object.keys(presentAnnotations).length > 0) output.context_annotations = presentAnnotations;
    return output;
  } catch (error) {
    return failSafeHaltCheckOutput(error);
  }
}
