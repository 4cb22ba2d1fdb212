import { describe, expect, it } from "vitest";
import { formatSseComment, formatSseEvent } from "./sse-format";

describe("formatSseEvent", () => {
  it.each([
    ["halt", { type: "halt.recorded" }, 'event: halt\ndata: {"type":"halt.recorded"}\n\n'],
    ["ready", undefined, "event: ready\ndata: null\n\n"],
    ["settings", "a\nb", 'event: settings\ndata: "a\\nb"\n\n'],
  ])("formats %s", (event, data, expected) => {
    expect(formatSseEvent(event, data)).toBe(expected);
  });

  it("refuses an event name that would break the framing", () => {
    expect(() => formatSseEvent("bad\nname", {})).toThrow(/invalid SSE event name/);
  });
});

describe("formatSseComment", () => {
  it("keeps a comment on one line", () => {
    expect(formatSseComment("heart\nbeat")).toBe(": heart beat\n\n");
  });
});
