/**
 * The MCP gateway behind `POST /api/mcp-gateway` (streamable HTTP, stateless: one low-level Server and
 * transport per request, like /api/mcp). Per process it keeps the upstreams (from the file named by
 * KEEL_MCP_GATEWAY_CONFIG, loaded on first use) and the client sessions:
 *
 * Sessions. An `initialize` request gets a fresh `Mcp-Session-Id` in its answer; clients send it back
 * on every later request, and the session (one gateway run) is keyed by (caller, that id). A request
 * without the header belongs to the caller's default session: one per agent key (or user) per process.
 * A session idle for KEEL_MCP_GATEWAY_IDLE_MS (default 15 min) is settled and forgotten; `DELETE` with
 * the header settles it at once. An id this process does not know (another web instance, a restart)
 * opens a new run under that id. Requests are never refused for an unknown id: the gateway is stateless
 * towards the client, only the recording is per process.
 *
 * Failure policy: without KEEL_MCP_GATEWAY_CONFIG, or with an unreadable or invalid file, requests get
 * 503 with the reason (the file is re-read on the next request, so fixing it needs no restart).
 */

import { randomUUID } from "node:crypto";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { actorName, type Caller } from "@/lib/auth/caller";
import type { Database } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { createLogger } from "@/lib/log/logger";
import { loadMcpConfig } from "@/lib/mcp-client";
import { createGatewayServer } from "./gateway-server";
import { GatewaySession } from "./gateway-session";
import { GatewayUpstreams } from "./gateway-upstreams";
import { processQuarantineSwitch, type QuarantineSwitch } from "./quarantine-switch";
import { PinVerdictCache } from "./tool-pins";

/** Thrown when the gateway cannot serve (no or bad configuration); the route answers 503. */
export class GatewayUnavailableError extends DomainError {
  constructor(message: string) {
    super("service_unavailable", message);
  }
}

/** Default idle time after which an HTTP session's run is settled. */
export const GATEWAY_SESSION_IDLE_MS = 15 * 60_000;

const log = createLogger({ component: "mcp-gateway" });

function callerKey(caller: Caller): string {
  return caller.kind === "agent" ? `key:${caller.keyId}` : `user:${caller.userId}`;
}

function identityOf(caller: Caller) {
  return {
    createdBy: actorName(caller),
    apiKeyId: caller.keyId ?? null,
    agentName: caller.kind === "agent" ? caller.agentName : caller.username,
  };
}

function clientNameOf(body: unknown): string | null {
  const messages = Array.isArray(body) ? body : [body];
  for (const message of messages)
    if (isInitializeRequest(message)) {
      const info = message.params.clientInfo;
      return `${info.name} ${info.version}`.trim().slice(0, 200);
    }
  return null;
}

export interface HttpGatewayOptions {
  database: Database;
  upstreams: GatewayUpstreams;
  quarantine: QuarantineSwitch;
  idleMs?: number;
  now?: () => number;
}

export class HttpGateway {
  private readonly sessions = new Map<string, GatewaySession>();
  private readonly pinCache = new PinVerdictCache();
  private readonly sweeper: NodeJS.Timeout;
  private readonly now: () => number;

  constructor(readonly options: HttpGatewayOptions) {
    this.now = options.now ?? Date.now;
    const idleMs = options.idleMs ?? GATEWAY_SESSION_IDLE_MS;
    this.sweeper = setInterval(() => void this.settleIdle(idleMs), Math.min(60_000, idleMs));
    this.sweeper.unref();
  }

  /** Serves one POST (already authenticated); `body` is the parsed JSON-RPC message or batch. */
  async handlePost(request: Request, caller: Caller, body: unknown): Promise<Response> {
    const initializing = clientNameOf(body);
    const sessionId = initializing !== null ? randomUUID() : request.headers.get("mcp-session-id");
    const session = this.session(caller, sessionId, initializing);
    // Connect the upstreams first, so the run's gateway.session event shows their real states.
    if (initializing !== null) void this.options.upstreams.catalog().finally(() => session.open());
    const server = createGatewayServer({
      database: this.options.database,
      upstreams: this.options.upstreams,
      quarantine: this.options.quarantine,
      session,
      log,
      pinCache: this.pinCache,
    });
    const transport = new WebStandardStreamableHTTPServerTransport({
      // Only an initialize answer carries a session id; every other request is handled statelessly.
      sessionIdGenerator: initializing !== null ? () => sessionId! : undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request, { parsedBody: body });
    } finally {
      await server.close();
    }
  }

