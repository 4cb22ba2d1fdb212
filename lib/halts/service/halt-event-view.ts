/** Maps a `halt_events` row to the contract's `HaltEvent` shape (snake_case, ISO timestamps). */
import type { HaltEvent as HaltEventRow } from "@/lib/generated/prisma/client";
import type { HaltTextParams } from "@/lib/halts/halt-text";
import type { HaltEvent, JsonObject } from "@/lib/schemas/halts";

/** Row -> `HaltEvent`; nullable columns come out as null, never missing. */
export function toHaltEventView(row: HaltEventRow): HaltEvent {
  return {
    halt_id: row.id,
    halt_type: row.haltType,
    severity: row.severity,
    description: row.description,
    description_key: row.descriptionKey,
    description_params: (row.descriptionParams as HaltTextParams | null) ?? null,
    triggered_at: row.triggeredAt.toISOString(),
    acknowledged: row.acknowledged,
    acknowledged_at: row.acknowledgedAt?.toISOString() ?? null,
    resolution: row.resolution,
    session_id: row.sessionId,
    task_id: row.taskId,
    condition_name: row.conditionName,
    context: (row.context as JsonObject | null) ?? null,
    acknowledged_by: row.acknowledgedBy,
    resolution_notes: row.resolutionNotes,
    attempt_count: row.attemptCount,
    previous_error: row.previousError,
    escalated_at: row.escalatedAt?.toISOString() ?? null,
  };
}
