/**
 * Escalation and retention of halt events, run by the agent runtime on pg-boss schedules.
 *
 * - `escalateOverdueHalts`: unacknowledged events older than their condition's
 *   `escalate_after_minutes` get `escalated_at` and resolution `timeout`, in ONE guarded UPDATE
 *   (`escalated_at IS NULL`): with any number of workers each event is escalated exactly once (a
 *   second UPDATE re-checks the row after the first commits and skips it). The event still needs a
 *   human acknowledgement; its session stays halted.
 * - `claimEscalationNotifications`: events escalated (at record time for critical / auto-escalate, or
 *   by the timeout above) whose notification was not sent yet are claimed by setting
 *   `escalation_notified_at` (FOR UPDATE SKIP LOCKED), so the console event is emitted once per event.
 * - `archiveOldHalts`: moves events older than 90 days to `halt_events_archive` (insert and delete in
 *   one statement per batch: nothing is lost, nothing is deleted without its copy).
 */
import type { Database } from "@/lib/db/client";
import type { EscalatedHalt } from "./escalation-webhook";

export const ARCHIVE_AFTER_DAYS = 90;

interface EscalationRow {
  id: string;
  session_id: string;
  task_id: string | null;
  halt_type: string;
  condition_name: string | null;
  severity: string;
  description: string;
  triggered_at: Date;
  escalated_at: Date;
  resolution: string | null;
}

export async function escalateOverdueHalts(database: Database, now: Date = new Date()): Promise<string[]> {
  const rows = await database.$queryRaw<{ id: string }[]>`
    update halt_events as event
       set escalated_at = ${now}, resolution = 'timeout'
      from halt_conditions_config as config
     where config.condition_name = event.condition_name
       and config.escalate_after_minutes is not null
       and event.acknowledged = false
       and event.escalated_at is null
       and event.triggered_at <= ${now}::timestamptz - make_interval(mins => config.escalate_after_minutes)
    returning event.id`;
  return rows.map((row) => row.id);
}

export async function claimEscalationNotifications(
  database: Database,
  now: Date = new Date(),
  limit = 100,
): Promise<EscalatedHalt[]> {
  const rows = await database.$queryRaw<EscalationRow[]>`
    update halt_events
       set escalation_notified_at = ${now}
     where id in (
       select id from halt_events
        where escalated_at is not null and escalation_notified_at is null
        order by escalated_at
        limit ${limit}
        for update skip locked)
    returning id, session_id, task_id, halt_type::text, condition_name, severity::text, description,
              triggered_at, escalated_at, resolution::text`;
  return rows.map((row) => ({
    halt_id: row.id,
    session_id: row.session_id,
    task_id: row.task_id,
    halt_type: row.halt_type,
    condition_name: row.condition_name,
    severity: row.severity,
    description: row.description,
    triggered_at: row.triggered_at.toISOString(),
    escalated_at: row.escalated_at.toISOString(),
    reason: row.resolution === "timeout" ? "unacknowledged_timeout" : "recorded_critical_or_auto_escalate",
  }));
}

/** Moves events older than {@link ARCHIVE_AFTER_DAYS} days in batches; returns how many moved. */
export async function archiveOldHalts(
  database: Database,
  now: Date = new Date(),
  batchSize = 5_000,
): Promise<number> {
  let moved = 0;
  for (;;) {
    const batch = await database.$executeRaw`
      with moving as (
        delete from halt_events
         where id in (
           select id from halt_events
            where triggered_at < ${now}::timestamptz - make_interval(days => ${ARCHIVE_AFTER_DAYS})
            order by triggered_at
            limit ${batchSize}
            for update skip locked)
        returning *)
      insert into halt_events_archive (
        id, session_id, task_id, halt_type, condition_name, severity, description, description_key,
        description_params, context, triggered_at, acknowledged, acknowledged_at, acknowledged_by, resolution, resolution_notes, attempt_count,
        previous_error, escalated_at, escalation_notified_at, created_at, updated_at, archived_at)
      select id, session_id, task_id, halt_type, condition_name, severity, description, description_key,
             description_params, context, triggered_at, acknowledged, acknowledged_at, acknowledged_by, resolution, resolution_notes, attempt_count,
             previous_error, escalated_at, escalation_notified_at, created_at, updated_at, ${now}
        from moving`;
    moved += batch;
    if (batch < batchSize) return moved;
  }
}
