/**
 * `guardrail_check_halt_conditions`: evaluates every enabled condition (pure evaluators, cached config),
 * auto-records per the contract (all critical, high, several mediums), and answers. With a `task_id`, the
 * attempt number is at least the database's consecutive-failure count (the evaluator reads
 * `attempt_number` as the number of failed attempts: 2 -> try_alternative, 3 -> three_strikes), so three
 * strikes cannot be dodged by under-reporting. A session that is halted or paused gets an extra `session_halted` reason
 * ("no new operations until acknowledged"), which is not recorded again.
 *
 * Failure policy (docs/halt-conditions.md#fail-safe): if the database is unreachable or anything in the check
 * throws, the answer is `should_halt: true`, severity critical, "Halt check failed: ..." (logged). An unknown
 * session (404) or another key's session (403) is a caller error, not a failed check, and is thrown.
 */
import { invalidateAgentSessionCaches } from "@/lib/auth/agent-session-cache";
import type { Caller } from "@/lib/auth/caller";
import type { Database } from "@/lib/db/client";
import { publicFailureText } from "@/lib/db/database-errors";
import { HALT_CHECK_BUDGET_MS } from "@/lib/db/deadlines";
import { withTimeout } from "@/lib/db/with-timeout";
import type { AgentSession } from "@/lib/generated/prisma/client";
import {
  buildAutoRecordInput,
  DEFAULT_AUTO_RECORD_POLICY,
  evaluateHaltConditions,
  failSafeHaltCheckOutput,
  highestSeverity,
  markReasonsRecorded,
  recommendAction,
  selectReasonsToAutoRecord,
} from "@/lib/halts/conditions";
import { haltText, isHaltTextKey } from "@/lib/halts/halt-text";
import { createLogger, errorFields } from "@/lib/log/logger";
import { redactKnownSecrets, redactSecretsDeep, secretValuesIn } from "@/lib/redact/redact";
import type {
  CheckHaltConditionsInput,
  CheckHaltConditionsOutput,
  HaltConditionConfig,
  HaltReason,
} from "@/lib/schemas/halts";
import { observeHaltCheck } from "@/lib/telemetry/halt-check";
import { HaltServiceError, SessionNotFoundError } from "./halt-service-error";
import { recordHaltInSession, redactTaskId } from "./record-halt";
import { assertSessionAccess, resolveSessionByToken } from "./resolve-session";
import { countConsecutiveFailures } from "./task-strikes";

const log = createLogger({ component: "halt-check" });

/** Where the check gets its configuration (the process cache in production). */
export type HaltConfigSource = { get(): Promise<HaltConditionConfig[]> };

/** Condition name of the reason added while the session is halted or paused. */
export const SESSION_HALTED_CONDITION = "session_halted";

/**
 * Runs the check; never throws except for 404/403 on the session. A check still waiting on the database
 * after HALT_CHECK_BUDGET_MS answers the fail-safe (the MCP tools get the same bound as the route).
 */
export async function checkHaltConditions(
  database: Database,
  caller: Caller,
  input: CheckHaltConditionsInput,
  configSource: HaltConfigSource,
  prefetched?: AgentSession | null,
): Promise<CheckHaltConditionsOutput> {
  return observeHaltCheck(() => checkFailSafe(database, caller, input, configSource, prefetched));
}

async function checkFailSafe(
  database: Database,
  caller: Caller,
  input: CheckHaltConditionsInput,
  configSource: HaltConfigSource,
  prefetched: AgentSession | null | undefined,
): Promise<CheckHaltConditionsOutput> {
  try {
    // The answer never echoes a secret the agent sent (operation, file paths, instructions ...).
    return redactSecretsDeep(
      await withTimeout(
        runCheck(database, caller, input, configSource, prefetched),
        HALT_CHECK_BUDGET_MS,
        "the halt check",
      ),
    );
  } catch (error) {
    if (error instanceof HaltServiceError && (error.code === "not_found" || error.code === "forbidden"))
      throw error;
    log.error("halt check failed; answering fail-safe (halt, critical)", {
      task_id: input.task_id,
      operation: input.current_context.operation.slice(0, 200),
      ...errorFields(error),
    });
    // The description reaches the agent: a generic phrase, never the error's text (SQL states, code).
    return failSafeHaltCheckOutput(new Error(publicFailureText(error)));
  }
}

