/**
 * The route x caller matrix, generated from one table: every API route that exists, called by every
 * kind of caller, must answer 401 (no or bad credential), 403 (wrong role or scope, or a cookie write
 * from another site) or succeed, exactly as the route's declared access says.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as passwordRoute from "@/app/api/account/password/route";
import * as activityRoute from "@/app/api/activity/route";
import * as agentKeyRoute from "@/app/api/agent-keys/[id]/route";
import * as agentKeysRoute from "@/app/api/agent-keys/route";
import * as changesRoute from "@/app/api/app-settings/changes/route";
import * as guardEffectsRoute from "@/app/api/app-settings/guard-effects/route";
import * as settingsRoute from "@/app/api/app-settings/route";
import * as sessionRoute from "@/app/api/auth/session/route";
import * as signInRoute from "@/app/api/auth/sign-in/route";
import * as signOutRoute from "@/app/api/auth/sign-out/route";
import * as eventsRoute from "@/app/api/events/route";
import * as haltConfigRoute from "@/app/api/halt-config/route";
import * as haltAcknowledgeRoute from "@/app/api/halts/[id]/acknowledge/route";
import * as haltRoute from "@/app/api/halts/[id]/route";
import * as haltCheckRoute from "@/app/api/halts/check/route";
import * as haltsRoute from "@/app/api/halts/route";
import * as healthRoute from "@/app/api/health/route";
import * as mcpRoute from "@/app/api/mcp/route";
import * as mcpGatewayRoute from "@/app/api/mcp-gateway/route";
import * as approveMcpToolRoute from "@/app/api/mcp-gateway/tools/[id]/approve/route";
import * as mcpToolsRoute from "@/app/api/mcp-gateway/tools/route";
import * as metricsRoute from "@/app/api/metrics/route";
import * as openApiRoute from "@/app/api/openapi.json/route";
import * as replayRoute from "@/app/api/replay/route";
import * as runEventsRoute from "@/app/api/runs/[id]/events/route";
import * as runRoute from "@/app/api/runs/[id]/route";
import * as demoRunsRoute from "@/app/api/runs/demo/route";
import * as runsRoute from "@/app/api/runs/route";
import * as statusRoute from "@/app/api/runtime/status/route";
import * as sessionHaltsRoute from "@/app/api/sessions/[id]/halts/route";
import * as agentSessionRoute from "@/app/api/sessions/[id]/route";
import * as sessionsRoute from "@/app/api/sessions/route";
import * as tokenRoute from "@/app/api/tokens/[id]/route";
import * as tokensRoute from "@/app/api/tokens/route";
import * as userRoute from "@/app/api/users/[id]/route";
import * as usersRoute from "@/app/api/users/route";
import * as chatCompletionsRoute from "@/app/v1/chat/completions/route";
import * as messagesRoute from "@/app/v1/messages/route";
import { createPersonalToken, revokeApiKey } from "@/lib/auth/api-keys";
import { type AgentScope, type Role, roleAtLeast } from "@/lib/auth/roles";
import { openSession, recordHalt } from "@/lib/halts/service";
import { API_ROUTES } from "@/lib/openapi/api-routes";
import { createRun, type RunCreator } from "@/lib/runs/runs-service";
import { type FakeMcpHttpServer, startFakeMcpHttpServer } from "@/tests/fixtures/fake-mcp-server";
import { type ScriptedModelServer, startScriptedModelServer } from "@/tests/fixtures/fake-model-servers";
import { createTestAgentKey, createTestUser, type TestUser, uniqueName } from "./helpers/auth-fixtures";
import { type CallOptions, callRoute } from "./helpers/call-route";
import { markDemoRuntimeLive } from "./helpers/demo-runtime";
import { createTestDatabase, type TestDatabase } from "./helpers/test-database";

let testDatabase: TestDatabase;
const users = {} as Record<Role, TestUser>;

type Caller =
  | { name: string; kind: "anonymous" }
  | { name: string; kind: "revoked" }
  | { name: string; kind: "user"; role: Role; via: "cookie" | "token" }
  | { name: string; kind: "agent"; scopes: AgentScope[] };

const CALLERS: Caller[] = [
  { name: "anonymous", kind: "anonymous" },
  { name: "revoked token", kind: "revoked" },
  ...(["viewer", "operator", "admin"] as const).flatMap((role) => [
    { name: `${role} (cookie)`, kind: "user" as const, role, via: "cookie" as const },
    { name: `${role} (token)`, kind: "user" as const, role, via: "token" as const },
  ]),
  {
    name: "agent with every scope",
    kind: "agent",
    scopes: ["halts:read", "halts:write", "runs:write", "settings:read"],
  },
  { name: "agent with runs:write only", kind: "agent", scopes: ["runs:write"] },
];

type Access = { public: true } | { role?: Role; scope?: AgentScope };
interface Context {
  caller: Caller;
  /** The caller's credential headers (for routes that need a first request as the same caller). */
  headers: Record<string, string>;
  user: TestUser | null;
  /** The agent key making the call, when the caller is an agent. */
  agent: { id: string; name: string } | null;
}

