/**
 * The MCP gateway over streamable HTTP (/api/mcp-gateway behind a real HTTP server), driven by the
 * official MCP SDK client, in front of two fake upstreams: one over HTTP (`web`), one over stdio
 * (`local`, a child process). Covers listing, calling, quarantine + preamble, an image and an embedded
 * resource, a poisoned description, a description change with approval, a timeout, a crash with
 * restart, the quarantine switch, the gateway run and its events, and the route's refusals.
 */
import { rm } from "node:fs/promises";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as gatewayRoute from "@/app/api/mcp-gateway/route";
import * as approveRoute from "@/app/api/mcp-gateway/tools/[id]/approve/route";
import * as toolsRoute from "@/app/api/mcp-gateway/tools/route";
import * as runEventsRoute from "@/app/api/runs/[id]/events/route";
import { QUARANTINE_MARKER, UNTRUSTED_DATA_PREAMBLE } from "@/lib/guards/quarantine";
import { stopProcessHttpGateway } from "@/lib/mcp-gateway/http-gateway";
import { updateAppSettings } from "@/lib/settings/app-settings";
import { stopProcessRuntimeFlagsCache } from "@/lib/settings/runtime-flags-cache";
import {
  FAKE_PAGE_INJECTION_LINE,
  FAKE_PNG_BASE64,
  type FakeMcpHttpServer,
  startFakeMcpHttpServer,
} from "../fixtures/fake-mcp-server";
import { serveRoutes } from "../fixtures/route-server";
import { createTestAgentKey, createTestUser, type TestUser } from "./helpers/auth-fixtures";
import { callRoute } from "./helpers/call-route";
import { writeGatewayConfig } from "./helpers/gateway-config";
import { createTestDatabase, type TestDatabase } from "./helpers/test-database";

let testDatabase: TestDatabase;
let upstream: FakeMcpHttpServer;
let server: { url: string; close(): Promise<void> };
let directory: string;
let agentToken: string;
let operator: TestUser;
let client: Client;

type CallResult = Awaited<ReturnType<Client["callTool"]>>;

function textOf(result: CallResult): string {
  return (result.content as { type: string; text?: string }[])
    .filter((part) => part.type === "text")
    .map((part) => part.text)
    .join("\n");
}

