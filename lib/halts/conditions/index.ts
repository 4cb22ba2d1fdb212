/**
 * Public API of the pure halt-condition evaluators (docs/halt-conditions.md). Import from here; the files
 * behind it are one concept each.
 */

export type { SecretKind, SecretMatch } from "@/lib/redact/secret-patterns";
export { findSecrets, SECRET_PATTERNS } from "@/lib/redact/secret-patterns";
export type { AcknowledgementOutcome, AcknowledgementRequest, SessionState } from "./acknowledgement-outcome";
export { decideAcknowledgement } from "./acknowledgement-outcome";
export type { AutoRecordPolicy } from "./auto-record";
export {
  buildAutoRecordInput,
  DEFAULT_AUTO_RECORD_POLICY,
  markReasonsRecorded,
  selectReasonsToAutoRecord,
} from "./auto-record";
export {
  breakingChanges,
  collectTargetFiles,
  modifyingUnreadCode,
  noRollbackPlan,
  unknownDependencies,
} from "./code-safety";
export { createCheckInput } from "./create-check-input";
export {
  DEFAULT_HALT_CONDITION_CONFIG,
  DEFAULT_HALT_CONDITIONS,
  defaultHaltConditionConfig,
  SEED_DEFAULT_CONDITION_NAMES,
} from "./default-halt-conditions";
export { credentialConfusion, sharedInstances, testProductionMix } from "./environment";
export { errorSimilarity } from "./error-similarity";
export {
  evaluateHaltConditions,
  failSafeHaltCheckOutput,
  HALT_CHECK_FAILED_PREFIX,
  highestSeverity,
  PROCEED_ACTION,
  PROCEED_WITH_CAUTION_ACTION,
  recommendAction,
  requiresHalt,
  severityRank,
} from "./evaluate-halt-conditions";
export { cascadingFailures, classifyError, repeatedErrors, threeStrikes, unknownErrors } from "./execution";
export type {
  HaltCheckContext,
  HaltCondition,
  HaltConditionSettings,
  RegisteredHaltCondition,
  TriggeredHaltCondition,
} from "./halt-condition";
export { ambiguousRequirements, conflictingInstructions, outOfScope, unauthorizedProduction } from "./scope";
export {
  dangerousCommands,
  dataExposure,
  privilegeEscalation,
  secretsExposure,
  unknownCommands,
} from "./security";
export { analyzeShellCommand, parseShell } from "./shell-command";
export { uncertaintyScale } from "./uncertainty";
