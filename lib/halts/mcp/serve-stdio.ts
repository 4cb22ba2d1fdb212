/**
 * `npm run keel -- mcp`: the halt tools over MCP stdio for a local agent. The agent key comes from
 * KEEL_AGENT_KEY and is checked like a bearer token (it needs the halts:write scope). stdout carries
 * the protocol, so the caller must keep logs off stdout (keel.ts sets KEEL_LOG_LEVEL=warn, which logs to
 * stderr). Resolves when the client closes the connection.
 */
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { authenticateBearer } from "@/lib/auth/api-keys";
import type { Database } from "@/lib/db/client";
import { HaltConfigCache, loadHaltConditionConfig } from "../service";
import { createHaltToolsServer } from "./halt-tools-server";

/** Thrown when KEEL_AGENT_KEY is missing, unknown, revoked, or lacks halts:write. */
export class AgentKeyRejectedError extends Error {}

/** Serves the halt tools on stdin/stdout until the client disconnects. */
export async function serveHaltToolsOverStdio(
  database: Database,
  agentKey: string | undefined,
): Promise<void> {
  if (!agentKey)
    throw new AgentKeyRejectedError("Set KEEL_AGENT_KEY to an agent API key with the halts:write scope.");
  const identity = await authenticateBearer(database, agentKey);
  if (identity?.kind !== "agent")
    throw new AgentKeyRejectedError(
      "KEEL_AGENT_KEY is not a valid agent API key (unknown, malformed or revoked).",
    );
  if (!identity.scopes.includes("halts:write"))
    throw new AgentKeyRejectedError("KEEL_AGENT_KEY lacks the halts:write scope.");
  const server = createHaltToolsServer({
    database,
    caller: { kind: "agent", keyId: identity.keyId, agentName: identity.agentName, scopes: identity.scopes },
    // One process, no LISTEN connection: the 60 s TTL bounds how stale the configuration can be.
    config: new HaltConfigCache(() => loadHaltConditionConfig(database)),
  });
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.once("end", () => resolve());
  });
  await server.connect(transport);
  await closed;
  await server.close();
}
