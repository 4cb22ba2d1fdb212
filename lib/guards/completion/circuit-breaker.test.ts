import { describe, expect, it } from "vitest";
import { createCircuitBreaker, JUDGE_BREAKER_OPEN_MS } from "./circuit-breaker";

function clock() {
  let time = 1_000_000;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe("createCircuitBreaker", () => {
  it("opens after three consecutive failures, for five minutes", () => {
    const time = clock();
    const breaker = createCircuitBreaker({ now: time.now });
    breaker.recordFailure();
    breaker.recordFailure();
    expect(breaker.state()).toBe("closed");
    breaker.recordFailure();
    expect(breaker.state()).toBe("open");
    expect(breaker.allowsCall()).toBe(false);
    time.advance(JUDGE_BREAKER_OPEN_MS - 1);
    expect(breaker.state()).toBe("open");
    time.advance(1);
    expect(breaker.state()).toBe("half-open");
    expect(breaker.allowsCall()).toBe(true);
  });

  it("a success resets the count (failures must be consecutive)", () => {
    const breaker = createCircuitBreaker({ now: clock().now });
    breaker.recordFailure();
    breaker.recordFailure();
    breaker.recordSuccess();
    breaker.recordFailure();
    breaker.recordFailure();
    expect(breaker.state()).toBe("closed");
    expect(breaker.failures()).toBe(2);
  });

  it("half-open: a failure opens it again for another five minutes, a success closes it", () => {
    const time = clock();
    const breaker = createCircuitBreaker({ now: time.now });
    for (let index = 0; index < 3; index++) breaker.recordFailure();
    time.advance(JUDGE_BREAKER_OPEN_MS);
    breaker.recordFailure();
    expect(breaker.state()).toBe("open");
    time.advance(JUDGE_BREAKER_OPEN_MS);
    expect(breaker.state()).toBe("half-open");
    breaker.recordSuccess();
    expect(breaker.state()).toBe("closed");
    expect(breaker.failures()).toBe(0);
  });

  it("takes its threshold and duration as options", () => {
    const time = clock();
    const breaker = createCircuitBreaker({ failureThreshold: 1, openMs: 10, now: time.now });
    breaker.recordFailure();
    expect(breaker.state()).toBe("open");
    time.advance(10);
    expect(breaker.state()).toBe("half-open");
  });
});
