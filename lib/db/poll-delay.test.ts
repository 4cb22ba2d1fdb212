import { describe, expect, it } from "vitest";
import { nextPollDelay } from "./poll-delay";

describe("nextPollDelay", () => {
  it.each([
    [0, 5_000],
    [1, 10_000],
    [2, 20_000],
    [3, 40_000],
    [4, 60_000],
    [50, 60_000],
  ])("after %i consecutive failures waits %i ms", (failures, expected) => {
    expect(nextPollDelay(failures)).toBe(expected);
  });
  it("honours a custom base and cap", () => {
    expect(nextPollDelay(0, { baseMs: 200 })).toBe(200);
    expect(nextPollDelay(10, { baseMs: 1_000, maxMs: 30_000 })).toBe(30_000);
  });
  it("takes off up to 10% for jitter and clamps the jitter input", () => {
    expect(nextPollDelay(0, { jitter: 1 })).toBe(4_500);
    expect(nextPollDelay(0, { jitter: 0.5 })).toBe(4_750);
    expect(nextPollDelay(0, { jitter: 7 })).toBe(4_500);
    expect(nextPollDelay(0, { jitter: -1 })).toBe(5_000);
  });
  it("treats negative or fractional failure counts sanely", () => {
    expect(nextPollDelay(-3)).toBe(5_000);
    expect(nextPollDelay(1.9)).toBe(10_000);
  });
});
