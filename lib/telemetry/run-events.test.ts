import { describe, expect, it } from "vitest";
import type { RunEventData } from "@/lib/schemas/runs";
import { withoutContent } from "./ai-sdk";
import { providerLabel, routeTemplate } from "./metrics";
import { runEventAttributes } from "./run-events";

const SECRET_TEXT = "sk-abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKL and the user's prompt";

/** One event of each type that carries free text, with that text set to SECRET_TEXT. */
const EVENTS: RunEventData[] = [
  {
    type: "model.reply",
    step: 1,
    purpose: "step",
    toolsOffered: 2,
    text: SECRET_TEXT,
    reasoningChars: 0,
    toolCalls: [{ callId: "c1", name: "web_fetch", args: SECRET_TEXT }],
    finishReason: "tool-calls",
    inputTokens: 10,
    outputTokens: 3,
    durationMs: 5,
  },
  {
    type: "scaffolding.stripped",
    step: 1,
    strippedChars: 9,
    patterns: { "tool-call-span": 1 },
    previews: [SECRET_TEXT],
  },
  {
    type: "tool.end",
    step: 1,
    callId: "c1",
    name: "web_fetch",
    ok: true,
    statusCode: 200,
    classification: "external-content",
    quarantineEnabled: true,
    quarantinedSegments: { count: 2, previews: [SECRET_TEXT] },
    preambleAdded: true,
    modelText: SECRET_TEXT,
    durationMs: 7,
  },
  {
    type: "audit.verdict",
    step: 1,
    verdict: "terminate",
    detail: SECRET_TEXT,
    clarification: 0,
    failClosed: false,
    durationMs: 3,
  },
  { type: "audit.clarification", step: 1, index: 1, max: 2, questions: SECRET_TEXT, answer: SECRET_TEXT },
  { type: "audit.terminated", step: 1, reason: SECRET_TEXT, haltId: null },
  { type: "run.continuation", reason: "judge", instruction: SECRET_TEXT },
  {
    type: "run.completion_judged",
    mode: "caveat",
    verdict: "incomplete",
    obligationCount: 1,
    obligations: [{ text: SECRET_TEXT, status: "missing", evidence: [SECRET_TEXT] }],
    reason: SECRET_TEXT,
    attempt: 1,
    continuationUsed: false,
    breaker: "closed",
    durationMs: 4,
  },
  { type: "run.caveats", caveats: [SECRET_TEXT], suppressed: false, uncertified: true },
  { type: "upstream.error", step: 1, source: "openai", status: 500, message: SECRET_TEXT },
  {
    type: "gateway.tool_flagged",
    name: "lookup",
    server: "files",
    reason: SECRET_TEXT,
    previews: [SECRET_TEXT],
  },
  {
    type: "run.finished",
    status: "succeeded",
    finalText: SECRET_TEXT,
    toolSteps: 1,
    toolBudgetExhausted: false,
    scaffoldStripped: 0,
    error: SECRET_TEXT,
    durationMs: 9,
  },
];

describe("runEventAttributes", () => {
  it.each(EVENTS.map((event) => [event.type, event] as const))(
    "copies no free text of %s",
    (_type, event) => {
      const attributes = runEventAttributes(event);
      expect(Object.keys(attributes).length).toBeGreaterThan(0);
      expect(JSON.stringify(attributes)).not.toContain("sk-abcdefghij");
      expect(JSON.stringify(attributes)).not.toContain("prompt");
    },
  );

  it("keeps the guard decisions", () => {
    expect(runEventAttributes(EVENTS[2]!)).toMatchObject({
      "keel.quarantine.segment_count": 2,
      "gen_ai.tool.name": "web_fetch",
    });
    expect(runEventAttributes(EVENTS[3]!)).toMatchObject({
      "keel.guard": "audit_gate",
      "keel.audit.verdict": "terminate",
    });
    expect(runEventAttributes(EVENTS[7]!)).toMatchObject({
      "keel.judge.verdict": "incomplete",
      "keel.judge.obligation_count": 1,
    });
    expect(runEventAttributes(EVENTS[8]!)).toMatchObject({
      "keel.caveats.count": 1,
      "keel.caveats.uncertified": true,
    });
    expect(runEventAttributes({ type: "budget.wrapup", step: 4, maxToolSteps: 3 })).toMatchObject({
      "keel.guard": "wrapup",
    });
    expect(
      runEventAttributes({
        type: "run.intervention",
        name: "managed_tool_terminal_on_success:approve",
        step: 2,
      }),
    ).toMatchObject({ "keel.guard": "terminal_on_success" });
  });
});

describe("withoutContent", () => {
  it("switches recording off on every event it forwards", () => {
    const seen: unknown[] = [];
    const inner = {
      onStart: (event: unknown) => seen.push(event),
      onLanguageModelCallEnd: (event: unknown) => seen.push(event),
    };
    const guarded = withoutContent(inner as never) as unknown as typeof inner;
    guarded.onStart({ prompt: "hello", recordInputs: true });
    guarded.onLanguageModelCallEnd({ content: [], recordOutputs: true });
    expect(seen).toEqual([
      { prompt: "hello", recordInputs: false, recordOutputs: false },
      { content: [], recordInputs: false, recordOutputs: false },
    ]);
  });
});

describe("metric labels", () => {
  it("bounds route templates and provider labels", () => {
    expect(routeTemplate("/api/runs/6f1c1c2e-9a3b-4c1d-8e2f-0123456789ab/events")).toBe(
      "/api/runs/[id]/events",
    );
    expect(routeTemplate("/api/halts/12345")).toBe("/api/halts/[id]");
    expect(routeTemplate("/api/halts/check")).toBe("/api/halts/check");
    expect(providerLabel("openai.chat")).toBe("openai");
    expect(providerLabel("Anthropic:messages")).toBe("anthropic");
    expect(providerLabel("weird provider\n")).toBe("unknown");
    expect(providerLabel(undefined)).toBe("unknown");
  });
});
