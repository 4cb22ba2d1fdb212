import { describe, expect, it } from "vitest";
import { bucketStarts, histogramQuantile, waitOfBucket } from "./activity-stats";

describe("bucketStarts", () => {
  it("ends with the bucket that holds `to`, on UTC hour, 6-hour and day boundaries", () => {
    const to = new Date("2026-06-15T12:30:00Z");
    const day = bucketStarts(to, "24h");
    expect(day).toHaveLength(24);
    expect(day.at(-1)?.toISOString()).toBe("2026-06-15T12:00:00.000Z");
    expect(day[0]?.toISOString()).toBe("2026-06-14T13:00:00.000Z");
    const week = bucketStarts(to, "7d");
    expect(week).toHaveLength(28);
    expect(week.at(-1)?.toISOString()).toBe("2026-06-15T12:00:00.000Z");
    const month = bucketStarts(to, "30d");
    expect(month).toHaveLength(30);
    expect(month.at(-1)?.toISOString()).toBe("2026-06-15T00:00:00.000Z");
  });
});

describe("histogramQuantile", () => {
  it("is null for no data and picks the bucket where the running count reaches the quantile", () => {
    expect(histogramQuantile(new Map(), 0.5)).toBeNull();
    const histogram = new Map([
      [0, 1],
      [20, 2],
      [40, 7],
    ]);
    expect(histogramQuantile(histogram, 0.5)).toBe(waitOfBucket(40));
    expect(histogramQuantile(histogram, 0.25)).toBe(waitOfBucket(20));
  });

  it("stays within 10% of the exact value for waits from a second to a day", () => {
    for (const seconds of [1.5, 7, 60, 240, 3600, 86_400]) {
      const bucket = Math.floor(4 * Math.log2(seconds));
      expect(Math.abs(waitOfBucket(bucket) - seconds) / seconds, String(seconds)).toBeLessThan(0.1);
    }
  });
});
