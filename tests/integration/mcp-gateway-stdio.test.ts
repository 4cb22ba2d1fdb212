/**
 * The MCP gateway over stdio (`keel mcp-gateway --config <file>`, a real child process) with the
 * official MCP SDK client, in front of a fake HTTP upstream and a fake stdio upstream (unprefixed mode
 * is covered by a second, single-upstream file): listing, quarantine + preamble, an image, a crash with
 * restart, the quarantine switch read from the settings row, and the gateway run settled on close.
 */
import { spawn } from "node:child_process";
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUARANTINE_MARKER, UNTRUSTED_DATA_PREAMBLE } from "@/lib/guards/quarantine";
import { updateAppSettings } from "@/lib/settings/app-settings";
import {
  FAKE_PAGE_INJECTION_LINE,
  FAKE_PNG_BASE64,
  type FakeMcpHttpServer,
  startFakeMcpHttpServer,
} from "../fixtures/fake-mcp-server";
import { createTestAgentKey } from "./helpers/auth-fixtures";
import { projectRoot, writeGatewayConfig } from "./helpers/gateway-config";
import { createTestDatabase, type TestDatabase } from "./helpers/test-database";

const keelCli = path.join(projectRoot, "scripts/keel.ts");

let testDatabase: TestDatabase;
let upstream: FakeMcpHttpServer;
let directory: string;
let configPath: string;
let agentToken: string;

type CallResult = Awaited<ReturnType<Client["callTool"]>>;

function textOf(result: CallResult): string {
  return (result.content as { type: string; text?: string }[])
    .filter((part) => part.type === "text")
    .map((part) => part.text)
    .join("\n");
}

function gatewayEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    ...(process.env as Record<string, string>),
    DATABASE_URL: testDatabase.url,
    KEEL_AGENT_KEY: agentToken,
    ...extra,
  };
}

async function connect(config: string, name: string): Promise<Client> {
  const client = new Client({ name, version: "2.0.0" });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: ["--import", "tsx", keelCli, "mcp-gateway", "--config", config],
      env: gatewayEnv(),
      cwd: projectRoot,
      stderr: "pipe",
    }),
  );
  return client;
}

/** Runs the CLI to completion (for the refusal cases). */
function runCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", keelCli, ...args], {
      env: env as NodeJS.ProcessEnv,
      cwd: projectRoot,
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    child.stdin.end();
    child.on("close", (code) => resolve({ code, stderr }));
  });
}

async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  upstream = await startFakeMcpHttpServer({ extraTools: ["image"] });
  ({ directory, configPath } = await writeGatewayConfig({
    upstreamUrl: upstream.url,
    callTimeoutMs: 5_000,
    prefix: "keel-gateway-stdio-",
  }));
  agentToken = (await createTestAgentKey(testDatabase.database, ["runs:write"])).token;
}, 60_000);

afterAll(async () => {
  await upstream?.close();
  await rm(directory, { recursive: true, force: true });
  await testDatabase.drop();
});

