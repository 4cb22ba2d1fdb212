/**
 * `guardrail_record_halt`: validates, redacts secrets, stores the event, moves the session to `halted`,
 * and escalates critical (or `auto_escalate`) halts. A `task_attempt_failed` record is a three-strikes
 * failure: counted per (session, task) from the database; the last allowed attempt is stored as an
 * `execution/three_strikes` halt instead (see task-strikes.ts).
 *
 * Rules: severity `low` ("can proceed with caution") is stored but needs no acknowledgement and leaves
 * the session state alone, unless escalation is requested; any other severity halts an active session
 * (a paused session stays paused). Writes for one session are serialised by locking its row.
 */
import { invalidateAgentSessionCaches } from "@/lib/auth/agent-session-cache";
import type { Caller } from "@/lib/auth/caller";
import type { Database } from "@/lib/db/client";
import type { AgentSession, Prisma } from "@/lib/generated/prisma/client";
import { defaultHaltConditionConfig } from "@/lib/halts/conditions";
import { type HaltTextKey, type HaltTextParams, haltText } from "@/lib/halts/halt-text";
import { redactKnownSecrets, redactSecrets, redactSecretsDeep, secretValuesIn } from "@/lib/redact/redact";
import {
  HALT_DESCRIPTION_MAX_LENGTH,
  type HaltConditionConfig,
  type RecordHaltInput,
  type RecordHaltOutput,
  TASK_ATTEMPT_FAILED_CONDITION,
  type ThreeStrikesVerdictOutput,
} from "@/lib/schemas/halts";
import { notifyHalt } from "./halt-notifications";
import { HaltRequestRejectedError } from "./halt-service-error";
import { resolveSessionByToken } from "./resolve-session";
import { countConsecutiveFailures, verdictForNextFailure } from "./task-strikes";

/**
 * Every free-text field of a halt passes the one redactor on the way in: task_id (consistently, so
 * three-strikes counting still groups by it), description, context (all of it, file paths included)
 * and previous_error.
 */
export function redactRecordHaltInput(unredacted: RecordHaltInput): RecordHaltInput {
  // A secret identified in one field is scrubbed wherever else it appears bare (say, in the description).
  const input = redactKnownSecrets(unredacted, secretValuesIn(unredacted));
  return {
    ...input,
    ...(input.task_id === undefined ? {} : { task_id: redactTaskId(input.task_id) }),
    ...(input.context === undefined ? {} : { context: redactSecretsDeep(input.context) }),
    ...(input.previous_error === undefined ? {} : { previous_error: redactSecrets(input.previous_error) }),
  };
}

/** A task id as stored and compared (redacted, at most 256 characters). */
export function redactTaskId(taskId: string): string {
  return redactSecrets(taskId).slice(0, 256);
}

/** Redacts and caps a description (the cap applies after redaction, which can lengthen the text). */
export function sanitizeDescription(description: string): string {
  const redacted = redactSecrets(description);
  return redacted.length > HALT_DESCRIPTION_MAX_LENGTH
    ? `${redacted.slice(0, HALT_DESCRIPTION_MAX_LENGTH - 3)}...`
    : redacted;
}

function configFor(
  config: readonly HaltConditionConfig[],
  name: string | undefined,
): HaltConditionConfig | undefined {
  if (name === undefined) return undefined;
  return config.find((row) => row.condition_name === name);
}

/** Records a halt for the session named by `input.session_token` (checked for the caller). */
export async function recordHalt(
  database: Database,
  caller: Caller,
  input: RecordHaltInput,
  config: readonly HaltConditionConfig[],
): Promise<RecordHaltOutput> {
  const session = await resolveSessionByToken(database, caller, input.session_token);
  const output = await database.$transaction((transaction) =>
    recordHaltInSession(transaction, session, input, config),
  );
  // The session may be halted now: this process's next check reads it again (others on the NOTIFY).
  invalidateAgentSessionCaches(session.sessionToken);
  return output;
}

/**
 * Records a halt for a session already resolved and authorised, inside `transaction`. Used by
 * `recordHalt`, by the check's auto-record and by the audit gate. `text`: the description's message key
 * and parameters when Keel wrote it (lib/halts/halt-text.ts); the description is then its English text.
 */
