/**
 * Password sign-in with throttling per account and per client address (counters in PostgreSQL, shared
 * by every web process). One generic failure for a wrong password, an unknown user and a disabled user,
 * with the same hashing work in each case, so neither messages nor timing reveal which accounts exist.
 */
import type { Database } from "@/lib/db/client";
import { verifyPasswordOrDummy } from "./password-hash";
import { createSession } from "./sessions";
import {
  ACCOUNT_LIMITS,
  ADDRESS_LIMITS,
  recordFailure,
  retryAfterSeconds,
  type ThrottleLimits,
  type ThrottleState,
} from "./sign-in-throttle-policy";

export class InvalidCredentialsError extends Error {
  constructor() {
    super("The user name or password is not correct.");
    this.name = "InvalidCredentialsError";
  }
}

export class TooManyAttemptsError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many failed sign-ins. Try again in ${retryAfterSeconds} seconds.`);
    this.name = "TooManyAttemptsError";
  }
}

export async function signIn(
  database: Database,
  input: { username: string; password: string; ipAddress: string | null; userAgent: string | null },
  now = new Date(),
) {
  const username = input.username.trim().toLowerCase().slice(0, 64);
  const keys = { account: `account:${username}`, address: `address:${input.ipAddress ?? "unknown"}` };
  const [account, address] = await Promise.all([
    readThrottle(database, keys.account),
    readThrottle(database, keys.address),
  ]);
  const wait = Math.max(retryAfterSeconds(account, now), retryAfterSeconds(address, now));
  if (wait > 0) throw new TooManyAttemptsError(wait);

  const user = await database.user.findUnique({ where: { username } });
  const passwordOk = await verifyPasswordOrDummy(input.password, user?.passwordHash ?? null);
  if (!user || !passwordOk || user.disabledAt) {
    await Promise.all([
      bumpThrottle(database, keys.account, ACCOUNT_LIMITS, now),
      bumpThrottle(database, keys.address, ADDRESS_LIMITS, now),
    ]);
    throw new InvalidCredentialsError();
  }
  await database.signInThrottle.deleteMany({ where: { key: keys.account } });
  const session = await createSession(
    database,
    { userId: user.id, ipAddress: input.ipAddress, userAgent: input.userAgent },
    now,
  );
  return { user, ...session };
}

async function readThrottle(database: Database, key: string): Promise<ThrottleState | null> {
  return database.signInThrottle.findUnique({ where: { key } });
}

/** Read-modify-write under a row lock, so concurrent failures all count. */
async function bumpThrottle(
  database: Database,
  key: string,
  limits: ThrottleLimits,
  now: Date,
): Promise<void> {
  await database.$transaction(async (transaction) => {
    await transaction.$executeRaw`insert into sign_in_throttle (key, failures, window_start) values (${key}, 0, ${now}) on conflict (key) do nothing`;
    const [current] = await transaction.$queryRaw<
      { failures: number; window_start: Date; locked_until: Date | null }[]
    >`
      select failures, window_start, locked_until from sign_in_throttle where key = ${key} for update`;
    const previous =
      current && current.failures > 0
        ? { failures: current.failures, windowStart: current.window_start, lockedUntil: current.locked_until }
        : null;
    const next = recordFailure(previous, now, limits);
    await transaction.signInThrottle.update({
      where: { key },
      data: { failures: next.failures, windowStart: next.windowStart, lockedUntil: next.lockedUntil },
    });
  });
}