/** A queued run created by the calling agent key (or by a person when a user calls). */
async function ownRun(context: Context): Promise<string> {
  const creator: RunCreator = context.agent
    ? {
        type: "caller",
        caller: {
          kind: "agent",
          keyId: context.agent.id,
          agentName: context.agent.name,
          scopes: ["runs:write"],
        },
      }
    : { type: "cli", name: "matrix" };
  const run = await createRun(testDatabase.database, { send: async () => randomUUID() }, creator, {
    task: "matrix run",
    kind: "job",
    locale: "en",
  });
  return run.id;
}

/** A session owned by the calling agent key (or by a fresh key when a user calls), with one halt. */
async function sessionWithHalt(
  context: Context,
): Promise<{ sessionId: string; sessionToken: string; haltId: string }> {
  const owner = context.agent ?? (await createTestAgentKey(testDatabase.database, ["halts:write"]));
  const session = await openSession(testDatabase.database, { keyId: owner.id, agentName: owner.name });
  const halt = await recordHalt(
    testDatabase.database,
    { kind: "agent", keyId: owner.id, agentName: owner.name, scopes: ["halts:write"] },
    {
      session_token: session.session_token,
      halt_type: "scope",
      severity: "high",
      description: "matrix halt",
    },
    [],
  );
  return { sessionId: session.session_id, sessionToken: session.session_token, haltId: halt.halt_id };
}
interface RouteCase {
  method: string;
  path: string;
  access: Access;
  // biome-ignore lint/suspicious/noExplicitAny: each route module declares its own params type
  handler: (request: Request, context: { params: Promise<any> }) => Promise<Response>;
  request?: (context: Context) => Promise<Omit<CallOptions, "method" | "path">>;
  /** A server-sent events stream: read only the first event, then abort. */
  stream?: true;
  /** The route answers refusals in another protocol's error shape (guard proxy): check the status only. */
  protocolErrors?: true;
}

