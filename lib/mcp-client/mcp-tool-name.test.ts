import { describe, expect, it } from "vitest";
import { MAX_TOOL_NAME_LENGTH, namespacedToolName } from "./mcp-tool-name";

describe("namespacedToolName", () => {
  it("prefixes with mcp__<server>__ and keeps valid names as they are", () => {
    expect(namespacedToolName("crm", "get_contact", new Set())).toBe("mcp__crm__get_contact");
    expect(namespacedToolName("crm", "Get-Contact2", new Set())).toBe("mcp__crm__Get-Contact2");
  });

  it("replaces characters outside [A-Za-z0-9_-]", () => {
    expect(namespacedToolName("files", "read.file/v2 ü", new Set())).toBe("mcp__files__read_file_v2__");
  });

  it("cuts long names to 64 characters with a stable hash suffix", () => {
    const long = `summarize_${"very_".repeat(20)}long`;
    const first = namespacedToolName("docs", long, new Set());
    expect(first).toHaveLength(MAX_TOOL_NAME_LENGTH);
    expect(first).toMatch(/^mcp__docs__summarize_very_[A-Za-z0-9_-]*_[0-9a-f]{8}$/);
    expect(namespacedToolName("docs", long, new Set())).toBe(first);
    expect(namespacedToolName("docs", `${long}2`, new Set())).not.toBe(first);
  });

  it("keeps names unique when sanitizing makes two tools collide", () => {
    const used = new Set<string>();
    const dotted = namespacedToolName("s", "a.b", used);
    const underscored = namespacedToolName("s", "a_b", used);
    expect(dotted).toBe("mcp__s__a_b");
    expect(underscored).toMatch(/^mcp__s__a_b_[0-9a-f]{8}$/);
    expect(used).toEqual(new Set([dotted, underscored]));
  });

  it("always yields valid names", () => {
    const used = new Set<string>();
    for (const tool of ["", "💥", "x".repeat(200), "a b c", "$$$"]) {
      const name = namespacedToolName("srv", tool, used);
      expect(name).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    }
    expect(used.size).toBe(5);
  });
});
