/**
 * The halt design's auto-record decision for `guardrail_check_halt_conditions`: "If should_halt is true,
 * automatically record halt events for all critical severity conditions, high severity conditions
 * (configurable), multiple medium severity conditions." Pure: the service records the selected reasons
 * and then marks them with `markReasonsRecorded`.
 */

import { redactSecretsDeep } from "@/lib/redact/redact";
import type {
  CheckHaltConditionsInput,
  CheckHaltConditionsOutput,
  HaltReason,
  RecordHaltInput,
} from "@/lib/schemas/halts";

/** Which reasons to record. */
export type AutoRecordPolicy = {
  /** Record high-severity reasons (the halt design: "configurable"); default true. */
  recordHighSeverity: boolean;
  /** Record the medium reasons when at least this many fired (the halt design: "multiple"); default 2. */
  minimumMediumCount: number;
};

/** Default policy: critical always, high yes, mediums when two or more. */
export const DEFAULT_AUTO_RECORD_POLICY: AutoRecordPolicy = {
  recordHighSeverity: true,
  minimumMediumCount: 2,
};

/**
 * The reasons to record, in output order. Nothing when `should_halt` is false. Otherwise every critical
 * reason; every high reason if `recordHighSeverity`; every medium reason if at least
 * `minimumMediumCount` medium reasons fired; never a low reason.
 */
export function selectReasonsToAutoRecord(
  output: CheckHaltConditionsOutput,
  policy: AutoRecordPolicy = DEFAULT_AUTO_RECORD_POLICY,
): HaltReason[] {
  if (!output.should_halt) return [];
  const mediumCount = output.halt_reasons.filter((reason) => reason.severity === "medium").length;
  return output.halt_reasons.filter((reason) => {
    if (reason.severity === "critical") return true;
    if (reason.severity === "high") return policy.recordHighSeverity;
    if (reason.severity === "medium") return mediumCount >= policy.minimumMediumCount;
    return false;
  });
}

/**
 * The `guardrail_record_halt` input for one auto-recorded reason: the check's session and task, the
 * reason's type, name, severity and description, and a context built from the check input (target
 * files, commands, previous errors, uncertainty, attempt), deep-redacted for secrets.
 */
export function buildAutoRecordInput(check: CheckHaltConditionsInput, reason: HaltReason): RecordHaltInput {
  const current = check.current_context;
  const filePaths = [...(current.target_files ?? []), ...(check.proposed_changes?.files_to_modify ?? [])];
  const context: NonNullable<RecordHaltInput["context"]> = {};
  if (filePaths.length > 0) context.file_paths = [...new Set(filePaths)].slice(0, 1000);
  if (current.commands !== undefined && current.commands.length > 0) context.commands = current.commands;
  if (current.previous_errors !== undefined && current.previous_errors.length > 0)
    context.error_messages = current.previous_errors;
  if (current.uncertainty_score !== undefined) context.uncertainty_score = current.uncertainty_score;
  if (current.attempt_number !== undefined) context.attempt_number = current.attempt_number;
  const input: RecordHaltInput = {
    session_token: check.session_token,
    halt_type: reason.halt_type,
    condition_name: reason.condition_name,
    description: reason.description,
    severity: reason.severity,
  };
  if (check.task_id !== undefined) input.task_id = check.task_id;
  if (Object.keys(context).length > 0) input.context = redactSecretsDeep(context);
  if (current.attempt_number !== undefined) input.attempt_count = current.attempt_number;
  const lastError = current.previous_errors?.at(-1);
  if (reason.condition_name === "repeated_errors" && lastError !== undefined)
    input.previous_error = redactSecretsDeep(lastError);
  return input;
}

/**
 * Returns a copy of the output in which each reason whose `condition_name` is in `recordedIds` has
 * `auto_recorded: true` and its `halt_id`. Other reasons are unchanged.
 */
export function markReasonsRecorded(
  output: CheckHaltConditionsOutput,
  recordedIds: ReadonlyMap<string, string>,
): CheckHaltConditionsOutput {
  return {
    ...output,
    halt_reasons: output.halt_reasons.map((reason) => {
      const haltId = recordedIds.get(reason.condition_name);
      return haltId === undefined ? reason : { ...reason, auto_recorded: true, halt_id: haltId };
    }),
  };
}