  /** Settles the session named by the `Mcp-Session-Id` header (DELETE). */
  async endSession(request: Request, caller: Caller): Promise<boolean> {
    const sessionId = request.headers.get("mcp-session-id");
    if (!sessionId) return false;
    const key = `${callerKey(caller)}:${sessionId}`;
    const session = this.sessions.get(key);
    if (!session) return false;
    this.sessions.delete(key);
    await session.settle("succeeded");
    return true;
  }

  /** Settles every session and ends the upstreams (tests, shutdown). */
  async close(): Promise<void> {
    clearInterval(this.sweeper);
    const sessions = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(sessions.map((session) => session.settle("succeeded")));
    await this.options.upstreams.close();
  }

  /** The open sessions' run ids (tests). */
  sessionRuns(): Array<string | null> {
    return [...this.sessions.values()].map((session) => session.runId);
  }

  private session(caller: Caller, sessionId: string | null, clientName: string | null): GatewaySession {
    const key = `${callerKey(caller)}:${sessionId ?? "default"}`;
    let session = this.sessions.get(key);
    if (!session) {
      session = new GatewaySession({
        database: this.options.database,
        identity: identityOf(caller),
        clientName:
          clientName ?? (sessionId ? `unknown client (session ${sessionId.slice(0, 8)})` : "unknown client"),
        servers: () =>
          this.options.upstreams.statuses().map(({ name, status, tools }) => ({ name, status, tools })),
        transport: "http",
        log,
        now: this.now,
      });
      this.sessions.set(key, session);
    }
    return session;
  }

  private async settleIdle(idleMs: number): Promise<void> {
    const cutoff = this.now() - idleMs;
    for (const [key, session] of this.sessions)
      if (session.lastActivity < cutoff) {
        this.sessions.delete(key);
        await session.settle("succeeded");
      }
  }
}

const globalForGateway = globalThis as unknown as {
  keelHttpGateway?: { configPath: string; gateway: Promise<HttpGateway> };
};

/**
 * The process-wide gateway for `database`, configured by KEEL_MCP_GATEWAY_CONFIG. Throws
 * GatewayUnavailableError (not cached) when the variable is unset or the file is invalid.
 */
export async function processHttpGateway(database: Database): Promise<HttpGateway> {
  const configPath = process.env.KEEL_MCP_GATEWAY_CONFIG?.trim() ?? "";
  if (configPath === "")
    throw new GatewayUnavailableError(
      "The MCP gateway is not configured on this server: set KEEL_MCP_GATEWAY_CONFIG to the upstream configuration file (see docs/mcp-gateway.md).",
    );
  const existing = globalForGateway.keelHttpGateway;
  if (existing && existing.configPath === configPath) return existing.gateway;
  const gateway = (async () => {
    let config: Awaited<ReturnType<typeof loadMcpConfig>>;
    try {
      config = await loadMcpConfig(configPath);
    } catch (error) {
      throw new GatewayUnavailableError(
        `The MCP gateway's configuration cannot be used: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const idle = Number(process.env.KEEL_MCP_GATEWAY_IDLE_MS);
    return new HttpGateway({
      database,
      upstreams: new GatewayUpstreams(config, { log }),
      quarantine: processQuarantineSwitch(database),
      ...(Number.isInteger(idle) && idle >= 1_000 ? { idleMs: idle } : {}),
    });
  })();
  globalForGateway.keelHttpGateway = { configPath, gateway };
  gateway.catch(() => {
    if (globalForGateway.keelHttpGateway?.gateway === gateway) globalForGateway.keelHttpGateway = undefined;
  });
  return gateway;
}

/** Closes the process-wide gateway (tests and shutdown). */
export async function stopProcessHttpGateway(): Promise<void> {
  const existing = globalForGateway.keelHttpGateway;
  globalForGateway.keelHttpGateway = undefined;
  const gateway = await existing?.gateway.catch(() => null);
  await gateway?.close();
}
