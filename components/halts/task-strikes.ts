import { type HaltEvent, TASK_ATTEMPT_FAILED_CONDITION } from "@/lib/schemas/halts";

/** Failed attempts counted for one task of a session (three strikes). */
export type TaskStrikes = { taskId: string; attempts: number; struckOut: boolean };

/**
 * Three-strikes counters per task derived from a session's halts (pure): `task_attempt_failed` rows
 * count (their `attempt_count` when given), an acknowledged `three_strikes` halt resets the task's
 * count, an open one means the task struck out. Tasks sorted by id.
 */
export function deriveTaskStrikes(halts: readonly HaltEvent[]): TaskStrikes[] {
  const byTask = new Map<string, { attempts: number; struckOut: boolean }>();
  const oldestFirst = [...halts].sort(
    (left, right) =>
      left.triggered_at.localeCompare(right.triggered_at) || left.halt_id.localeCompare(right.halt_id),
  );
  for (const halt of oldestFirst) {
    if (!halt.task_id) continue;
    const entry = byTask.get(halt.task_id) ?? { attempts: 0, struckOut: false };
    if (halt.condition_name === TASK_ATTEMPT_FAILED_CONDITION)
      entry.attempts = Math.max(entry.attempts + 1, halt.attempt_count ?? 0);
    else if (halt.condition_name === "three_strikes") {
      if (halt.acknowledged) {
        entry.attempts = 0;
        entry.struckOut = false;
      } else entry.struckOut = true;
    } else continue;
    byTask.set(halt.task_id, entry);
  }
  return [...byTask]
    .map(([taskId, entry]) => ({ taskId, ...entry }))
    .sort((left, right) => left.taskId.localeCompare(right.taskId));
}