const ROUTES: RouteCase[] = [
  { method: "GET", path: "/api/health", access: { public: true }, handler: healthRoute.GET },
  { method: "GET", path: "/api/openapi.json", access: { public: true }, handler: openApiRoute.GET },
  {
    method: "GET",
    path: "/api/app-settings",
    access: { role: "viewer", scope: "settings:read" },
    handler: settingsRoute.GET,
  },
  {
    method: "PUT",
    path: "/api/app-settings",
    access: { role: "operator" },
    handler: settingsRoute.PUT,
    request: async () => ({ json: { maxToolSteps: 1 + Math.floor(Math.random() * 199) } }),
  },
  {
    method: "GET",
    path: "/api/app-settings/changes",
    access: { role: "viewer", scope: "settings:read" },
    handler: changesRoute.GET,
  },
  { method: "GET", path: "/api/activity", access: { role: "viewer" }, handler: activityRoute.GET },
  {
    method: "GET",
    path: "/api/app-settings/guard-effects",
    access: { role: "viewer", scope: "settings:read" },
    handler: guardEffectsRoute.GET,
  },
  {
    method: "POST",
    path: "/api/replay",
    access: { role: "admin" },
    handler: replayRoute.POST,
    request: async () => ({ json: { lastRuns: 5, maxItems: 0 } }),
  },
  {
    method: "GET",
    path: "/api/runtime/status",
    access: { role: "viewer", scope: "settings:read" },
    handler: statusRoute.GET,
  },
  {
    method: "POST",
    path: "/api/auth/sign-in",
    access: { public: true },
    handler: signInRoute.POST,
    request: async () => ({ json: { username: users.viewer.username, password: users.viewer.password } }),
  },
  { method: "POST", path: "/api/auth/sign-out", access: { role: "viewer" }, handler: signOutRoute.POST },
  { method: "GET", path: "/api/auth/session", access: { role: "viewer" }, handler: sessionRoute.GET },
  {
    method: "POST",
    path: "/api/account/password",
    access: { role: "viewer" },
    handler: passwordRoute.POST,
    request: async ({ user }) => {
      const newPassword = `new-${randomUUID()}`;
      const body = { currentPassword: user?.password ?? "irrelevant-password", newPassword };
      if (user) user.password = newPassword;
      return { json: body };
    },
  },
  { method: "GET", path: "/api/users", access: { role: "admin" }, handler: usersRoute.GET },
  {
    method: "POST",
    path: "/api/users",
    access: { role: "admin" },
    handler: usersRoute.POST,
    request: async () => ({
      json: { username: uniqueName("new"), password: "a-long-enough-password", role: "viewer" },
    }),
  },
  {
    method: "PATCH",
    path: "/api/users/[id]",
    access: { role: "admin" },
    handler: userRoute.PATCH,
    request: async () => ({
      params: { id: (await createTestUser(testDatabase.database, "viewer")).id },
      json: { role: "operator" },
    }),
  },
  { method: "GET", path: "/api/tokens", access: { role: "viewer" }, handler: tokensRoute.GET },
  {
    method: "POST",
    path: "/api/tokens",
    access: { role: "viewer" },
    handler: tokensRoute.POST,
    request: async () => ({ json: { name: "matrix" } }),
  },
  {
    method: "DELETE",
    path: "/api/tokens/[id]",
    access: { role: "viewer" },
    handler: tokenRoute.DELETE,
    request: async ({ user }) => {
      const id = user
        ? (await createPersonalToken(testDatabase.database, { userId: user.id, name: "to revoke" })).key.id
        : randomUUID();
      return { params: { id } };
    },
  },
  { method: "GET", path: "/api/agent-keys", access: { role: "admin" }, handler: agentKeysRoute.GET },
  {
    method: "POST",
    path: "/api/agent-keys",
    access: { role: "admin" },
    handler: agentKeysRoute.POST,
    request: async () => ({ json: { name: uniqueName("bot"), scopes: ["halts:read"] } }),
  },
  {
    method: "DELETE",
    path: "/api/agent-keys/[id]",
    access: { role: "admin" },
    handler: agentKeyRoute.DELETE,
    request: async () => ({
      params: { id: (await createTestAgentKey(testDatabase.database, ["halts:read"])).id },
    }),
  },
  { method: "POST", path: "/api/sessions", access: { scope: "halts:write" }, handler: sessionsRoute.POST },
  {
    method: "POST",
    path: "/api/mcp",
    access: { role: "admin", scope: "halts:write" },
    handler: mcpRoute.POST,
    request: async () => ({
      headers: { accept: "application/json, text/event-stream" },
      json: { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} },
    }),
  },
  {
    method: "POST",
    path: "/api/halts/check",
    access: { scope: "halts:write" },
    handler: haltCheckRoute.POST,
    request: async (context) => ({
      json: {
        session_token: (await sessionWithHalt(context)).sessionToken,
        current_context: { operation: "list files", commands: ["ls"] },
      },
    }),
  },
  {
    method: "POST",
    path: "/api/halts",
    access: { scope: "halts:write" },
    handler: haltsRoute.POST,
    request: async (context) => ({
      json: {
        session_token: (await sessionWithHalt(context)).sessionToken,
        halt_type: "uncertainty",
        severity: "medium",
        description: "not sure",
      },
    }),
  },
  {
    method: "GET",
    path: "/api/halts",
    access: { role: "viewer", scope: "halts:read" },
    handler: haltsRoute.GET,
  },
  {
    method: "GET",
    path: "/api/halts/[id]",
    access: { role: "viewer", scope: "halts:read" },
    handler: haltRoute.GET,
    request: async (context) => ({ params: { id: (await sessionWithHalt(context)).haltId } }),
  },
  {
    method: "POST",
    path: "/api/halts/[id]/acknowledge",
    access: { role: "operator", scope: "halts:write" },
    handler: haltAcknowledgeRoute.POST,
    request: async (context) => {
      const { haltId, sessionToken } = await sessionWithHalt(context);
      return { params: { id: haltId }, json: { session_token: sessionToken, resolution: "resolved" } };
    },
  },
  { method: "GET", path: "/api/halt-config", access: { role: "viewer" }, handler: haltConfigRoute.GET },
  {
    method: "PATCH",
    path: "/api/halt-config",
    access: { role: "admin" },
    handler: haltConfigRoute.PATCH,
    request: async () => ({ json: { condition_name: "unknown_commands", enabled: Math.random() < 0.5 } }),
  },
  {
    method: "GET",
    path: "/api/sessions/[id]/halts",
    access: { role: "viewer", scope: "halts:read" },
    handler: sessionHaltsRoute.GET,
    request: async (context) => ({ params: { id: (await sessionWithHalt(context)).sessionId } }),
  },
  {
    method: "GET",
    path: "/api/sessions/[id]",
    access: { role: "viewer", scope: "halts:read" },
    handler: agentSessionRoute.GET,
    request: async (context) => ({ params: { id: (await sessionWithHalt(context)).sessionId } }),
  },
  { method: "GET", path: "/api/events", access: { role: "viewer" }, handler: eventsRoute.GET, stream: true },
  {
    method: "GET",
    path: "/api/runs",
    access: { role: "viewer", scope: "runs:write" },
    handler: runsRoute.GET,
  },
  {
    method: "POST",
    path: "/api/runs",
    access: { role: "operator", scope: "runs:write" },
    handler: runsRoute.POST,
    request: async () => ({ json: { task: "matrix task" } }),
  },
  {
    method: "POST",
    path: "/api/runs/demo",
    access: { role: "operator" },
    handler: demoRunsRoute.POST,
    request: async () => {
      await markDemoRuntimeLive(testDatabase.database, DEMO_RUNTIME_ID, "matrix");
      return {};
    },
  },
  {
    method: "GET",
    path: "/api/runs/[id]",
    access: { role: "viewer", scope: "runs:write" },
    handler: runRoute.GET,
    request: async (context) => ({ params: { id: await ownRun(context) } }),
  },
  {
    method: "GET",
    path: "/api/runs/[id]/events",
    access: { role: "viewer", scope: "runs:write" },
    handler: runEventsRoute.GET,
    request: async (context) => ({ params: { id: await ownRun(context) } }),
  },
  { method: "GET", path: "/api/metrics", access: { role: "viewer" }, handler: metricsRoute.GET },
  {
    method: "POST",
    path: "/api/mcp-gateway",
    access: { role: "admin", scope: "runs:write" },
    handler: mcpGatewayRoute.POST,
    request: async () => ({ headers: MCP_ACCEPT, json: MCP_INITIALIZE }),
  },
  {
    method: "DELETE",
    path: "/api/mcp-gateway",
    access: { role: "admin", scope: "runs:write" },
    handler: mcpGatewayRoute.DELETE,
    request: async (context) => {
      // Open a session as the same caller first (when that caller may), then end it.
      const opened = await callRoute(mcpGatewayRoute.POST, {
        method: "POST",
        path: "/api/mcp-gateway",
        headers: { ...context.headers, ...MCP_ACCEPT },
        json: MCP_INITIALIZE,
      });
      const sessionId = opened.headers.get("mcp-session-id") ?? randomUUID();
      return { headers: { "mcp-session-id": sessionId } };
    },
  },
  { method: "GET", path: "/api/mcp-gateway/tools", access: { role: "viewer" }, handler: mcpToolsRoute.GET },
  {
    method: "POST",
    path: "/api/mcp-gateway/tools/[id]/approve",
    access: { role: "operator" },
    handler: approveMcpToolRoute.POST,
    request: async () => {
      const pin = await testDatabase.database.mcpToolPin.create({
        data: {
          server: "matrix",
          tool: uniqueName("tool"),
          definitionHash: "changed",
          description: "A changed description",
          inputSchema: { type: "object" },
          approvedHash: "first",
          status: "flagged",
          reason: "description changed",
        },
      });
      return { params: { id: pin.id }, json: {} };
    },
  },
  {
    method: "POST",
    path: "/v1/chat/completions",
    access: { role: "admin", scope: "runs:write" },
    handler: chatCompletionsRoute.POST,
    protocolErrors: true,
    request: async () => ({ json: { model: "gpt-4o-mini", messages: [{ role: "user", content: "Hello" }] } }),
  },
  {
    method: "POST",
    path: "/v1/messages",
    access: { role: "admin", scope: "runs:write" },
    handler: messagesRoute.POST,
    protocolErrors: true,
    request: async () => ({
      json: { model: "claude-sonnet-4-5", max_tokens: 64, messages: [{ role: "user", content: "Hello" }] },
    }),
  },
];

