/**
 * Three strikes (docs/halt-conditions.md#three-strikes): per (session, task), the number of
 * consecutive failures since the last success. Failure 1 -> "retry", failure 2 -> "try_alternative",
 * failure 3 (max attempts) -> halt `execution/three_strikes`, severity high. The counter resets on a
 * success, a new task (different scope), new information from the user, an explicit "try again", and a
 * new session. It does NOT reset when the agent itself decides to try once more, varies the approach
 * slightly, or meets the same error in other words (the halt design's execution protocol).
 *
 * Pure and immutable: every function returns a new state; the caller persists it (the halt design stores
 * the count in `halt_events.attempt_count`). No clock is needed: ordering is the order of calls.
 */

/** Default maximum attempts before halting (the halt design: `{"max_attempts": 3}`). */
export const DEFAULT_MAX_STRIKES = 3;

/** Key of a counter: the session and the task (tasks without an id share the session's default task). */
export type StrikeKey = { session_id: string; task_id?: string | null };

/** Counter state for many (session, task) pairs. Treat as immutable. */
export type ThreeStrikesState = {
  readonly max_attempts: number;
  /** Consecutive failures since the last success, by `strikeKeyOf`. Zero counts are not stored. */
  readonly failures: Readonly<Record<string, number>>;
};

/**
 * Why a counter resets (the halt design: new task, new information, explicit "try again", new session; plus
 * success).
 */
export type StrikeResetReason =
  | "success"
  | "new_task"
  | "new_information"
  | "user_said_try_again"
  | "new_session";

/** Non-halting advice after a failure. */
export type StrikeAction = "retry" | "try_alternative";

/** Verdict after recording a failure. */
export type StrikeVerdict =
  | { type: "continue"; attempt_count: number; should_halt: false; recommended_action: StrikeAction }
  | {
      type: "halt";
      attempt_count: number;
      should_halt: true;
      halt_type: "execution";
      condition_name: "three_strikes";
      severity: "high";
      description: string;
      recommended_action: string;
    };

/** The recommended action once the agent must stop (seed example 2). */
export const THREE_STRIKES_HALT_ACTION = "HALT and escalate to user. Recommend fresh session.";

/** Creates an empty state. `maxAttempts` must be an integer >= 1 (throws RangeError otherwise). */
export function createThreeStrikesState(maxAttempts: number = DEFAULT_MAX_STRIKES): ThreeStrikesState {
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1)
    throw new RangeError("max_attempts must be an integer >= 1");
  return { max_attempts: maxAttempts, failures: {} };
}

/** Stable string key for a (session, task) pair; JSON-encoded so ids containing separators cannot collide. */
export function strikeKeyOf(key: StrikeKey): string {
  return JSON.stringify([key.session_id, key.task_id ?? null]);
}

/** Consecutive failures recorded for the pair (0 when none). */
export function strikeCount(state: ThreeStrikesState, key: StrikeKey): number {
  return state.failures[strikeKeyOf(key)] ?? 0;
}

/**
 * Advice after `failures` consecutive failures, for `maxAttempts` allowed attempts: "retry" while more
 * than one attempt is left, "try_alternative" when exactly one is left, null when the limit is reached
 * (halt). With the default 3: 1 -> retry, 2 -> try_alternative, 3 -> null.
 */
export function actionAfterFailures(
  failures: number,
  maxAttempts: number = DEFAULT_MAX_STRIKES,
): StrikeAction | null {
  if (failures >= maxAttempts) return null;
  return failures >= maxAttempts - 1 ? "try_alternative" : "retry";
}

