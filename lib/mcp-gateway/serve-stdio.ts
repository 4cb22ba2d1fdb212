/**
 * `npm run keel -- mcp-gateway --config <file>`: the MCP gateway on stdin/stdout for one local client
 * (Claude Code, Cursor, Codex, ...). The agent key comes from KEEL_AGENT_KEY (an agent key with the
 * runs:write scope), the upstreams from the config file (mcp-config.ts), the quarantine switch from
 * the settings row: read at start, re-read every 5 s and at once on the settings NOTIFY, like the agent
 * runtime. The whole client connection is one gateway run. stdout carries the protocol: keel.ts keeps
 * logs at warn level (stderr). Resolves when the client disconnects, after the run is settled and
 * every upstream child process has ended.
 */
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { authenticateBearer } from "@/lib/auth/api-keys";
import type { Database } from "@/lib/db/client";
import { createLogger, errorFields } from "@/lib/log/logger";
import { loadMcpConfig } from "@/lib/mcp-client";
import { RuntimeFlagPoller } from "@/lib/settings/flag-poller";
import { loadAppSettingsRuntimeFlags } from "@/lib/settings/runtime-flags";
import { SettingsListener } from "@/lib/settings/settings-listener";
import { createGatewayServer } from "./gateway-server";
import { GatewaySession } from "./gateway-session";
import { GatewayUpstreams, type GatewayUpstreamsOptions } from "./gateway-upstreams";
import { PinVerdictCache } from "./tool-pins";

/** Thrown when KEEL_AGENT_KEY is missing, unknown, revoked, or lacks runs:write. */
export class GatewayAgentKeyError extends Error {}

export interface ServeGatewayOverStdioOptions {
  database: Database;
  /** For the settings LISTEN connection; null polls only. */
  connectionString: string | null;
  configPath: string;
  agentKey: string | undefined;
  /** Settings poll interval (default 5 s). */
  pollMs?: number;
  restart?: GatewayUpstreamsOptions["restart"];
}

/** Serves the gateway on stdin/stdout until the client disconnects. Throws on a bad key or config. */
export async function serveGatewayOverStdio(options: ServeGatewayOverStdioOptions): Promise<void> {
  const { database, agentKey } = options;
  if (!agentKey)
    throw new GatewayAgentKeyError("Set KEEL_AGENT_KEY to an agent API key with the runs:write scope.");
  const identity = await authenticateBearer(database, agentKey);
  if (identity?.kind !== "agent")
    throw new GatewayAgentKeyError(
      "KEEL_AGENT_KEY is not a valid agent API key (unknown, malformed or revoked).",
    );
  if (!identity.scopes.includes("runs:write"))
    throw new GatewayAgentKeyError("KEEL_AGENT_KEY lacks the runs:write scope.");
  const config = await loadMcpConfig(options.configPath);
  const log = createLogger({ component: "mcp-gateway" });

  const poller = new RuntimeFlagPoller({
    load: () => loadAppSettingsRuntimeFlags(database),
    baseIntervalMs: options.pollMs ?? 5_000,
    onError: (error, failures) =>
      log.warn("reading the quarantine switch failed; keeping the last good value", {
        failures,
        ...errorFields(error),
      }),
  });
  const listener =
    options.connectionString && process.env.KEEL_SETTINGS_NOTIFY !== "off"
      ? new SettingsListener({
          connectionString: options.connectionString,
          onChange: () => void poller.reloadNow(),
        })
      : null;
  const upstreams = new GatewayUpstreams(config, { log, restart: options.restart });
  const session = new GatewaySession({
    database,
    identity: {
      createdBy: `agent:${identity.agentName}`,
      apiKeyId: identity.keyId,
      agentName: identity.agentName,
    },
    clientName: "unknown",
    servers: () => upstreams.statuses().map(({ name, status, tools }) => ({ name, status, tools })),
    transport: "stdio",
    log,
  });
  const server = createGatewayServer({
    database,
    upstreams,
    quarantine: { enabled: async () => poller.current().toolResultQuarantineEnabled },
    session,
    log,
    pinCache: new PinVerdictCache(),
  });
  server.oninitialized = () => {
    const client = server.getClientVersion();
    session.clientName = client ? `${client.name} ${client.version}`.trim() : "unknown";
    void session.open();
  };

  await poller.start();
  await listener?.start();
  // Start the upstreams before serving, so the first tools/list does not wait for child processes.
  await upstreams.catalog();

  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.once("end", () => resolve());
  });
  await server.connect(transport);
  await closed;
  await server.close().catch(() => {});
  await session.settle("succeeded");
  poller.stop();
  await listener?.stop();
  await upstreams.close();
}