const DEMO_RUNTIME_ID = randomUUID();
const MCP_ACCEPT = { accept: "application/json, text/event-stream" };
const MCP_INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "matrix", version: "1" } },
};

/**
 * Calls a server-sent events route with an AbortController: the status, and on success the first
 * event (read from the open stream), then aborts so the handler closes the stream.
 */
async function callStreamRoute(
  handler: RouteCase["handler"],
  options: { path: string; headers: Record<string, string> },
  // biome-ignore lint/suspicious/noExplicitAny: error bodies are arbitrary JSON
): Promise<{ status: number; body: any; firstEvent: string | null; contentType: string | null }> {
  const controller = new AbortController();
  const request = new Request(`http://localhost${options.path}`, {
    headers: options.headers,
    signal: controller.signal,
  });
  const response = await handler(request, { params: Promise.resolve({}) });
  if (!response.ok)
    return { status: response.status, body: await response.json(), firstEvent: null, contentType: null };
  const reader = response.body!.getReader();
  let text = "";
  while (!text.includes("\n\n")) {
    const chunk = await reader.read();
    if (chunk.done) break;
    text += new TextDecoder().decode(chunk.value);
  }
  controller.abort();
  const rest = await reader.read();
  expect(rest.done, "the stream closes when the client aborts").toBe(true);
  return {
    status: response.status,
    body: null,
    firstEvent: text,
    contentType: response.headers.get("content-type"),
  };
}

