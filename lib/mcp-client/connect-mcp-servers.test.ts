/**
 * Keel's MCP client against the fake MCP server (tests/fixtures/fake-mcp-server.ts), over streamable
 * HTTP and over stdio (a real child process), plus servers that fail to start or cannot be reached.
 */
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgentTool, ToolCallContext, ToolOutcome } from "@/lib/tools/agent-tool";
import {
  FAKE_APPROVAL_RESULT,
  FAKE_FAILURE_MESSAGE,
  FAKE_PAGE_INJECTION_LINE,
  type FakeMcpHttpServer,
  startFakeMcpHttpServer,
} from "@/tests/fixtures/fake-mcp-server";
import { connectMcpServers, type McpConnection } from "./connect-mcp-servers";
import type { McpServerConfig } from "./mcp-config";

const projectRoot = path.resolve(import.meta.dirname, "../..");
const stdioEntry = path.join(projectRoot, "tests/fixtures/fake-mcp-server-stdio.ts");

function stdioServer(name: string, env: Record<string, string> = {}): McpServerConfig {
  return {
    name,
    transport: "stdio",
    command: process.execPath,
    args: ["--import", "tsx", stdioEntry],
    env,
    cwd: projectRoot,
  };
}

/** Live child processes of this process whose command line mentions `marker` (Linux /proc). */
function childProcesses(marker: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const state = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0];
      if (parent !== process.pid || state === "Z") continue;
      if (readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(marker)) pids.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return pids;
}

function context(signal = new AbortController().signal): ToolCallContext {
  return { runId: "run-1", callId: "call-1", signal };
}

function toolNamed(connection: McpConnection, name: string): AgentTool {
  const tool = connection.tools.find((candidate) => candidate.name === name);
  if (!tool)
    throw new Error(`no tool ${name} in ${connection.tools.map((candidate) => candidate.name).join(", ")}`);
  return tool;
}

function errorOf(outcome: ToolOutcome) {
  return outcome.envelope.ok ? undefined : outcome.envelope.error;
}

let httpServer: FakeMcpHttpServer;
let logDirectory: string;
let stdioCallLog: string;
let connection: McpConnection;
const logLines: { level: string; message: string; fields?: Record<string, unknown> }[] = [];

beforeAll(async () => {
  httpServer = await startFakeMcpHttpServer({ toolsPageSize: 2 });
  logDirectory = await mkdtemp(path.join(tmpdir(), "keel-mcp-"));
  stdioCallLog = path.join(logDirectory, "calls.jsonl");
  connection = await connectMcpServers(
    {
      servers: [
        {
          name: "web",
          transport: "http",
          url: httpServer.url,
          headers: { authorization: "Bearer test-token" },
        },
        stdioServer("local", { FAKE_MCP_CALL_LOG: stdioCallLog }),
        { name: "missing", transport: "stdio", command: "/nonexistent/keel-no-such-server", args: [] },
        {
          name: "crashes",
          transport: "stdio",
          command: process.execPath,
          args: ["-e", "console.error('boom: config file not found'); process.exit(3)"],
        },
        { name: "offline", transport: "http", url: "http://127.0.0.1:1/mcp" },
      ],
    },
    {
      timeoutMs: 30_000,
      callTimeoutMs: 2_000,
      log: {
        info: (message, fields) => logLines.push({ level: "info", message, fields }),
        warn: (message, fields) => logLines.push({ level: "warn", message, fields }),
      },
    },
  );
}, 60_000);

afterAll(async () => {
  await connection?.close();
  await httpServer?.close();
  await rm(logDirectory, { recursive: true, force: true });
});

describe("connectMcpServers", () => {
  it("reports every server; failed ones with a reason, without stopping the others", () => {
    expect(connection.servers.map(({ name, status, toolCount }) => ({ name, status, toolCount }))).toEqual([
      { name: "web", status: "connected", toolCount: 5 },
      { name: "local", status: "connected", toolCount: 5 },
      { name: "missing", status: "failed", toolCount: 0 },
      { name: "crashes", status: "failed", toolCount: 0 },
      { name: "offline", status: "failed", toolCount: 0 },
    ]);
    const errors = Object.fromEntries(connection.servers.map((server) => [server.name, server.error]));
    expect(errors.missing).toContain("ENOENT");
    expect(errors.crashes).toContain("boom: config file not found");
    expect(errors.offline).toBeTruthy();
    expect(logLines.filter((line) => line.level === "warn").map((line) => line.fields?.server)).toEqual([
      "missing",
      "crashes",
      "offline",
    ]);
  });

  it("never logs headers, URLs or environment values", () => {
    const logged = JSON.stringify(logLines);
    expect(logged).not.toContain("test-token");
    expect(logged).not.toContain(stdioCallLog);
    expect(logged).not.toContain(httpServer.url);
  });

  it("namespaces tool names per server (all pages of a paginated listing)", () => {
    expect(connection.tools.map((tool) => tool.name).sort()).toEqual(
      ["approve_request", "echo", "failing_action", "fetch_page", "slow"]
        .flatMap((tool) => [`mcp__local__${tool}`, `mcp__web__${tool}`])
        .sort(),
    );
    const echo = toolNamed(connection, "mcp__web__echo");
    expect(echo.source).toBe("mcp:web");
    expect(echo.description).toBe("Echo the text back.");
    expect(echo.inputSchema).toMatchObject({
      type: "object",
      properties: { text: { type: "string" } },
      required: ["text"],
    });
    expect(toolNamed(connection, "mcp__local__echo").source).toBe("mcp:local");
  });
});