async function runCheck(
  database: Database,
  caller: Caller,
  input: CheckHaltConditionsInput,
  configSource: HaltConfigSource,
  prefetched: AgentSession | null | undefined,
): Promise<CheckHaltConditionsOutput> {
  const session = await sessionOf(database, caller, input.session_token, prefetched);
  const config = await configSource.get();
  let checked = input;
  if (input.task_id !== undefined) {
    const strikes = config.find((row) => row.condition_name === "three_strikes");
    const maxAttempts =
      typeof strikes?.threshold.max_attempts === "number" ? strikes.threshold.max_attempts : 3;
    // Stored task ids are redacted (record-halt.ts), so count by the redacted id.
    const failures = await countConsecutiveFailures(
      database,
      session.id,
      redactTaskId(input.task_id),
      maxAttempts,
    );
    const reported = input.current_context.attempt_number ?? 1;
    if (failures > reported) {
      checked = { ...input, current_context: { ...input.current_context, attempt_number: failures } };
    }
  }
  // Descriptions quote fragments of the input (a word of a command, a line of a key block) that may be
  // a secret without the context that identified it: every secret found in the input is scrubbed.
  let output = redactKnownSecrets(evaluateHaltConditions(checked, config), secretValuesIn(input));
  const toRecord = selectReasonsToAutoRecord(output, DEFAULT_AUTO_RECORD_POLICY);
  if (toRecord.length > 0) {
    const recorded = await database.$transaction(async (transaction) => {
      const ids = new Map<string, string>();
      for (const reason of toRecord) {
        const result = await recordHaltInSession(
          transaction,
          session,
          buildAutoRecordInput(checked, reason),
          config,
          reason.description_key === undefined || !isHaltTextKey(reason.description_key)
            ? undefined
            : { key: reason.description_key, params: reason.description_params ?? {} },
        );
        ids.set(reason.condition_name, result.halt_id);
      }
      return ids;
    });
    // The session may be halted now: this process's next check reads it again (others on the NOTIFY).
    invalidateAgentSessionCaches(session.sessionToken);
    output = markReasonsRecorded(output, recorded);
  }
  if (session.state !== "active") output = withSessionHaltedReason(output, session.state);
  return output;
}

/**
 * The session the check names: the one read with the caller's key (`prefetched`, null when there was
 * none) when it was looked up by this very token, else read now.
 */
async function sessionOf(
  database: Database,
  caller: Caller,
  sessionToken: string,
  prefetched: AgentSession | null | undefined,
): Promise<AgentSession> {
  if (prefetched === undefined || (prefetched !== null && prefetched.sessionToken !== sessionToken))
    return await resolveSessionByToken(database, caller, sessionToken);
  if (prefetched === null) throw new SessionNotFoundError();
  assertSessionAccess(caller, prefetched);
  return prefetched;
}

function withSessionHaltedReason(
  output: CheckHaltConditionsOutput,
  state: "halted" | "paused",
): CheckHaltConditionsOutput {
  const reason: HaltReason = {
    halt_type: "execution",
    condition_name: SESSION_HALTED_CONDITION,
    severity: "high",
    ...haltText(state === "paused" ? "sessionPaused" : "sessionHalted"),
    auto_recorded: false,
  };
  const reasons = [...output.halt_reasons, reason];
  const halting = reasons.filter((candidate) => candidate.severity !== "low");
  return {
    ...output,
    should_halt: true,
    halt_reasons: reasons,
    highest_severity: highestSeverity(halting),
    recommended_action: output.should_halt ? output.recommended_action : recommendAction(halting),
  };
}
