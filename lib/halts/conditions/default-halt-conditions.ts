/**
 * The built-in halt conditions: their identity, their evaluator and their default configuration (the
 * rows a database seed inserts into `halt_conditions_config`).
 */
import type { HaltConditionConfig, HaltConditionName } from "@/lib/schemas/halts";
import { breakingChanges, modifyingUnreadCode, noRollbackPlan, unknownDependencies } from "./code-safety";
import { credentialConfusion, sharedInstances, testProductionMix } from "./environment";
import { cascadingFailures, repeatedErrors, threeStrikes, unknownErrors } from "./execution";
import type { RegisteredHaltCondition } from "./halt-condition";
import { ambiguousRequirements, conflictingInstructions, outOfScope, unauthorizedProduction } from "./scope";
import {
  dangerousCommands,
  dataExposure,
  privilegeEscalation,
  secretsExposure,
  unknownCommands,
} from "./security";
import { uncertaintyScale } from "./uncertainty";

/**
 * Every built-in condition in evaluation (and reporting) order: code safety, scope, environment,
 * execution, security, uncertainty.
 */
export const DEFAULT_HALT_CONDITIONS: readonly RegisteredHaltCondition[] = [
  { condition_name: "modifying_unread_code", halt_type: "code_safety", evaluate: modifyingUnreadCode() },
  { condition_name: "breaking_changes", halt_type: "code_safety", evaluate: breakingChanges() },
  { condition_name: "no_rollback_plan", halt_type: "code_safety", evaluate: noRollbackPlan() },
  { condition_name: "unknown_dependencies", halt_type: "code_safety", evaluate: unknownDependencies() },
  { condition_name: "out_of_scope", halt_type: "scope", evaluate: outOfScope() },
  { condition_name: "ambiguous_requirements", halt_type: "scope", evaluate: ambiguousRequirements() },
  { condition_name: "conflicting_instructions", halt_type: "scope", evaluate: conflictingInstructions() },
  { condition_name: "unauthorized_production", halt_type: "scope", evaluate: unauthorizedProduction() },
  { condition_name: "test_production_mix", halt_type: "environment", evaluate: testProductionMix() },
  { condition_name: "credential_confusion", halt_type: "environment", evaluate: credentialConfusion() },
  { condition_name: "shared_instances", halt_type: "environment", evaluate: sharedInstances() },
  { condition_name: "three_strikes", halt_type: "execution", evaluate: threeStrikes() },
  { condition_name: "repeated_errors", halt_type: "execution", evaluate: repeatedErrors() },
  { condition_name: "cascading_failures", halt_type: "execution", evaluate: cascadingFailures() },
  { condition_name: "unknown_errors", halt_type: "execution", evaluate: unknownErrors() },
  { condition_name: "secrets_exposure", halt_type: "security", evaluate: secretsExposure() },
  { condition_name: "privilege_escalation", halt_type: "security", evaluate: privilegeEscalation() },
  { condition_name: "dangerous_commands", halt_type: "security", evaluate: dangerousCommands() },
  { condition_name: "data_exposure", halt_type: "security", evaluate: dataExposure() },
  { condition_name: "unknown_commands", halt_type: "security", evaluate: unknownCommands() },
  { condition_name: "uncertainty_scale", halt_type: "uncertainty", evaluate: uncertaintyScale() },
];

function row(
  condition_name: HaltConditionName,
  halt_type: HaltConditionConfig["halt_type"],
  severity: HaltConditionConfig["severity"],
  threshold: Record<string, unknown> = {},
): HaltConditionConfig {
  return {
    condition_name,
    halt_type,
    severity,
    enabled: true,
    threshold,
    auto_escalate: false,
    escalate_after_minutes: null,
  };
}

/**
 * Default `halt_conditions_config` rows: the halt design's 15 (with its thresholds), the 5 extra
 * conditions of its detail tables, and `dangerous_commands` (docs/halt-conditions.md). All enabled;
 * `auto_escalate` false and no escalation delay, as in the design (critical halts escalate on record
 * regardless). Insert with "on conflict do nothing" so operator changes survive re-seeding.
 */
export const DEFAULT_HALT_CONDITION_CONFIG: readonly HaltConditionConfig[] = [
  row("modifying_unread_code", "code_safety", "critical", { requires_read: true }),
  row("breaking_changes", "code_safety", "high", { requires_tests_pass: true }),
  row("no_rollback_plan", "code_safety", "high"),
  row("unknown_dependencies", "code_safety", "medium"),
  row("out_of_scope", "scope", "high"),
  row("ambiguous_requirements", "scope", "medium"),
  row("conflicting_instructions", "scope", "high"),
  row("unauthorized_production", "scope", "critical"),
  row("test_production_mix", "environment", "critical"),
  row("credential_confusion", "environment", "high"),
  row("shared_instances", "environment", "medium"),
  row("three_strikes", "execution", "high", { max_attempts: 3 }),
  row("repeated_errors", "execution", "medium", { similarity_threshold: 0.8 }),
  row("cascading_failures", "execution", "high", { max_chain_length: 3 }),
  row("unknown_errors", "execution", "medium"),
  row("secrets_exposure", "security", "critical"),
  row("privilege_escalation", "security", "critical"),
  row("dangerous_commands", "security", "critical"),
  row("data_exposure", "security", "high"),
  row("unknown_commands", "security", "medium"),
  row("uncertainty_scale", "uncertainty", "high", { threshold: 7 }),
];

/**
 * The halt design's 15 default condition names (the rest come from its detail tables, plus
 * dangerous_commands).
 */
export const SEED_DEFAULT_CONDITION_NAMES: readonly HaltConditionName[] = [
  "modifying_unread_code",
  "breaking_changes",
  "no_rollback_plan",
  "out_of_scope",
  "ambiguous_requirements",
  "conflicting_instructions",
  "unauthorized_production",
  "test_production_mix",
  "credential_confusion",
  "three_strikes",
  "repeated_errors",
  "cascading_failures",
  "secrets_exposure",
  "privilege_escalation",
  "uncertainty_scale",
];

/** The default configuration row of a condition (every built-in name has one). */
export function defaultHaltConditionConfig(conditionName: HaltConditionName): HaltConditionConfig {
  const found = DEFAULT_HALT_CONDITION_CONFIG.find((config) => config.condition_name === conditionName);
  if (found === undefined) throw new Error(`No default configuration for halt condition ${conditionName}`);
  return found;
}