function expectedStatus(route: RouteCase, caller: Caller): "2xx" | 401 | 403 {
  if ("public" in route.access) return "2xx";
  if (caller.kind === "anonymous" || caller.kind === "revoked") return 401;
  if (caller.kind === "user")
    return route.access.role && roleAtLeast(caller.role, route.access.role) ? "2xx" : 403;
  return route.access.scope && caller.scopes.includes(route.access.scope) ? "2xx" : 403;
}

async function headersFor(
  caller: Caller,
): Promise<{ headers: Record<string, string>; user: TestUser | null; agent?: { id: string; name: string } }> {
  switch (caller.kind) {
    case "anonymous":
      return { headers: {}, user: null };
    case "revoked": {
      const { token, key } = await createPersonalToken(testDatabase.database, {
        userId: users.admin.id,
        name: "revoked",
      });
      await revokeApiKey(testDatabase.database, { id: key.id, kind: "personal" });
      return { headers: { authorization: `Bearer ${token}` }, user: null };
    }
    case "user": {
      // A fresh user per call: some routes end sessions or change the password.
      const user = await createTestUser(testDatabase.database, caller.role);
      return {
        headers: caller.via === "cookie" ? await user.cookieHeaders() : await user.tokenHeaders(),
        user,
      };
    }
    case "agent": {
      const key = await createTestAgentKey(testDatabase.database, caller.scopes);
      return { headers: key.headers, user: null, agent: { id: key.id, name: key.name } };
    }
  }
}

