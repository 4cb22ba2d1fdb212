import { describe, expect, it } from "vitest";
import { buildCatalogEntries } from "./gateway-upstreams";

const tool = (name: string) => ({ name, inputSchema: { type: "object" as const } });

describe("buildCatalogEntries", () => {
  it("namespaces every tool as mcp__<server>__<tool> in configuration order", () => {
    const entries = buildCatalogEntries(
      [
        { server: "web", tools: [tool("fetch"), tool("search")] },
        { server: "local", tools: [tool("fetch")] },
      ],
      false,
    );
    expect(entries.map(({ name, server, definition }) => [name, server, definition.name])).toEqual([
      ["mcp__web__fetch", "web", "fetch"],
      ["mcp__web__search", "web", "search"],
      ["mcp__local__fetch", "local", "fetch"],
    ]);
  });

  it("keeps the upstream's own names when unprefixed, namespacing only a duplicate", () => {
    const entries = buildCatalogEntries([{ server: "web", tools: [tool("fetch"), tool("fetch")] }], true);
    expect(entries[0]!.name).toBe("fetch");
    expect(entries[1]!.name).toBe("mcp__web__fetch");
  });
});