/** Records a failure for the pair and returns the new state and the verdict (continue or halt). */
export function recordStrikeFailure(
  state: ThreeStrikesState,
  key: StrikeKey,
): { state: ThreeStrikesState; verdict: StrikeVerdict } {
  const count = strikeCount(state, key) + 1;
  const next: ThreeStrikesState = { ...state, failures: { ...state.failures, [strikeKeyOf(key)]: count } };
  const action = actionAfterFailures(count, state.max_attempts);
  if (action !== null) {
    return {
      state: next,
      verdict: { type: "continue", attempt_count: count, should_halt: false, recommended_action: action },
    };
  }
  return {
    state: next,
    verdict: {
      type: "halt",
      attempt_count: count,
      should_halt: true,
      halt_type: "execution",
      condition_name: "three_strikes",
      severity: "high",
      description: `Task has failed ${count} times. Context may be contaminated.`,
      recommended_action: THREE_STRIKES_HALT_ACTION,
    },
  };
}

/** Records a success: the pair's consecutive-failure count goes back to 0. */
export function recordStrikeSuccess(state: ThreeStrikesState, key: StrikeKey): ThreeStrikesState {
  return resetStrikes(state, key, "success");
}

/**
 * Resets counters. "new_session" clears every task of the key's session; the other reasons clear the
 * (session, task) pair only ("new_task" clears the task being left; the new task starts at 0 anyway).
 * The reason is part of the signature so callers state why, and only the reasons above reset.
 */
export function resetStrikes(
  state: ThreeStrikesState,
  key: StrikeKey,
  reason: StrikeResetReason,
): ThreeStrikesState {
  const failures: Record<string, number> = {};
  const target = strikeKeyOf(key);
  for (const [storedKey, count] of Object.entries(state.failures)) {
    const [sessionId] = JSON.parse(storedKey) as [string, string | null];
    const cleared = reason === "new_session" ? sessionId === key.session_id : storedKey === target;
    if (!cleared) failures[storedKey] = count;
  }
  return { ...state, failures };
}

/**
 * Classifies a user message as a reset: an explicit "try again" (also "keep trying", "try approach X",
 * "it's okay, keep going", DE "versuch es noch einmal", IT "riprova") gives "user_said_try_again".
 * Anything else gives null: whether a message carries new information is for the caller to decide and
 * report with `resetStrikes(..., "new_information")`.
 */
export function classifyUserReset(message: string): StrikeResetReason | null {
  const text = message.toLowerCase();
  if (
    /\btry (?:it |this |that )?again\b|\bkeep (?:trying|going)\b|\btry approach\b|\bgo ahead and retry\b|\bversuch(?:e|'s| es)? (?:es )?(?:noch ?mal|nochmal|erneut|noch einmal)\b|\bweiter versuchen\b|\briprova\b|\bprova (?:ancora|di nuovo)\b|\bcontinua a provare\b/.test(
      text,
    )
  ) {
    return "user_said_try_again";
  }
  return null;
}

/** Serialises the state to JSON text (round-trips with `parseThreeStrikesState`). */
export function serializeThreeStrikesState(state: ThreeStrikesState): string {
  return JSON.stringify(state);
}

/** Parses state JSON; returns a fresh default state for anything malformed (never throws). */
export function parseThreeStrikesState(text: string): ThreeStrikesState {
  try {
    const value = JSON.parse(text) as { max_attempts?: unknown; failures?: unknown };
    const maxAttempts = value.max_attempts;
    if (typeof maxAttempts !== "number" || !Number.isInteger(maxAttempts) || maxAttempts < 1)
      return createThreeStrikesState();
    const failures: Record<string, number> = {};
    if (typeof value.failures === "object" && value.failures !== null) {
      for (const [key, count] of Object.entries(value.failures)) {
        if (typeof count === "number" && Number.isInteger(count) && count > 0 && isStrikeKey(key))
          failures[key] = count;
      }
    }
    return { max_attempts: maxAttempts, failures };
  } catch {
    return createThreeStrikesState();
  }
}

function isStrikeKey(key: string): boolean {
  try {
    const parsed = JSON.parse(key) as unknown;
    return (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[0] === "string" &&
      (parsed[1] === null || typeof parsed[1] === "string")
    );
  } catch {
    return false;
  }
}
