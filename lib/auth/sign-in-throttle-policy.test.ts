import { describe, expect, it } from "vitest";
import { ACCOUNT_LIMITS, forgive, recordFailure, retryAfterSeconds } from "./sign-in-throttle-policy";

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds));

describe("sign-in throttle policy", () => {
  it("locks on the 5th failure for one minute, doubling per further failure up to 15 minutes", () => {
    let state = null;
    const locks: (number | null)[] = [];
    for (let failure = 1; failure <= 10; failure++) {
      state = recordFailure(state, at(failure), ACCOUNT_LIMITS);
      locks.push(state.lockedUntil ? (state.lockedUntil.getTime() - at(failure).getTime()) / 1000 : null);
    }
    expect(locks).toEqual([null, null, null, null, 60, 120, 240, 480, 900, 900]);
  });

  it("starts a new window after 15 minutes", () => {
    const old = { failures: 4, windowStart: at(0), lockedUntil: null };
    const next = recordFailure(old, new Date(at(0).getTime() + 16 * 60_000), ACCOUNT_LIMITS);
    expect(next.failures).toBe(1);
    expect(next.lockedUntil).toBeNull();
  });

  it("reports the wait in whole seconds, 0 when not locked", () => {
    expect(retryAfterSeconds(null, at(0))).toBe(0);
    expect(retryAfterSeconds({ failures: 5, windowStart: at(0), lockedUntil: at(60) }, at(30))).toBe(30);
    expect(
      retryAfterSeconds(
        { failures: 5, windowStart: at(0), lockedUntil: new Date(at(10).getTime() + 1) },
        at(10),
      ),
    ).toBe(1);
    expect(retryAfterSeconds({ failures: 5, windowStart: at(0), lockedUntil: at(60) }, at(61))).toBe(0);
  });

  it("forgives counted attempts and lifts the lock once below the limit", () => {
    const locked = { failures: 6, windowStart: at(0), lockedUntil: at(120) };
    expect(forgive(locked, 1, ACCOUNT_LIMITS)).toEqual({
      failures: 5,
      windowStart: at(0),
      lockedUntil: at(120),
    });
    expect(forgive(locked, 3, ACCOUNT_LIMITS)).toEqual({
      failures: 3,
      windowStart: at(0),
      lockedUntil: null,
    });
    expect(forgive(locked, 9, ACCOUNT_LIMITS).failures).toBe(0);
  });
});
