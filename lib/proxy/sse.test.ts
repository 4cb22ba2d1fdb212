import { describe, expect, it } from "vitest";
import { formatSse, SseParser } from "./sse";

describe("SseParser", () => {
  const stream = 'event: message_start\ndata: {"a":1}\n\n: comment\ndata: [DONE]\n\n';

  it("parses events with and without names", () => {
    expect(new SseParser().push(stream)).toEqual([
      { event: "message_start", data: '{"a":1}' },
      { event: null, data: "[DONE]" },
    ]);
  });

  it("is independent of how the bytes are split", () => {
    const bytes = new TextEncoder().encode(stream.replace("[DONE]", "é ✓"));
    for (let cut = 1; cut < bytes.length; cut++) {
      const parser = new SseParser();
      const events = [
        ...parser.push(bytes.slice(0, cut)),
        ...parser.push(bytes.slice(cut)),
        ...parser.finish(),
      ];
      expect(events.map((event) => event.data)).toEqual(['{"a":1}', "é ✓"]);
    }
  });

  it("joins multi-line data and accepts CRLF and a last event without a blank line", () => {
    const parser = new SseParser();
    expect(parser.push("data: a\r\ndata: b\r\n\r\ndata: tail")).toEqual([{ event: null, data: "a\nb" }]);
    expect(parser.finish()).toEqual([{ event: null, data: "tail" }]);
  });

  it("formats events", () => {
    expect(formatSse({ type: "ping" }, "ping")).toBe('event: ping\ndata: {"type":"ping"}\n\n');
    expect(formatSse("[DONE]")).toBe("data: [DONE]\n\n");
  });
});