let modelServer: ScriptedModelServer;
let mcpUpstream: FakeMcpHttpServer;
let gatewayConfigDir: string;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  // Upstreams of the guard proxy and the MCP gateway, so allowed callers get real answers.
  modelServer = await startScriptedModelServer({ scenarios: [] });
  process.env.KEEL_PROXY_OPENAI_BASE_URL = `${modelServer.url}/v1`;
  process.env.KEEL_PROXY_ANTHROPIC_BASE_URL = modelServer.url;
  process.env.KEEL_PROXY_OPENAI_API_KEY = "sk-matrix-openai";
  process.env.KEEL_PROXY_ANTHROPIC_API_KEY = "sk-ant-matrix";
  mcpUpstream = await startFakeMcpHttpServer();
  gatewayConfigDir = fs.mkdtempSync(path.join(os.tmpdir(), "keel-matrix-"));
  const configPath = path.join(gatewayConfigDir, "gateway.json");
  fs.writeFileSync(configPath, JSON.stringify({ servers: { fake: { url: mcpUpstream.url } } }));
  process.env.KEEL_MCP_GATEWAY_CONFIG = configPath;
  for (const role of ["viewer", "operator", "admin"] as const)
    users[role] = await createTestUser(testDatabase.database, role);
});
afterAll(async () => {
  await modelServer?.close();
  await mcpUpstream?.close();
  if (gatewayConfigDir) fs.rmSync(gatewayConfigDir, { recursive: true, force: true });
  await testDatabase.drop();
});

