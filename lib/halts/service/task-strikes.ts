/**
 * Three strikes per (session, task), counted from the database (docs/halt-conditions.md#three-strikes).
 * Failed attempts are `halt_events` rows: `task_attempt_failed` (severity low: recorded, not halting) and, on
 * the last allowed attempt, `three_strikes`. The count is rebuilt by replaying those rows through
 * `lib/halts/three-strikes.ts`: each row is a failure; acknowledging a `three_strikes` halt is the user
 * answering, which resets the counter ("try again" -> user_said_try_again, anything else -> new_information).
 * A new task or a new session starts at 0 because the key differs.
 */
import type { Prisma } from "@/lib/generated/prisma/client";
import {
  classifyUserReset,
  createThreeStrikesState,
  DEFAULT_MAX_STRIKES,
  recordStrikeFailure,
  resetStrikes,
  type StrikeVerdict,
  strikeCount,
} from "@/lib/halts/three-strikes";
import { TASK_ATTEMPT_FAILED_CONDITION } from "@/lib/schemas/halts";

type Reader = Pick<Prisma.TransactionClient, "haltEvent">;

type StrikeRow = {
  id: string;
  conditionName: string | null;
  triggeredAt: Date;
  acknowledged: boolean;
  acknowledgedAt: Date | null;
  resolutionNotes: string | null;
};

/** Replays failure rows and acknowledgements into the consecutive-failure count. Pure. */
export function replayStrikes(
  rows: readonly StrikeRow[],
  sessionId: string,
  taskId: string,
  maxAttempts: number,
): number {
  type Step =
    | { at: number; order: number; kind: "failure" }
    | { at: number; order: number; kind: "reset"; notes: string | null };
  const steps: Step[] = [];
  rows.forEach((row, index) => {
    steps.push({ at: row.triggeredAt.getTime(), order: index * 2, kind: "failure" });
    if (row.conditionName === "three_strikes" && row.acknowledged && row.acknowledgedAt) {
      steps.push({
        at: row.acknowledgedAt.getTime(),
        order: index * 2 + 1,
        kind: "reset",
        notes: row.resolutionNotes,
      });
    }
  });
  steps.sort((a, b) => a.at - b.at || a.order - b.order);
  const key = { session_id: sessionId, task_id: taskId };
  let state = createThreeStrikesState(maxAttempts);
  for (const step of steps) {
    if (step.kind === "failure") state = recordStrikeFailure(state, key).state;
    else state = resetStrikes(state, key, classifyUserReset(step.notes ?? "") ?? "new_information");
  }
  return strikeCount(state, key);
}

/** Consecutive failures of (session, task) since the last reset. */
export async function countConsecutiveFailures(
  database: Reader,
  sessionId: string,
  taskId: string,
  maxAttempts: number = DEFAULT_MAX_STRIKES,
): Promise<number> {
  const rows = await database.haltEvent.findMany({
    where: { sessionId, taskId, conditionName: { in: [TASK_ATTEMPT_FAILED_CONDITION, "three_strikes"] } },
    orderBy: [{ triggeredAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      conditionName: true,
      triggeredAt: true,
      acknowledged: true,
      acknowledgedAt: true,
      resolutionNotes: true,
    },
  });
  return replayStrikes(rows, sessionId, taskId, maxAttempts);
}

/** The verdict for one more failure after `previousFailures` consecutive ones. */
export function verdictForNextFailure(
  previousFailures: number,
  maxAttempts: number,
  sessionId: string,
  taskId: string,
): StrikeVerdict {
  let state = createThreeStrikesState(maxAttempts);
  const key = { session_id: sessionId, task_id: taskId };
  for (let index = 0; index < previousFailures; index += 1) state = recordStrikeFailure(state, key).state;
  return recordStrikeFailure(state, key).verdict;
}
