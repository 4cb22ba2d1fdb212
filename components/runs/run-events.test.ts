import { describe, expect, it } from "vitest";
import type { RunEvent } from "@/lib/schemas/runs";
import {
  durationParts,
  eventStep,
  isGuardEvent,
  isRunFinished,
  lastSeq,
  mergeRunEvents,
  prettyJson,
  REMOVED_MARKER,
  readInterventionName,
  readTimelineEvent,
  selectKey,
  splitRemovedMarkers,
  toDisplayJson,
  truncateText,
} from "./run-events";

const RUN_ID = "0f8fad5b-d9cb-469f-a165-70867728950e";

function createEvent(seq: number, type: string, data: Record<string, unknown> = {}): RunEvent {
  return { runId: RUN_ID, seq, type, at: `2026-01-01T00:00:0${seq % 10}.000Z`, data: { type, ...data } };
}

const toolEnd = (segments: number) =>
  createEvent(4, "tool.end", {
    step: 1,
    callId: "call-1",
    name: "web_fetch",
    ok: true,
    statusCode: 200,
    classification: "external-content",
    quarantineEnabled: true,
    quarantinedSegments: { count: segments, previews: segments ? ["Ignore previous instructions"] : [] },
    preambleAdded: true,
    modelText: `Weather: sunny. ${REMOVED_MARKER}`,
    durationMs: 12,
  });

describe("readTimelineEvent", () => {
  it("reads a known type with a fitting payload", () => {
    const event = readTimelineEvent(
      createEvent(1, "run.queued", { task: "Summarise", kind: "job", createdBy: "admin" }),
    );
    expect(event).toMatchObject({ kind: "known", seq: 1, data: { type: "run.queued", createdBy: "admin" } });
  });

  it("keeps an unknown type as unknown with its payload", () => {
    const event = readTimelineEvent(createEvent(9, "run.completion_judged", { verdict: "complete" }));
    expect(event).toEqual({
      kind: "unknown",
      seq: 9,
      at: "2026-01-01T00:00:09.000Z",
      type: "run.completion_judged",
      data: { type: "run.completion_judged", verdict: "complete" },
    });
  });

  it("treats a known type with a payload of another shape as unknown instead of throwing", () => {
    const event = readTimelineEvent(createEvent(2, "tool.end", { name: 42 }));
    expect(event.kind).toBe("unknown");
  });

  it("goes by the row's type when the payload names another", () => {
    const event = readTimelineEvent({
      ...createEvent(3, "budget.wrapup", { step: 5, maxToolSteps: 4 }),
      data: { type: "run.queued", step: 5, maxToolSteps: 4 },
    });
    expect(event).toMatchObject({ kind: "known", data: { type: "budget.wrapup", maxToolSteps: 4 } });
  });
});

describe("mergeRunEvents and lastSeq", () => {
  it("orders by seq and keeps each seq once, the later copy winning", () => {
    const merged = mergeRunEvents(
      [createEvent(1, "run.queued"), createEvent(3, "a")],
      [createEvent(2, "b"), createEvent(3, "c")],
    );
    expect(merged.map((event) => [event.seq, event.type])).toEqual([
      [1, "run.queued"],
      [2, "b"],
      [3, "c"],
    ]);
  });

  it("answers 0 for no events and the highest seq otherwise", () => {
    expect(lastSeq([])).toBe(0);
    expect(lastSeq([createEvent(7, "x"), createEvent(2, "y")])).toBe(7);
  });
});

describe("isRunFinished", () => {
  it.each([
    ["queued", false],
    ["running", false],
    ["succeeded", true],
    ["failed", true],
    ["blocked", true],
    ["cancelled", true],
  ] as const)("%s -> %s", (status, finished) => {
    expect(isRunFinished(status)).toBe(finished);
  });
});