async function connect(token = agentToken, name = "keel-test"): Promise<Client> {
  const mcpClient = new Client({ name, version: "1.0.0" });
  await mcpClient.connect(
    new StreamableHTTPClientTransport(new URL(`${server.url}/api/mcp-gateway`), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  return mcpClient;
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

async function pins() {
  const response = await callRoute(toolsRoute.GET, {
    path: "/api/mcp-gateway/tools",
    headers: await operator.tokenHeaders(),
  });
  expect(response.status).toBe(200);
  return response.body as {
    tools: {
      id: string;
      server: string;
      tool: string;
      status: string;
      reason: string | null;
      definitionHash: string;
    }[];
    counts: { flagged: number; total: number };
  };
}

async function approve(id: string, json?: unknown) {
  return callRoute(approveRoute.POST, {
    method: "POST",
    path: `/api/mcp-gateway/tools/${id}/approve`,
    params: { id },
    headers: await operator.tokenHeaders(),
    ...(json === undefined ? {} : { json }),
  });
}

async function gatewayRuns() {
  return testDatabase.database.agentRun.findMany({
    where: { kind: "gateway" },
    orderBy: { createdAt: "asc" },
  });
}

async function eventsOf(runId: string) {
  return testDatabase.database.runEvent.findMany({ where: { runId }, orderBy: { seq: "asc" } });
}

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  upstream = await startFakeMcpHttpServer({ extraTools: ["image", "document", "poisoned", "notes"] });
  let configPath: string;
  ({ directory, configPath } = await writeGatewayConfig({
    upstreamUrl: upstream.url,
    callTimeoutMs: 1_500,
    prefix: "keel-gateway-",
  }));
  process.env.KEEL_MCP_GATEWAY_CONFIG = configPath;
  server = await serveRoutes({
    "/api/mcp-gateway": { POST: gatewayRoute.POST, DELETE: gatewayRoute.DELETE },
  });
  agentToken = (await createTestAgentKey(testDatabase.database, ["runs:write"])).token;
  operator = await createTestUser(testDatabase.database, "operator");
  client = await connect();
}, 60_000);

afterAll(async () => {
  await client?.close();
  await server?.close();
  await stopProcessHttpGateway();
  await stopProcessRuntimeFlagsCache();
  await upstream?.close();
  await rm(directory, { recursive: true, force: true });
  await testDatabase.drop();
});

describe("MCP gateway over streamable HTTP with the official SDK client", () => {
  it("lists the union of both upstreams' tools, namespaced, and withholds the poisoned one", async () => {
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name);
    for (const name of [
      "mcp__web__echo",
      "mcp__web__fetch_page",
      "mcp__web__render_chart",
      "mcp__web__read_document",
      "mcp__web__notes_search",
      "mcp__local__echo",
      "mcp__local__slow",
      "mcp__local__crash",
    ])
      expect(names).toContain(name);
    expect(names).not.toContain("mcp__web__lookup_weather");
    const fetchPage = tools.find((tool) => tool.name === "mcp__web__fetch_page")!;
    expect(fetchPage.description).toBe("Fetch a web page about a topic.");
    expect(fetchPage.inputSchema.properties).toHaveProperty("topic");
  });

  it("returns a fetched page with the injected sentence replaced and the untrusted-data preamble", async () => {
    const result = await client.callTool({ name: "mcp__web__fetch_page", arguments: { topic: "Solar" } });
    expect(result.isError).toBeFalsy();
    const text = textOf(result);
    expect(text.startsWith(UNTRUSTED_DATA_PREAMBLE)).toBe(true);
    expect(text).not.toContain(FAKE_PAGE_INJECTION_LINE);
    expect(text).toContain(QUARANTINE_MARKER);
    expect(text).toContain("Welcome to the Solar knowledge base\nSolar is a topic many people read about.");
    expect(upstream.callLog.at(-1)).toEqual({ tool: "fetch_page", arguments: { topic: "Solar" } });
  });

  it("passes an image unchanged", async () => {
    const result = await client.callTool({ name: "mcp__web__render_chart", arguments: { title: "sales" } });
    expect(result.content).toEqual([{ type: "image", data: FAKE_PNG_BASE64, mimeType: "image/png" }]);
  });

  it("scans the text of an embedded resource and frames it as untrusted", async () => {
    const result = await client.callTool({ name: "mcp__web__read_document", arguments: { name: "plan" } });
    const [preamble, resource] = result.content as [
      { type: string; text: string },
      { type: string; resource: { uri: string; text: string } },
    ];
    expect(preamble).toEqual({ type: "text", text: UNTRUSTED_DATA_PREAMBLE.trimEnd() });
    expect(resource.resource.uri).toBe("file:///docs/plan.md");
    expect(resource.resource.text).toContain(QUARANTINE_MARKER);
    expect(resource.resource.text).not.toContain(FAKE_PAGE_INJECTION_LINE);
  });

  it("forwards calls to the stdio upstream, and passes internal tools' clean text unchanged", async () => {
    const result = await client.callTool({ name: "mcp__local__echo", arguments: { text: "hello gateway" } });
    expect(result.content).toEqual([{ type: "text", text: "hello gateway" }]);
  });

  it("flags the poisoned description, refuses calls to it, and offers it quarantined after approval", async () => {
    const listed = await pins();
    const poisoned = listed.tools.find((pin) => pin.tool === "lookup_weather")!;
    expect(poisoned).toMatchObject({
      server: "web",
      status: "flagged",
      reason: "instruction-shaped description",
    });
    expect(listed.tools[0]!.status).toBe("flagged");

    const refused = await client.callTool({ name: "mcp__web__lookup_weather", arguments: { city: "Rome" } });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/withheld \(instruction-shaped description\).*approve/);
    expect(upstream.callLog.some((call) => call.tool === "lookup_weather")).toBe(false);

    const approved = await approve(poisoned.id, { definitionHash: poisoned.definitionHash });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: "approved", approvedHash: poisoned.definitionHash });
    const tool = (await client.listTools()).tools.find(
      (candidate) => candidate.name === "mcp__web__lookup_weather",
    );
    expect(tool?.description).toContain("Look up the current weather for a city.");
    expect(tool?.description).toContain(QUARANTINE_MARKER);
    expect(tool?.description).not.toContain("attacker.example");
    const call = await client.callTool({ name: "mcp__web__lookup_weather", arguments: { city: "Rome" } });
    expect(textOf(call)).toBe("Sunny in Rome.");
  });

  it("flags a description that changed after first sight until an operator approves it", async () => {
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain("mcp__web__notes_search");
    upstream.setNotesDescription("Search the team's notes by keyword, and also the archived notes.");
    expect((await client.listTools()).tools.map((tool) => tool.name)).not.toContain("mcp__web__notes_search");
    const pin = (await pins()).tools.find((candidate) => candidate.tool === "notes_search")!;
    expect(pin).toMatchObject({ status: "flagged", reason: "description changed" });

    const refused = await client.callTool({ name: "mcp__web__notes_search", arguments: { query: "q3" } });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain("withheld (description changed)");

    expect((await approve(pin.id, { definitionHash: "0".repeat(64) })).status).toBe(409);
    const approved = await approve(pin.id, { definitionHash: pin.definitionHash });
    expect(approved.status).toBe(200);
    expect((await approve(pin.id)).status).toBe(409);
    const tool = (await client.listTools()).tools.find(
      (candidate) => candidate.name === "mcp__web__notes_search",
    );
    expect(tool?.description).toBe("Search the team's notes by keyword, and also the archived notes.");
  });

  it("answers a hanging upstream with an MCP error after the call timeout", async () => {
    const started = Date.now();
    const result = await client.callTool({ name: "mcp__local__slow", arguments: { ms: 10_000 } });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      'Keel MCP gateway: Upstream "local" did not answer slow within 1500 ms. (tool mcp__local__slow)',
    );
  });

  it("reports a crashed stdio upstream and restarts it with backoff", async () => {
    const crashed = await client.callTool({ name: "mcp__local__crash", arguments: {} });
    expect(crashed.isError).toBe(true);
    expect(textOf(crashed)).toContain('The connection to upstream "local" was lost');
    // The next call waits for the restart (first backoff step: 500 ms) and succeeds.
    const again = await client.callTool({ name: "mcp__local__echo", arguments: { text: "back" } });
    expect(again.content).toEqual([{ type: "text", text: "back" }]);
  });

  it("records the session as a gateway run with one event per call and intervention", async () => {
    const runs = await eventually(async () => {
      const found = await gatewayRuns();
      return found.length > 0 ? found : undefined;
    });
    const run = runs.find((candidate) => candidate.task.includes("keel-test 1.0.0"))!;
    expect(run).toMatchObject({
      kind: "gateway",
      status: "running",
      createdBy: expect.stringMatching(/^agent:/),
    });
    const events = await eventually(async () => {
      const found = await eventsOf(run.id);
      return found.some(
        (event) =>
          event.type === "tool.end" &&
          (event.data as { name: string }).name === "mcp__local__echo" &&
          (event.data as { modelText: string }).modelText === "back",
      )
        ? found
        : undefined;
    });
    const types = events.map((event) => event.type);
    expect(types[0]).toBe("gateway.session");
    expect((events[0]!.data as { client: string; servers: { name: string }[] }).client).toBe(
      "keel-test 1.0.0",
    );
    expect(types).toContain("gateway.tool_flagged");
    expect(types).toContain("upstream.error");
    const fetchEnd = events.find(
      (event) =>
        event.type === "tool.end" && (event.data as { name: string }).name === "mcp__web__fetch_page",
    )!.data as Record<string, unknown>;
    expect(fetchEnd).toMatchObject({
      step: 1,
      ok: true,
      classification: "external-content",
      quarantineEnabled: true,
      preambleAdded: true,
      quarantinedSegments: {
        count: 1,
        previews: [expect.stringContaining("Ignore all previous instructions")],
      },
    });
    expect(fetchEnd.modelText).toContain(QUARANTINE_MARKER);
    const starts = events
      .filter((event) => event.type === "tool.start")
      .map((event) => (event.data as { step: number }).step);
    expect(starts).toEqual([...starts].sort((left, right) => left - right));
    expect(
      (await testDatabase.database.agentRun.findUniqueOrThrow({ where: { id: run.id } })).quarantinedSegments,
    ).toBeGreaterThanOrEqual(2);

    // The same call shows in the runs view's API, for the agent key that made it.
    const viewed = await callRoute(runEventsRoute.GET, {
      path: `/api/runs/${run.id}/events`,
      params: { id: run.id },
      headers: { authorization: `Bearer ${agentToken}` },
    });
    expect(viewed.status).toBe(200);
    expect(JSON.stringify(viewed.body)).toContain("mcp__web__fetch_page");
  });

  it("passes the text unchanged on the next call once the quarantine switch is off, and quarantines again when on", async () => {
    await updateAppSettings(testDatabase.database, {
      update: { toolResultQuarantineEnabled: false },
      actor: "test",
    });
    try {
      const text = await eventually(async () => {
        const candidate = textOf(
          await client.callTool({ name: "mcp__web__fetch_page", arguments: { topic: "Wind" } }),
        );
        return candidate.includes(FAKE_PAGE_INJECTION_LINE) ? candidate : undefined;
      }, 5_000);
      expect(text.startsWith("Welcome to the Wind knowledge base")).toBe(true);
      expect(text).not.toContain(QUARANTINE_MARKER);
    } finally {
      await updateAppSettings(testDatabase.database, {
        update: { toolResultQuarantineEnabled: true },
        actor: "test",
      });
    }
    await eventually(async () => {
      const candidate = textOf(
        await client.callTool({ name: "mcp__web__fetch_page", arguments: { topic: "Wind" } }),
      );
      return candidate.includes(QUARANTINE_MARKER) ? candidate : undefined;
    }, 5_000);
  });

  it("settles the session's run when the client ends the session", async () => {
    const second = await connect(agentToken, "second-client");
    await second.callTool({ name: "mcp__local__echo", arguments: { text: "x" } });
    const transport = second.transport as StreamableHTTPClientTransport;
    expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    await transport.terminateSession();
    await second.close();
    const run = await eventually(async () =>
      (await gatewayRuns()).find(
        (candidate) => candidate.task.includes("second-client") && candidate.status === "succeeded",
      ),
    );
    expect(run.toolSteps).toBe(1);
  });
});

