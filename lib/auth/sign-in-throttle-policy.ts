/**
 * When failed sign-ins lock an account or a client address (pure; the counters live in PostgreSQL so
 * every web process shares them). Per account: 5 failures in 15 minutes lock it, for 1 minute doubling
 * per further failure up to 15 minutes. Per address: 20 failures in 15 minutes lock it the same way.
 * Every attempt is counted as a failure BEFORE its password is checked (lib/auth/sign-in.ts), so
 * parallel attempts cannot all slip past the lock; a success then forgives what it may (`forgive`):
 * on the account, itself and the failures counted before it (not the attempts counted after it, which
 * are still in flight); on the address, only itself (so spraying many accounts still locks).
 */
export interface ThrottleState {
  failures: number;
  windowStart: Date;
  lockedUntil: Date | null;
}

export interface ThrottleLimits {
  maxFailures: number;
  windowMs: number;
  baseLockMs: number;
  maxLockMs: number;
}

export const ACCOUNT_LIMITS: ThrottleLimits = {
  maxFailures: 5,
  windowMs: 15 * 60_000,
  baseLockMs: 60_000,
  maxLockMs: 15 * 60_000,
};
export const ADDRESS_LIMITS: ThrottleLimits = {
  maxFailures: 20,
  windowMs: 15 * 60_000,
  baseLockMs: 60_000,
  maxLockMs: 15 * 60_000,
};

/** Seconds to wait before another attempt, or 0 when attempts are allowed now. */
export function retryAfterSeconds(state: ThrottleState | null, now: Date): number {
  if (!state?.lockedUntil || state.lockedUntil <= now) return 0;
  return Math.ceil((state.lockedUntil.getTime() - now.getTime()) / 1000);
}

/** The state after one more failure. */
export function recordFailure(state: ThrottleState | null, now: Date, limits: ThrottleLimits): ThrottleState {
  const fresh = !state || now.getTime() - state.windowStart.getTime() > limits.windowMs;
  const failures = fresh ? 1 : state.failures + 1;
  const windowStart = fresh ? now : state.windowStart;
  if (failures < limits.maxFailures)
    return { failures, windowStart, lockedUntil: fresh ? null : state.lockedUntil };
  const lockMs = Math.min(limits.maxLockMs, limits.baseLockMs * 2 ** (failures - limits.maxFailures));
  return { failures, windowStart, lockedUntil: new Date(now.getTime() + lockMs) };
}

/**
 * The state after forgiving `count` counted attempts (a success refunds itself and, on the account,
 * the failures before it). Below the limit again, the lock is lifted.
 */
export function forgive(state: ThrottleState, count: number, limits: ThrottleLimits): ThrottleState {
  const failures = Math.max(0, state.failures - count);
  return {
    failures,
    windowStart: state.windowStart,
    lockedUntil: failures < limits.maxFailures ? null : state.lockedUntil,
  };
}
