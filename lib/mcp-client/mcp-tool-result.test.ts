import { describe, expect, it } from "vitest";
import { describeContentPart, mcpResultToOutcome } from "./mcp-tool-result";

describe("mcpResultToOutcome", () => {
  it("joins text parts with newlines on success", () => {
    expect(
      mcpResultToOutcome("mcp__s__t", {
        content: [
          { type: "text", text: "first" },
          { type: "text", text: "second" },
        ],
      }),
    ).toEqual({ envelope: { ok: true, status_code: 200 }, text: "first\nsecond" });
  });

  it("describes non-text parts", () => {
    const png = Buffer.alloc(1234).toString("base64");
    const outcome = mcpResultToOutcome("mcp__s__t", {
      content: [
        { type: "text", text: "chart:" },
        { type: "image", mimeType: "image/png", data: png },
        { type: "audio", mimeType: "audio/wav", data: "AAAA" },
        { type: "resource_link", name: "report", uri: "file:///r.pdf" },
        { type: "resource", resource: { uri: "file:///notes.txt", text: "note body" } },
        {
          type: "resource",
          resource: { uri: "file:///b.bin", mimeType: "application/octet-stream", blob: "AAE=" },
        },
      ],
    });
    expect(outcome.text).toBe(
      [
        "chart:",
        "[image: image/png, 1234 bytes]",
        "[audio: audio/wav, 3 bytes]",
        "[resource link: report file:///r.pdf]",
        "[resource: file:///notes.txt]",
        "note body",
        "[resource: file:///b.bin, application/octet-stream, 2 bytes]",
      ].join("\n"),
    );
  });

  it("JSON-encodes structuredContent only when there is no text part", () => {
    expect(mcpResultToOutcome("t", { content: [], structuredContent: { a: 1 } }).text).toBe('{"a":1}');
    expect(
      mcpResultToOutcome("t", { content: [{ type: "text", text: "done" }], structuredContent: { a: 1 } })
        .text,
    ).toBe("done");
  });

  it("turns isError into mcp_tool_error with the text as message and as text", () => {
    expect(
      mcpResultToOutcome("t", { isError: true, content: [{ type: "text", text: "quota exceeded" }] }),
    ).toEqual({
      envelope: { ok: false, status_code: 502, error: { code: "mcp_tool_error", message: "quota exceeded" } },
      text: "quota exceeded",
    });
    const silent = mcpResultToOutcome("mcp__s__t", { isError: true, content: [] });
    expect(silent.envelope.ok ? "" : silent.envelope.error.message).toBe(
      "mcp__s__t reported an error without a message.",
    );
    const long = mcpResultToOutcome("t", {
      isError: true,
      content: [{ type: "text", text: "x".repeat(5000) }],
    });
    expect(long.envelope.ok ? "" : long.envelope.error.message).toHaveLength(1001);
    expect(long.text).toHaveLength(5000);
  });

  it("describes unknown part types", () => {
    expect(describeContentPart({ type: "hologram" })).toBe("[hologram content]");
  });
});
