import { describe, expect, it } from "vitest";
import { parseSince, progressBar, ReplayUsageError, replaySummary } from "./keel-replay";

describe("keel replay", () => {
  const now = new Date("2026-12-02T12:00:00.000Z");

  it("reads --since as a duration before now or as an ISO time", () => {
    expect(parseSince("7d", now)).toBe("2026-11-25T12:00:00.000Z");
    expect(parseSince("24h", now)).toBe("2026-12-01T12:00:00.000Z");
    expect(parseSince("30m", now)).toBe("2026-12-02T11:30:00.000Z");
    expect(parseSince("2026-12-01T00:00:00Z", now)).toBe("2026-12-01T00:00:00Z");
    for (const bad of ["7", "0d", "yesterday", "2026-12-01", "7w"])
      expect(() => parseSince(bad, now)).toThrow(ReplayUsageError);
  });

  it("draws a progress bar", () => {
    expect(progressBar(0, 4, 8)).toBe("[........]   0%  0/4");
    expect(progressBar(2, 4, 8)).toBe("[####....]  50%  2/4");
    expect(progressBar(4, 4, 8)).toBe("[########] 100%  4/4");
    expect(progressBar(0, 0, 4)).toBe("[####] 100%  0/0");
  });

  it("summarises what changed, per result", () => {
    const text = replaySummary(
      {
        scanned: 3,
        changed: 1,
        nowRemoving: 1,
        noLongerRemoving: 0,
        truncated: 0,
        runs: 2,
        itemsLeftOut: 0,
        items: [
          {
            sampleId: "1",
            runId: "00000000-0000-4000-8000-000000000001",
            at: "2026-12-02T11:00:00.000Z",
            callId: "c1",
            toolName: "web_fetch",
            truncated: false,
            text: "a\nb",
            before: { previews: ["a"] },
            after: { previews: ["a", "b"], segments: [] },
          },
        ],
      },
      20,
    );
    expect(text).toContain("Replayed 3 stored tool result(s) of 2 run(s)");
    expect(text).toContain("Changed: 1 (now removing more: 1");
    expect(text).toContain("+ now removed:      b");
    expect(text).not.toContain("no longer removed");
  });
});