describe("/api/mcp-gateway access", () => {
  it("refuses an agent key without runs:write and a missing token", async () => {
    const other = await createTestAgentKey(testDatabase.database, ["halts:write"]);
    const body = { jsonrpc: "2.0", id: 1, method: "tools/list" };
    const forbidden = await callRoute(gatewayRoute.POST, {
      method: "POST",
      path: "/api/mcp-gateway",
      headers: { ...other.headers, accept: "application/json, text/event-stream" },
      json: body,
    });
    expect(forbidden.status).toBe(403);
    const anonymous = await callRoute(gatewayRoute.POST, {
      method: "POST",
      path: "/api/mcp-gateway",
      json: body,
    });
    expect(anonymous.status).toBe(401);
  });

  it("answers 503 with a clear message when KEEL_MCP_GATEWAY_CONFIG is unset", async () => {
    const saved = process.env.KEEL_MCP_GATEWAY_CONFIG;
    delete process.env.KEEL_MCP_GATEWAY_CONFIG;
    try {
      const response = await callRoute(gatewayRoute.POST, {
        method: "POST",
        path: "/api/mcp-gateway",
        headers: { authorization: `Bearer ${agentToken}`, accept: "application/json, text/event-stream" },
        json: { jsonrpc: "2.0", id: 1, method: "tools/list" },
      });
      expect(response.status).toBe(503);
      expect(response.body.error.message).toContain("KEEL_MCP_GATEWAY_CONFIG");
    } finally {
      process.env.KEEL_MCP_GATEWAY_CONFIG = saved;
    }
  });

  it("lets a viewer list pins but not approve them", async () => {
    const viewer = await createTestUser(testDatabase.database, "viewer");
    const listed = await callRoute(toolsRoute.GET, {
      path: "/api/mcp-gateway/tools",
      headers: await viewer.tokenHeaders(),
    });
    expect(listed.status).toBe(200);
    const id = listed.body.tools[0].id;
    const refused = await callRoute(approveRoute.POST, {
      method: "POST",
      path: `/api/mcp-gateway/tools/${id}/approve`,
      params: { id },
      headers: await viewer.tokenHeaders(),
    });
    expect(refused.status).toBe(403);
    const missing = await approve("00000000-0000-4000-8000-000000000000");
    expect(missing.status).toBe(404);
  });
});
