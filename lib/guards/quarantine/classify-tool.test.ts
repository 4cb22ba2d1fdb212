import { describe, expect, it } from "vitest";
import { classifyTool } from "./classify-tool";

describe("classifyTool", () => {
  it.each([
    ["web_search", "external-content"],
    ["web_fetch", "external-content"],
    ["mcp__gw__web_search", "external-content"],
    ["mcp__browser__page_fetch_url", "external-content"],
    ["email_read", "external-content"],
    ["gmail_get_message", "external-content"],
    ["read_document", "external-content"],
    ["rss_feed_latest", "external-content"],
    ["live_chat_read", "external-content"],
    ["read_file", "external-content"],
    ["tool_result_recall", "system-authored"],
    ["mcp__core__tool_result_recall", "system-authored"],
    ["invalid_argument", "system-authored"],
    ["agent_todo_update", "internal"],
    ["calculator", "internal"],
    ["emails_send_draft", "external-content"],
  ] as const)("classifies %s as %s", (toolName, expected) => {
    expect(classifyTool(toolName)).toBe(expected);
  });

  it("classifies a catalog-only tool_execute by its concrete target", () => {
    expect(classifyTool("tool_execute", { concreteTarget: "web_fetch" })).toBe("external-content");
    expect(classifyTool("mcp__gw__tool_execute", { concreteTarget: "agent_todo_update" })).toBe("internal");
    expect(classifyTool("tool_execute", { concreteTarget: "mcp__docs__read_document" })).toBe(
      "external-content",
    );
  });

  it("treats a tool_execute without a known target as external content (fails towards caution)", () => {
    expect(classifyTool("tool_execute")).toBe("external-content");
  });
});