describe("route x caller matrix", () => {
  it("covers every route handler in app/api and app/v1, and the OpenAPI table describes each of them", async () => {
    const existing: string[] = [];
    const routeFiles = ["app/api", "app/v1"].flatMap((root) =>
      (fs.readdirSync(root, { recursive: true }) as string[])
        .filter((file) => path.basename(file) === "route.ts")
        .map((file) => path.join(root, file)),
    );
    for (const file of routeFiles) {
      const routePath = `/${path.dirname(file).replace(/^app\//, "")}`;
      const module = (await import(`@/${file.replace(/\.ts$/, "")}`)) as Record<string, unknown>;
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"])
        if (method in module) existing.push(`${method} ${routePath}`);
    }
    const tested = ROUTES.map((route) => `${route.method} ${route.path}`);
    const documented = API_ROUTES.map(
      (route) => `${route.method.toUpperCase()} ${route.path.replace(/\{(\w+)\}/g, "[$1]")}`,
    );
    expect([...tested].sort()).toEqual([...existing].sort());
    expect([...documented].sort()).toEqual([...existing].sort());
  });

  for (const route of ROUTES) {
    describe(`${route.method} ${route.path}`, () => {
      it.each(CALLERS.map((caller) => [caller.name, caller] as const))("%s", async (_name, caller) => {
        const { headers, user, agent } = await headersFor(caller);
        const extra = (await route.request?.({ caller, headers, user, agent: agent ?? null })) ?? {};
        if (route.stream) {
          const streamed = await callStreamRoute(route.handler, { path: route.path, headers });
          const expected = expectedStatus(route, caller);
          if (expected === "2xx") {
            expect(streamed.status).toBe(200);
            expect(streamed.contentType).toMatch(/^text\/event-stream/);
            expect(streamed.firstEvent).toContain("event: ready\n");
          } else {
            expect(streamed.status, JSON.stringify(streamed.body)).toBe(expected);
            expect(streamed.body.error.code).toBe(expected === 401 ? "unauthorized" : "forbidden");
          }
          return;
        }
        const response = await callRoute(route.handler, {
          method: route.method,
          path: route.path.replace("[id]", extra.params?.id ?? "x"),
          ...extra,
          headers: { ...headers, ...extra.headers },
        });
        const expected = expectedStatus(route, caller);
        if (expected === "2xx") {
          expect(response.status, JSON.stringify(response.body)).toBeGreaterThanOrEqual(200);
          expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
        } else {
          expect(response.status, JSON.stringify(response.body)).toBe(expected);
          if (!route.protocolErrors)
            expect(response.body.error.code).toBe(expected === 401 ? "unauthorized" : "forbidden");
        }
      });
    });
  }
});

describe("cookie writes: the Origin must name the origin the client reached, never request.url's host", () => {
  const COOKIE_WRITES = ROUTES.filter(
    (route) => route.method !== "GET" && !("public" in route.access) && route.access.role !== undefined,
  );
  const FORGED = [
    ["http://localhost:3240", "evil.example"],
    ["http://LOCALHOST:3240", "evil.example"],
    ["HTTP://LocalHost:3240", "evil.example:3240"],
    ["http://localhost:3240", "localhost:3241"],
    ["http://localhost:3240", ""],
  ] as const;
  it("covers every cookie write", () => {
    expect(COOKIE_WRITES.length).toBeGreaterThanOrEqual(10);
  });
  for (const route of COOKIE_WRITES) {
    it.each(FORGED.map(([origin, host]) => [origin, host] as const))(
      `${route.method} ${route.path}: Origin %s with Host "%s" is refused`,
      async (origin, host) => {
        const caller: Caller = { name: "admin (cookie)", kind: "user", role: "admin", via: "cookie" };
        const { headers, user } = await headersFor(caller);
        const extra = (await route.request?.({ caller, headers, user, agent: null })) ?? {};
        const response = await callRoute(route.handler, {
          method: route.method,
          base: "http://localhost:3240",
          path: route.path.replace("[id]", extra.params?.id ?? "x"),
          ...extra,
          headers: { ...headers, ...extra.headers, origin, host },
        });
        expect(response.status, JSON.stringify(response.body)).toBe(403);
        if (!route.protocolErrors) expect(response.body.error.code).toBe("forbidden");
      },
    );
  }
  it("the sign-in refuses them too (login CSRF), and accepts the Origin matching the Host", async () => {
    for (const [origin, host] of FORGED) {
      const response = await callRoute(signInRoute.POST, {
        method: "POST",
        base: "http://localhost:3240",
        path: "/api/auth/sign-in",
        json: { username: users.viewer.username, password: users.viewer.password },
        headers: { origin, host },
      });
      expect(response.status, `${origin} / ${host}`).toBe(403);
    }
    const accepted = await callRoute(signInRoute.POST, {
      method: "POST",
      base: "http://localhost:3240",
      path: "/api/auth/sign-in",
      json: { username: users.viewer.username, password: users.viewer.password },
      headers: { origin: "http://LocalHost:3240", host: "localhost:3240" },
    });
    expect(accepted.status).toBe(200);
  });
});