describe("MCP gateway over stdio with the official SDK client", () => {
  let client: Client;
  beforeAll(async () => {
    client = await connect(configPath, "stdio-test-client");
  }, 60_000);
  afterAll(async () => {
    await client?.close();
  });

  it("lists both upstreams' tools, namespaced", async () => {
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "mcp__web__fetch_page",
        "mcp__web__render_chart",
        "mcp__local__echo",
        "mcp__local__crash",
      ]),
    );
  });

  it("quarantines the injected sentence and adds the preamble; passes an image unchanged", async () => {
    const page = textOf(
      await client.callTool({ name: "mcp__web__fetch_page", arguments: { topic: "Tides" } }),
    );
    expect(page.startsWith(UNTRUSTED_DATA_PREAMBLE)).toBe(true);
    expect(page).toContain(QUARANTINE_MARKER);
    expect(page).not.toContain(FAKE_PAGE_INJECTION_LINE);
    const image = await client.callTool({ name: "mcp__web__render_chart", arguments: { title: "t" } });
    expect(image.content).toEqual([{ type: "image", data: FAKE_PNG_BASE64, mimeType: "image/png" }]);
  });

  it("restarts a crashed stdio upstream", async () => {
    const crashed = await client.callTool({ name: "mcp__local__crash", arguments: {} });
    expect(crashed.isError).toBe(true);
    expect(textOf(crashed)).toContain("was lost during the request");
    const again = await client.callTool({ name: "mcp__local__echo", arguments: { text: "restarted" } });
    expect(again.content).toEqual([{ type: "text", text: "restarted" }]);
  });

  it("applies the quarantine switch from the settings row to the next call", async () => {
    await updateAppSettings(testDatabase.database, {
      update: { toolResultQuarantineEnabled: false },
      actor: "test",
    });
    try {
      const page = await eventually(async () => {
        const text = textOf(
          await client.callTool({ name: "mcp__web__fetch_page", arguments: { topic: "Tides" } }),
        );
        return text.includes(FAKE_PAGE_INJECTION_LINE) ? text : undefined;
      }, 8_000);
      expect(page.startsWith("Welcome to the Tides knowledge base")).toBe(true);
    } finally {
      await updateAppSettings(testDatabase.database, {
        update: { toolResultQuarantineEnabled: true },
        actor: "test",
      });
    }
  });

  it("records the connection as one gateway run, settled when the client disconnects", async () => {
    await client.close();
    const run = await eventually(async () => {
      const found = await testDatabase.database.agentRun.findFirst({
        where: { kind: "gateway", task: { contains: "stdio-test-client 2.0.0" } },
      });
      return found?.status === "succeeded" ? found : undefined;
    });
    expect(run.task).toBe("MCP gateway session (stdio) for stdio-test-client 2.0.0");
    expect(run.toolSteps).toBeGreaterThanOrEqual(5);
    const events = await testDatabase.database.runEvent.findMany({
      where: { runId: run.id },
      orderBy: { seq: "asc" },
    });
    expect(events[0]!.type).toBe("gateway.session");
    expect(events[0]!.data).toMatchObject({
      client: "stdio-test-client 2.0.0",
      servers: [
        { name: "web", status: "connected" },
        { name: "local", status: "connected" },
      ],
    });
    const ends = events
      .filter((event) => event.type === "tool.end")
      .map((event) => event.data as Record<string, unknown>);
    expect(ends[0]).toMatchObject({ step: 1, name: "mcp__web__fetch_page", preambleAdded: true });
    expect(ends.some((end) => end.quarantineEnabled === false)).toBe(true);
    expect(events.some((event) => event.type === "upstream.error")).toBe(true);
  });
});

describe("keel mcp-gateway refusals and unprefixed mode", () => {
  it("refuses a missing key, a key without runs:write, and an invalid config file", async () => {
    const noKey = await runCli(["mcp-gateway", "--config", configPath], gatewayEnv({ KEEL_AGENT_KEY: "" }));
    expect(noKey.code).toBe(1);
    expect(noKey.stderr).toContain("Set KEEL_AGENT_KEY");
    const weak = (await createTestAgentKey(testDatabase.database, ["halts:write"])).token;
    const weakKey = await runCli(
      ["mcp-gateway", "--config", configPath],
      gatewayEnv({ KEEL_AGENT_KEY: weak }),
    );
    expect(weakKey.stderr).toContain("lacks the runs:write scope");
    const bad = path.join(directory, "bad.json");
    await writeFile(
      bad,
      JSON.stringify({ servers: { a: { command: "x" }, b: { command: "y" } }, unprefixed: true }),
    );
    const invalid = await runCli(["mcp-gateway", "--config", bad], gatewayEnv());
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain("exactly one server");
    const usage = await runCli(["mcp-gateway"], gatewayEnv());
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("mcp-gateway needs --config <file>");
  }, 60_000);

  it("lists a single upstream's tools under their own names when the file says unprefixed", async () => {
    const single = path.join(directory, "single.json");
    await writeFile(single, JSON.stringify({ servers: { web: { url: upstream.url } }, unprefixed: true }));
    const client = await connect(single, "unprefixed-client");
    try {
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      expect(names).toContain("fetch_page");
      expect(names).not.toContain("mcp__web__fetch_page");
      const page = textOf(await client.callTool({ name: "fetch_page", arguments: { topic: "Sand" } }));
      expect(page.startsWith(UNTRUSTED_DATA_PREAMBLE)).toBe(true);
      expect(page).not.toContain(FAKE_PAGE_INJECTION_LINE);
    } finally {
      await client.close();
    }
  }, 60_000);
});