export async function recordHaltInSession(
  transaction: Prisma.TransactionClient,
  session: Pick<AgentSession, "id">,
  unredacted: RecordHaltInput,
  config: readonly HaltConditionConfig[],
  text?: { key: HaltTextKey; params: HaltTextParams },
): Promise<RecordHaltOutput> {
  const input = redactRecordHaltInput(unredacted);
  let descriptionText =
    text === undefined
      ? null
      : {
          key: text.key,
          params: redactKnownSecrets(redactSecretsDeep(text.params), secretValuesIn(unredacted)),
        };
  const [locked] = await transaction.$queryRaw<{ state: "active" | "halted" | "paused" }[]>`
    select state from agent_sessions where id = ${session.id}::uuid for update`;
  if (!locked) throw new HaltRequestRejectedError("The session no longer exists.");

  let haltType = input.halt_type;
  let conditionName = input.condition_name ?? null;
  let severity = input.severity;
  let description = input.description;
  let attemptCount = input.attempt_count ?? null;
  let threeStrikes: ThreeStrikesVerdictOutput | undefined;

  if (conditionName === TASK_ATTEMPT_FAILED_CONDITION) {
    if (input.task_id === undefined)
      throw new HaltRequestRejectedError(
        "task_id is required to record a failed task attempt (three strikes).",
      );
    const strikeConfig = configFor(config, "three_strikes") ?? defaultHaltConditionConfig("three_strikes");
    const maxAttempts =
      typeof strikeConfig.threshold.max_attempts === "number" ? strikeConfig.threshold.max_attempts : 3;
    const previous = await countConsecutiveFailures(transaction, session.id, input.task_id, maxAttempts);
    const verdict = verdictForNextFailure(previous, maxAttempts, session.id, input.task_id);
    attemptCount = verdict.attempt_count;
    haltType = "execution";
    if (verdict.type === "continue" || !strikeConfig.enabled) {
      severity = "low";
      threeStrikes = {
        attempt_count: verdict.attempt_count,
        should_halt: false,
        recommended_action: verdict.type === "continue" ? verdict.recommended_action : "try_alternative",
      };
    } else {
      conditionName = "three_strikes";
      severity = strikeConfig.severity;
      const recorded = haltText("threeStrikesRecorded", {
        attempts: verdict.attempt_count,
        lastFailure: input.description,
      });
      description = recorded.description;
      descriptionText = { key: recorded.description_key, params: recorded.description_params };
      threeStrikes = {
        attempt_count: verdict.attempt_count,
        should_halt: true,
        recommended_action: verdict.recommended_action,
      };
    }
  }

  const conditionConfig = configFor(config, conditionName ?? undefined);
  const escalate =
    severity === "critical" || input.auto_escalate === true || conditionConfig?.auto_escalate === true;
  const requiresAcknowledgment = severity !== "low" || escalate;
  const now = new Date();
  const row = await transaction.haltEvent.create({
    data: {
      sessionId: session.id,
      taskId: input.task_id ?? null,
      haltType,
      conditionName,
      severity,
      description: sanitizeDescription(description),
      descriptionKey: descriptionText?.key ?? null,
      descriptionParams: (descriptionText?.params as Prisma.InputJsonObject | undefined) ?? undefined,
      context: input.context === undefined ? undefined : (input.context as Prisma.InputJsonObject),
      attemptCount,
      previousError: input.previous_error ?? null,
      triggeredAt: now,
      escalatedAt: escalate ? now : null,
    },
  });
  if (requiresAcknowledgment && locked.state === "active") {
    await transaction.agentSession.update({
      where: { id: session.id },
      data: { state: "halted", updatedAt: now },
    });
  }
  await notifyHalt(transaction, {
    type: "halt.recorded",
    halt_id: row.id,
    session_id: session.id,
    severity,
    escalated: escalate,
  });
  const output: RecordHaltOutput = {
    halt_id: row.id,
    recorded_at: row.triggeredAt.toISOString(),
    requires_acknowledgment: requiresAcknowledgment,
    escalation_triggered: escalate,
  };
  if (threeStrikes) output.three_strikes = threeStrikes;
  return output;
}
