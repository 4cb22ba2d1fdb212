/**
 * Password sign-in with throttling per account and per client address (counters in PostgreSQL, shared
 * by every web process). One generic failure for a wrong password, an unknown user and a disabled user,
 * with the same hashing work in each case, so neither messages nor timing reveal which accounts exist.
 */

import type { Database } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { verifyPasswordOrDummy } from "./password-hash";
import { createSession } from "./sessions";
import {
  ACCOUNT_LIMITS,
  ADDRESS_LIMITS,
  forgive,
  recordFailure,
  retryAfterSeconds,
  type ThrottleLimits,
  type ThrottleState,
} from "./sign-in-throttle-policy";

export class InvalidCredentialsError extends DomainError {
  constructor() {
    super("unauthorized", "The user name or password is not correct.", {
      extra: { reason: "invalid_credentials" },
    });
  }
}

export class TooManyAttemptsError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super("too_many_requests", `Too many failed sign-ins. Try again in ${retryAfterSeconds} seconds.`, {
      headers: { "Retry-After": String(retryAfterSeconds) },
      extra: { retryAfterSeconds },
    });
  }
}

export async function signIn(
  database: Database,
  input: { username: string; password: string; ipAddress: string | null; userAgent: string | null },
  now = new Date(),
) {
  const username = input.username.trim().toLowerCase().slice(0, 64);
  const keys = { account: `account:${username}`, address: `address:${input.ipAddress ?? "unknown"}` };
  // Count this attempt and check both locks in one transaction BEFORE the password is verified.
  const admitted = await admitAttempt(database, keys, now);
  if (admitted.retryAfterSeconds > 0) throw new TooManyAttemptsError(admitted.retryAfterSeconds);

  const user = await database.user.findUnique({ where: { username } });
  const passwordOk = await verifyPasswordOrDummy(input.password, user?.passwordHash ?? null);
  if (!user || !passwordOk || user.disabledAt) throw new InvalidCredentialsError();
  // A success forgives itself and, on the account, the failures counted before it.
  await Promise.all([
    forgiveAttempts(database, keys.account, admitted.accountPosition, ACCOUNT_LIMITS),
    forgiveAttempts(database, keys.address, 1, ADDRESS_LIMITS),
  ]);
  const session = await createSession(
    database,
    { userId: user.id, ipAddress: input.ipAddress, userAgent: input.userAgent },
    now,
  );
  return { user, ...session };
}

interface ThrottleRow {
  key: string;
  failures: number;
  window_start: Date;
  locked_until: Date | null;
}

const stateOf = (row: ThrottleRow | undefined): ThrottleState | null =>
  row && row.failures > 0
    ? { failures: row.failures, windowStart: row.window_start, lockedUntil: row.locked_until }
    : null;

/**
 * One atomic step per attempt: both counter rows are created if missing and locked (`for update`, in
 * key order, so two attempts never deadlock); when either is locked the attempt is refused and nothing
 * is counted, otherwise the attempt is counted on both as a failure in advance. Concurrent attempts
 * queue on the row locks, so a burst gets exactly as many verifications as the limits allow.
 */
async function admitAttempt(
  database: Database,
  keys: { account: string; address: string },
  now: Date,
): Promise<{ retryAfterSeconds: number; accountPosition: number }> {
  return database.$transaction(
    async (transaction) => {
      await transaction.$executeRaw`
        insert into sign_in_throttle (key, failures, window_start)
        values (${keys.account}, 0, ${now}), (${keys.address}, 0, ${now})
        on conflict (key) do nothing`;
      const rows = await transaction.$queryRaw<ThrottleRow[]>`
        select key, failures, window_start, locked_until from sign_in_throttle
        where key in (${keys.account}, ${keys.address}) order by key for update`;
      const account = stateOf(rows.find((row) => row.key === keys.account));
      const address = stateOf(rows.find((row) => row.key === keys.address));
      const wait = Math.max(retryAfterSeconds(account, now), retryAfterSeconds(address, now));
      if (wait > 0) return { retryAfterSeconds: wait, accountPosition: 0 };
      const nextAccount = recordFailure(account, now, ACCOUNT_LIMITS);
      const nextAddress = recordFailure(address, now, ADDRESS_LIMITS);
      for (const [key, next] of [
        [keys.account, nextAccount],
        [keys.address, nextAddress],
      ] as const) {
        await transaction.$executeRaw`
          update sign_in_throttle
          set failures = ${next.failures}, window_start = ${next.windowStart}, locked_until = ${next.lockedUntil}
          where key = ${key}`;
      }
      return { retryAfterSeconds: 0, accountPosition: nextAccount.failures };
    },
    // Attempts queue on the row lock; a burst must wait its turn rather than fail.
    { maxWait: 15_000, timeout: 15_000 },
  );
}

/** Takes back `count` counted attempts under the row lock (see `forgive`). */
async function forgiveAttempts(
  database: Database,
  key: string,
  count: number,
  limits: ThrottleLimits,
): Promise<void> {
  await database.$transaction(async (transaction) => {
    const [row] = await transaction.$queryRaw<ThrottleRow[]>`
      select key, failures, window_start, locked_until from sign_in_throttle where key = ${key} for update`;
    const state = stateOf(row);
    if (!state) return;
    const next = forgive(state, count, limits);
    await transaction.$executeRaw`
      update sign_in_throttle set failures = ${next.failures}, locked_until = ${next.lockedUntil}
      where key = ${key}`;
  });
}
