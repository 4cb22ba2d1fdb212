import { describe, expect, it } from "vitest";
import { formatRunEvent } from "./format-run-event";

describe("formatRunEvent", () => {
  it("says what the audit gate in Shadow would have blocked, and that nothing changed", () => {
    const line = formatRunEvent({
      seq: 7,
      type: "guard.shadow",
      data: {
        guard: "audit_gate",
        step: 2,
        name: "web_fetch",
        count: 1,
        verdict: "terminate",
        previews: ["It sends keys out."],
      },
    });
    expect(line).toBe(
      "#  7 step 2 SHADOW audit_gate would have blocked this step (web_fetch): It sends keys out. (nothing changed)",
    );
  });

  it("says what the quarantine did to a tool result", () => {
    const line = formatRunEvent({
      seq: 5,
      type: "tool.end",
      data: {
        step: 1,
        name: "web_fetch",
        ok: true,
        statusCode: 200,
        classification: "external-content",
        quarantineEnabled: true,
        quarantinedSegments: { count: 2, previews: [] },
        preambleAdded: true,
      },
    });
    expect(line).toBe(
      "#  5 step 1 ← web_fetch ok 200 (external-content; QUARANTINED 2 segments, untrusted-data preamble)",
    );
  });

  it("says when the quarantine was off", () => {
    const line = formatRunEvent({
      seq: 6,
      type: "tool.end",
      data: {
        name: "note",
        ok: false,
        statusCode: null,
        classification: "internal",
        quarantineEnabled: false,
        quarantinedSegments: { count: 0, previews: [] },
        preambleAdded: false,
      },
    });
    expect(line).toBe("#  6 ← note error (internal; quarantine off)");
  });

  it("flattens and shortens model text, and prints unknown events as type + JSON", () => {
    const reply = formatRunEvent({
      seq: 3,
      type: "model.reply",
      data: {
        step: 2,
        purpose: "wrapup",
        toolCalls: [],
        text: `line one\n${"x".repeat(300)}`,
        durationMs: 12,
      },
    });
    expect(reply.startsWith('#  3 step 2 model [wrapup] says "line one xxx')).toBe(true);
    expect(reply.endsWith('…" (12 ms)')).toBe(true);
    expect(formatRunEvent({ seq: 9, type: "future.event", data: { a: 1 } })).toBe(
      '#  9 future.event {"a":1}',
    );
  });
});