describe("isGuardEvent and eventStep", () => {
  it("marks guard events and quarantining tool results only", () => {
    expect(isGuardEvent(readTimelineEvent(toolEnd(1)))).toBe(true);
    expect(isGuardEvent(readTimelineEvent(toolEnd(0)))).toBe(false);
    expect(
      isGuardEvent(readTimelineEvent(createEvent(5, "budget.wrapup", { step: 3, maxToolSteps: 3 }))),
    ).toBe(true);
    expect(isGuardEvent(readTimelineEvent(createEvent(6, "future.guard", { step: 1 })))).toBe(false);
    const todoGate = (continued: boolean) =>
      readTimelineEvent(createEvent(7, "run.todo_gate", { open: 2, total: 3, continued }));
    expect(isGuardEvent(todoGate(true))).toBe(true);
    expect(isGuardEvent(todoGate(false))).toBe(false);
    const proxyRequest = (count: number) =>
      readTimelineEvent(
        createEvent(8, "proxy.request", {
          step: 1,
          protocol: "openai",
          stream: false,
          model: "gpt",
          messages: 3,
          tools: 1,
          toolResultsScanned: 1,
          quarantinedSegments: { count, previews: [] },
        }),
      );
    expect(isGuardEvent(proxyRequest(2))).toBe(true);
    expect(isGuardEvent(proxyRequest(0))).toBe(false);
  });

  it("reads the step of known and unknown events", () => {
    expect(eventStep(readTimelineEvent(toolEnd(0)))).toBe(1);
    expect(eventStep(readTimelineEvent(createEvent(6, "future.event", { step: 4 })))).toBe(4);
    expect(eventStep(readTimelineEvent(createEvent(6, "future.event", { step: "4" })))).toBeNull();
    expect(
      eventStep(readTimelineEvent(createEvent(1, "run.queued", { task: "t", kind: "chat", createdBy: "a" }))),
    ).toBeNull();
  });
});

describe("splitRemovedMarkers", () => {
  it.each([
    ["", []],
    ["plain text", [{ type: "text", text: "plain text" }]],
    [
      `a\n${REMOVED_MARKER}\nb`,
      [
        { type: "text", text: "a\n" },
        { type: "removed", text: REMOVED_MARKER },
        { type: "text", text: "\nb" },
      ],
    ],
    [
      `${REMOVED_MARKER}${REMOVED_MARKER}`,
      [
        { type: "removed", text: REMOVED_MARKER },
        { type: "removed", text: REMOVED_MARKER },
      ],
    ],
  ])("splits %j", (text, parts) => {
    expect(splitRemovedMarkers(text)).toEqual(parts);
  });

  it("keeps every character (layout preserved)", () => {
    const text = `  one\t${REMOVED_MARKER}  two  \n\n${REMOVED_MARKER}`;
    expect(
      splitRemovedMarkers(text)
        .map((part) => part.text)
        .join(""),
    ).toBe(text);
  });
});

describe("readInterventionName", () => {
  it.each([
    ["managed_tool_terminal_on_success:send_email", { type: "terminalOnSuccess", tool: "send_email" }],
    [
      "managed_tool_terminal_on_success:mcp__mail__send",
      { type: "terminalOnSuccess", tool: "mcp__mail__send" },
    ],
    [
      "managed_tool_terminal_on_success",
      { type: "other", name: "managed_tool_terminal_on_success", detail: null },
    ],
    ["todo_gate:continue", { type: "other", name: "todo_gate", detail: "continue" }],
    ["something_new", { type: "other", name: "something_new", detail: null }],
  ])("%s", (name, expected) => {
    expect(readInterventionName(name)).toEqual(expected);
  });
});

describe("prettyJson, toDisplayJson and truncateText", () => {
  it("pretty-prints JSON and leaves other text alone", () => {
    expect(prettyJson('{"url":"https://example.com","n":1}')).toBe(
      '{\n  "url": "https://example.com",\n  "n": 1\n}',
    );
    expect(prettyJson("{not json")).toBe("{not json");
  });

  it("never throws on a value JSON cannot hold", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(toDisplayJson(cyclic)).toBe("[object Object]");
    expect(toDisplayJson(undefined)).toBe("undefined");
  });

  it("cuts long text to one line with an ellipsis", () => {
    expect(truncateText("short", 10)).toBe("short");
    expect(truncateText("line one\n  line two", 100)).toBe("line one line two");
    expect(truncateText("abcdefghijkl", 6)).toBe("abcde…");
    expect(truncateText("abcd efghijkl", 6)).toBe("abcd…");
  });
});

describe("durationParts", () => {
  it.each([
    [0, { unit: "ms", value: 0 }],
    [12.4, { unit: "ms", value: 12 }],
    [999, { unit: "ms", value: 999 }],
    [1_000, { unit: "s", value: 1 }],
    [12_345, { unit: "s", value: 12.3 }],
    [-5, { unit: "ms", value: 0 }],
    [Number.NaN, { unit: "ms", value: 0 }],
  ])("%d ms", (ms, expected) => {
    expect(durationParts(ms)).toEqual(expected);
  });
});

describe("selectKey", () => {
  it.each([
    ["external-content", "external_content"],
    ["half-open", "half_open"],
    ["internal", "internal"],
  ])("%s -> %s", (value, key) => {
    expect(selectKey(value)).toBe(key);
  });
});
