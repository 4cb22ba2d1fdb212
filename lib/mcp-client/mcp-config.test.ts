import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadMcpConfig, loadMcpConfigFromEnv, McpConfigError, parseMcpConfig } from "./mcp-config";

let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "keel-mcp-config-"));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function writeConfig(name: string, text: string): Promise<string> {
  const file = path.join(directory, name);
  await writeFile(file, text);
  return file;
}

async function loadError(file: string): Promise<McpConfigError> {
  const error = await loadMcpConfig(file).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(McpConfigError);
  return error as McpConfigError;
}

describe("loadMcpConfig", () => {
  it("reads stdio and HTTP servers in file order, resolving a relative cwd against the file", async () => {
    const file = await writeConfig(
      "good.json",
      JSON.stringify({
        servers: {
          files: { command: "node", args: ["server.js"], env: { LEVEL: "debug" }, cwd: "servers/files" },
          "crm-2": { url: "https://mcp.example.com/mcp", headers: { authorization: "Bearer x" } },
          bare: { command: "my-server" },
        },
      }),
    );
    expect(await loadMcpConfig(file)).toEqual({
      servers: [
        {
          name: "files",
          transport: "stdio",
          command: "node",
          args: ["server.js"],
          env: { LEVEL: "debug" },
          cwd: path.join(directory, "servers/files"),
        },
        {
          name: "crm-2",
          transport: "http",
          url: "https://mcp.example.com/mcp",
          headers: { authorization: "Bearer x" },
        },
        { name: "bare", transport: "stdio", command: "my-server", args: [] },
      ],
    });
  });

  it("names the file when it is missing", async () => {
    const file = path.join(directory, "missing.json");
    const error = await loadError(file);
    expect(error.message).toBe(`Cannot read MCP server configuration ${file}: ENOENT`);
    expect(error.file).toBe(file);
  });

  it("names the file when it is not JSON", async () => {
    const file = await writeConfig("broken.json", '{ "servers": { ');
    const error = await loadError(file);
    expect(error.message).toContain(`MCP server configuration ${file} is not valid JSON:`);
  });

  it.each([
    ["a bad server name", { servers: { Bad_Name: { command: "x" } } }, ['server name "Bad_Name" must be']],
    [
      "a name that is too long",
      { servers: { ["a".repeat(33)]: { command: "x" } } },
      ["must be 1-32 characters"],
    ],
    [
      "both command and url",
      { servers: { both: { command: "node", url: "http://127.0.0.1:1/mcp" } } },
      ['servers.both: give either "command" (stdio server) or "url" (HTTP server), not both'],
    ],
    ["neither command nor url", { servers: { none: { args: [] } } }, ['servers.none: needs "command"']],
    [
      "an unknown server key",
      { servers: { s: { command: "x", timeout: 5 } } },
      ['Unrecognized key: "timeout"'],
    ],
    ["an unknown top-level key", { servers: {}, extra: true }, ['Unrecognized key: "extra"']],
    [
      "a non-http url",
      { servers: { s: { url: "ftp://example.com" } } },
      ["servers.s.url: must be an absolute http"],
    ],
    ["headers on a stdio server", { servers: { s: { command: "x", headers: {} } } }, ["servers.s.headers"]],
    [
      "args on an HTTP server",
      { servers: { s: { url: "http://a.example", args: ["x"] } } },
      ["servers.s.args"],
    ],
    ["a non-string env value", { servers: { s: { command: "x", env: { A: 1 } } } }, ["servers.s.env.A"]],
    ["no servers key", {}, ["servers: Invalid input"]],
    [
      "several problems at once",
      { servers: { A: { command: "x" }, b: { url: "nope" } } },
      ['server name "A"', "servers.b.url"],
    ],
  ])("rejects %s with every issue and the file name", async (_label, content, mentions) => {
    const file = await writeConfig("invalid.json", JSON.stringify(content));
    const error = await loadError(file);
    expect(error.message.startsWith(`MCP server configuration ${file} is invalid: `)).toBe(true);
    for (const mention of mentions) expect(error.message).toContain(mention);
  });
});

describe("loadMcpConfigFromEnv", () => {
  it("means no servers when KEEL_MCP_SERVERS is unset or blank", async () => {
    expect(await loadMcpConfigFromEnv({})).toEqual({ servers: [] });
    expect(await loadMcpConfigFromEnv({ KEEL_MCP_SERVERS: " " })).toEqual({ servers: [] });
  });

  it("loads the file KEEL_MCP_SERVERS names", async () => {
    const file = await writeConfig("env.json", JSON.stringify({ servers: { one: { command: "x" } } }));
    const config = await loadMcpConfigFromEnv({ KEEL_MCP_SERVERS: file });
    expect(config.servers.map((server) => server.name)).toEqual(["one"]);
  });
});

describe("parseMcpConfig", () => {
  it("throws McpConfigError naming the given source", () => {
    expect(() => parseMcpConfig({ servers: { s: {} } }, "inline")).toThrow(
      /MCP server configuration inline is invalid/,
    );
  });
});

describe("gateway keys", () => {
  it("keeps unprefixed and the timeouts when the file sets them, and only then", () => {
    expect(
      parseMcpConfig(
        { servers: { web: { url: "http://127.0.0.1:1/mcp" } }, unprefixed: true, callTimeoutMs: 500 },
        "inline",
      ),
    ).toEqual({
      servers: [{ name: "web", transport: "http", url: "http://127.0.0.1:1/mcp" }],
      unprefixed: true,
      callTimeoutMs: 500,
    });
    expect(parseMcpConfig({ servers: { web: { command: "x" } }, unprefixed: false }, "inline")).toEqual({
      servers: [{ name: "web", transport: "stdio", command: "x", args: [] }],
    });
  });

  it("refuses unprefixed with more than one server, and out-of-range timeouts", () => {
    expect(() =>
      parseMcpConfig({ servers: { a: { command: "x" }, b: { command: "y" } }, unprefixed: true }, "inline"),
    ).toThrow(/unprefixed.*exactly one server/);
    expect(() => parseMcpConfig({ servers: {}, unprefixed: true }, "inline")).toThrow(/exactly one server/);
    expect(() => parseMcpConfig({ servers: { a: { command: "x" } }, callTimeoutMs: 10 }, "inline")).toThrow(
      /callTimeoutMs/,
    );
  });
});
