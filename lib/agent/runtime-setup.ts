/**
 * What the agent runtime runs runs with, assembled from the environment at start:
 *   - the models (KEEL_MODEL / KEEL_UTILITY_MODEL; unset = the scripted demo model, served here as a
 *     real OpenAI-compatible HTTP endpoint on 127.0.0.1);
 *   - the tools of each run: the built-in catalog (agent_todo_update, web_fetch), the demo tools when
 *     the demo model runs, and the tools of the MCP servers in KEEL_MCP_SERVERS.
 * A bad model spec, a missing credential or a bad MCP file throws with a message meant for the operator
 * (the runtime stops at start); an MCP server that cannot be reached is reported and skipped.
 */
import { createDemoTools, type DemoModelServer, startDemoModelServer } from "@/lib/agent/demo";
import { resolveRuntimeModels, runtimeModelSpecs, usesDemoModel } from "@/lib/agent/providers";
import { createBuiltinTools, createTodoStore, type WebFetchOptions } from "@/lib/agent/tools/builtin";
import type { Logger } from "@/lib/log/logger";
import { connectMcpServers, loadMcpConfigFromEnv, type McpConnection } from "@/lib/mcp-client";
import type { RunModels, RunToolset } from "@/lib/runs/run-executor";

export interface RuntimeSetup {
  models: RunModels;
  demo: boolean;
  /** The tools of one run and its plan store (the todo gate of run finalization reads it). */
  createTools(runId: string): RunToolset;
  close(): Promise<void>;
}

function webFetchOptionsFromEnv(env: Record<string, string | undefined>): WebFetchOptions {
  const allowHosts = (env.KEEL_WEB_FETCH_ALLOW_HOSTS ?? "")
    .split(",")
    .map((host) => host.trim())
    .filter(Boolean);
  return { allowHosts };
}

export async function setUpRuntime(
  env: Record<string, string | undefined>,
  log: Logger,
): Promise<RuntimeSetup> {
  const specs = runtimeModelSpecs(env);
  const mcpConfig = await loadMcpConfigFromEnv(env);
  let demoServer: DemoModelServer | null = null;
  let mcp: McpConnection | null = null;
  try {
    if (usesDemoModel(specs)) {
      demoServer = await startDemoModelServer();
      log.info("no KEEL_MODEL set: serving the scripted demo model", { url: demoServer.url });
    }
    const resolved = resolveRuntimeModels(env, demoServer ? { demoBaseUrl: demoServer.url } : {});
    if (mcpConfig.servers.length > 0) {
      mcp = await connectMcpServers(mcpConfig, { log });
      for (const server of mcp.servers)
        if (server.status === "failed")
          log.warn("MCP server unavailable; its tools are left out", { ...server });
        else log.info("MCP server connected", { ...server });
    }
    const webFetch = webFetchOptionsFromEnv(env);
    if (demoServer) webFetch.allowHosts = [...(webFetch.allowHosts ?? []), demoServer.pagesOrigin];
    const extraTools = [...(demoServer ? createDemoTools() : []), ...(mcp?.tools ?? [])];
    const server = demoServer;
    const connection = mcp;
    return {
      models: {
        main: resolved.main.model,
        utility: resolved.utility.model,
        label:
          resolved.utility === resolved.main
            ? resolved.main.label
            : `${resolved.main.label} (utility: ${resolved.utility.label})`,
      },
      demo: server !== null,
      createTools: (runId) => {
        const todo = createTodoStore();
        return { tools: createBuiltinTools({ runId, todo, webFetch, extraTools }), todo };
      },
      async close() {
        await connection?.close();
        await server?.close();
      },
    };
  } catch (error) {
    await mcp?.close();
    await demoServer?.close();
    throw error;
  }
}