describe.each(["web", "local"])("tools of the %s server", (server) => {
  const recordedCalls = async () =>
    server === "web"
      ? httpServer.callLog
      : (await readFile(stdioCallLog, "utf8").catch(() => ""))
          .split("\n")
          .filter(Boolean)
          .map((line) => JSON.parse(line));

  it("calls a tool and returns its text", async () => {
    const outcome = await toolNamed(connection, `mcp__${server}__echo`).execute(
      { text: "hello there" },
      context(),
    );
    expect(outcome).toEqual({ envelope: { ok: true, status_code: 200 }, text: "hello there" });
    expect(await recordedCalls()).toContainEqual({ tool: "echo", arguments: { text: "hello there" } });
  });

  it("returns page text with the instruction-shaped line on its own line", async () => {
    const outcome = await toolNamed(connection, `mcp__${server}__fetch_page`).execute(
      { topic: "ferries" },
      context(),
    );
    expect(outcome.envelope.ok).toBe(true);
    expect(outcome.text!.split("\n")).toContain(FAKE_PAGE_INJECTION_LINE);
    expect(outcome.text!.split("\n")[0]).toBe("Welcome to the ferries knowledge base");
  });

  it("carries annotations and x-claw keys of _meta unchanged", async () => {
    const approve = toolNamed(connection, `mcp__${server}__approve_request`);
    expect(approve.annotations).toEqual({
      destructiveHint: true,
      "x-claw.terminalOnSuccess": true,
      "x-claw.category": "approval",
    });
    expect(toolNamed(connection, `mcp__${server}__fetch_page`).annotations).toEqual({
      readOnlyHint: true,
      openWorldHint: true,
    });
    expect(toolNamed(connection, `mcp__${server}__echo`).annotations).toBeUndefined();
    const outcome = await approve.execute({ request_id: "req-7" }, context());
    expect(outcome).toEqual({ envelope: { ok: true, status_code: 200 }, text: FAKE_APPROVAL_RESULT });
  });

  it("turns isError into mcp_tool_error", async () => {
    const outcome = await toolNamed(connection, `mcp__${server}__failing_action`).execute({}, context());
    expect(errorOf(outcome)).toEqual({ code: "mcp_tool_error", message: FAKE_FAILURE_MESSAGE });
    expect(outcome.text).toBe(FAKE_FAILURE_MESSAGE);
  });

  it("invalid arguments come back as mcp_tool_error, non-object arguments are refused locally", async () => {
    const echo = toolNamed(connection, `mcp__${server}__echo`);
    const outcome = await echo.execute({ text: 42 }, context());
    expect(errorOf(outcome)?.code).toBe("mcp_tool_error");
    expect(errorOf(await echo.execute(["x"], context()))?.code).toBe("invalid_arguments");
  });

  it("times out a slow call as mcp_unavailable", async () => {
    const outcome = await toolNamed(connection, `mcp__${server}__slow`).execute({ ms: 10_000 }, context());
    expect(errorOf(outcome)).toMatchObject({ code: "mcp_unavailable", details: { reason: "timeout" } });
    expect(outcome.envelope.status_code).toBe(504);
  });

  it("stops a call when the run is cancelled", async () => {
    const controller = new AbortController();
    const pending = toolNamed(connection, `mcp__${server}__slow`).execute(
      { ms: 10_000 },
      context(controller.signal),
    );
    setTimeout(() => controller.abort(), 100);
    expect(errorOf(await pending)).toMatchObject({
      code: "mcp_unavailable",
      details: { reason: "cancelled" },
    });
  });
});

/** Polls until `check` passes or 3 s pass (a killed child may take a moment to be reaped). */
async function eventually(check: () => boolean): Promise<boolean> {
  for (let attempt = 0; attempt < 30; attempt++) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return check();
}

describe("close", () => {
  it("ends the stdio child process; later calls are mcp_unavailable", async () => {
    const before = new Set(childProcesses(stdioEntry));
    const own = await connectMcpServers({ servers: [stdioServer("closing")] }, { timeoutMs: 30_000 });
    expect(own.servers[0]?.status).toBe("connected");
    const started = childProcesses(stdioEntry).filter((pid) => !before.has(pid));
    expect(started).toHaveLength(1);

    await own.close();
    await own.close(); // idempotent
    expect(await eventually(() => !childProcesses(stdioEntry).includes(started[0]!))).toBe(true);

    const outcome = await toolNamed(own, "mcp__closing__echo").execute({ text: "x" }, context());
    expect(errorOf(outcome)?.code).toBe("mcp_unavailable");
  }, 60_000);

  it("ends a server that hangs during start-up once it is reported failed", async () => {
    const marker = "keel-test-hanging-mcp-server";
    const attempt = await connectMcpServers(
      {
        servers: [
          {
            name: "hangs",
            transport: "stdio",
            command: process.execPath,
            args: ["-e", `setInterval(() => {}, 1000) // ${marker}`],
          },
        ],
      },
      { timeoutMs: 500 },
    );
    expect(attempt.servers).toEqual([
      {
        name: "hangs",
        status: "failed",
        error: "did not connect and list its tools within 500 ms",
        toolCount: 0,
      },
    ]);
    expect(childProcesses(marker)).toEqual([]);
  }, 20_000);

  it("leaves no child process after closing the shared connection, failed servers included", async () => {
    expect(childProcesses(stdioEntry)).toHaveLength(1);
    expect(childProcesses("boom: config file not found")).toEqual([]);
    await connection.close();
    expect(await eventually(() => childProcesses(stdioEntry).length === 0)).toBe(true);
  });
});
