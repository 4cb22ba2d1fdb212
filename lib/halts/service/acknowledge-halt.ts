/**
 * `guardrail_acknowledge_halt`: the halt must exist and belong to the session (and the session to the
 * calling agent key; operators may acknowledge any halt); dismissing a critical halt requires
 * `continue_with_caution`; the write is guarded (`acknowledged = false` in the WHERE clause), so of any
 * number of concurrent acknowledgements exactly one succeeds and the others get 409 with who
 * acknowledged and when. The session state follows the contract's table
 * (docs/halt-conditions.md#acknowledgement-and-session-state, `decideAcknowledgement`): resolved
 * or dismissed -> active once no halt needing acknowledgement is left, escalated -> paused.
 */
import { invalidateAgentSessionCaches } from "@/lib/auth/agent-session-cache";
import type { Caller } from "@/lib/auth/caller";
import { actorName } from "@/lib/auth/caller";
import type { Database } from "@/lib/db/client";
import { decideAcknowledgement } from "@/lib/halts/conditions";
import { redactSecrets } from "@/lib/redact/redact";
import type { AcknowledgeHaltOutput, AcknowledgeHaltRequest } from "@/lib/schemas/halts";
import { notifyHalt } from "./halt-notifications";
import {
  HaltAlreadyAcknowledgedError,
  HaltForbiddenError,
  HaltNotFoundError,
  HaltRequestRejectedError,
} from "./halt-service-error";

/** Who is recorded as acknowledging: the authenticated actor, plus the name the caller gave if different. */
export function acknowledgedByName(caller: Caller, given: string | undefined): string {
  const actor = actorName(caller);
  return given === undefined || given === actor ? actor : `${actor} (for ${given})`;
}

async function conflict(database: Database, haltId: string): Promise<HaltAlreadyAcknowledgedError> {
  const row = await database.haltEvent.findUnique({ where: { id: haltId } });
  return new HaltAlreadyAcknowledgedError({
    halt_id: haltId,
    acknowledged_by: row?.acknowledgedBy ?? null,
    acknowledged_at: row?.acknowledgedAt?.toISOString() ?? null,
    resolution: row?.resolution ?? null,
  });
}

/** Acknowledges halt `haltId`. `input.session_token`, when given, must be the halt's session. */
export async function acknowledgeHalt(
  database: Database,
  caller: Caller,
  haltId: string,
  input: AcknowledgeHaltRequest,
): Promise<AcknowledgeHaltOutput> {
  if (input.halt_id !== undefined && input.halt_id !== haltId)
    throw new HaltRequestRejectedError("halt_id in the body does not match the halt in the path.");
  const event = await database.haltEvent.findUnique({ where: { id: haltId }, include: { session: true } });
  if (!event) throw new HaltNotFoundError();
  if (caller.kind === "agent" && event.session.apiKeyId !== caller.keyId) throw new HaltForbiddenError();
  if (input.session_token !== undefined && input.session_token !== event.session.sessionToken)
    throw new HaltNotFoundError("No halt event with that id in this session.");
  if (caller.kind === "agent" && input.session_token === undefined)
    throw new HaltRequestRejectedError("session_token is required when an agent acknowledges a halt.");

  const precheck = decideAcknowledgement({
    resolution: input.resolution,
    severity: event.severity,
    continue_with_caution: input.continue_with_caution,
    already_acknowledged: event.acknowledged,
    other_unacknowledged_count: 0,
  });
  if (precheck.type === "rejected") {
    if (precheck.reason === "already_acknowledged") throw await conflict(database, haltId);
    throw new HaltRequestRejectedError(precheck.message);
  }

  const acknowledgedAt = new Date();
  const outcome = await database.$transaction(async (transaction) => {
    const { count } = await transaction.haltEvent.updateMany({
      where: { id: haltId, acknowledged: false },
      data: {
        acknowledged: true,
        acknowledgedAt,
        acknowledgedBy: redactSecrets(acknowledgedByName(caller, input.acknowledged_by)),
        resolution: input.resolution,
        resolutionNotes: input.resolution_notes === undefined ? null : redactSecrets(input.resolution_notes),
      },
    });
    if (count === 0) return null;
    // Serialise session-state decisions of concurrent acknowledgements of different halts.
    await transaction.$queryRaw`select id from agent_sessions where id = ${event.sessionId}::uuid for update`;
    const others = await transaction.haltEvent.count({
      where: {
        sessionId: event.sessionId,
        acknowledged: false,
        OR: [{ severity: { not: "low" } }, { escalatedAt: { not: null } }],
      },
    });
    const decided = decideAcknowledgement({
      resolution: input.resolution,
      severity: event.severity,
      continue_with_caution: input.continue_with_caution,
      already_acknowledged: false,
      other_unacknowledged_count: others,
    });
    if (decided.type === "rejected") throw new HaltRequestRejectedError(decided.message);
    await transaction.agentSession.update({
      where: { id: event.sessionId },
      data: { state: decided.session_state, updatedAt: acknowledgedAt },
    });
    await notifyHalt(transaction, {
      type: "halt.acknowledged",
      halt_id: haltId,
      session_id: event.sessionId,
      severity: event.severity,
      resolution: input.resolution,
    });
    return decided;
  });
  // The session's state changed: this process's next check reads it again (others on the NOTIFY).
  invalidateAgentSessionCaches(event.session.sessionToken);
  if (outcome === null) throw await conflict(database, haltId);

  const output: AcknowledgeHaltOutput = {
    confirmed: true,
    halt_id: haltId,
    acknowledged_at: acknowledgedAt.toISOString(),
    session_can_resume: outcome.session_can_resume,
  };
  if (outcome.warnings.length > 0) {
    output.warnings = outcome.warnings;
    output.warning_texts = outcome.warning_texts;
  }
  return output;
}
