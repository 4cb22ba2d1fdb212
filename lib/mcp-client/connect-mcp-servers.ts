/**
 * Connects the configured MCP servers and exposes their tools as AgentTools.
 *
 * Contract: `connectMcpServers(config, options)` connects every server in parallel (stdio through
 * StdioClientTransport, HTTP through StreamableHTTPClientTransport), lists its tools page by page
 * (`nextCursor`), and resolves to `{ tools, servers, close }`. Tool names are `mcp__<server>__<tool>`
 * (mcp-tool-name.ts); `annotations` are the server's annotations plus any `x-claw.*` keys of the tool's
 * `_meta`, copied unchanged (the loop interprets them). `close()` closes every client and ends every
 * child process; it is idempotent.
 *
 * Failure policy: a server that cannot start, connect or list its tools within `timeoutMs` is reported
 * as `failed` (with the reason and the tail of its stderr) and skipped; the others still work;
 * connectMcpServers never rejects because of one server. A tool with an invalid definition is skipped
 * with a warning. A call never throws: `isError` results become `mcp_tool_error`, JSON-RPC errors from
 * the server `mcp_tool_error`, timeouts, cancellation and lost connections `mcp_unavailable`.
 * Logs name servers and tools only, never arguments, URLs, headers or environment values.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { Logger } from "@/lib/log/logger";
import { type AgentTool, type ToolCallContext, type ToolOutcome, toolError } from "@/lib/tools/agent-tool";
import { ManagedStdioTransport } from "./managed-stdio-transport";
import type { McpConfig, McpServerConfig } from "./mcp-config";
import { namespacedToolName } from "./mcp-tool-name";
import { type McpCallResult, mcpResultToOutcome } from "./mcp-tool-result";

/** Default time for one server to start, initialise and list its tools. */
export const MCP_DEFAULT_CONNECT_TIMEOUT_MS = 20_000;
/** Default time one tool call may take. */
export const MCP_DEFAULT_CALL_TIMEOUT_MS = 60_000;
/** At most this many `tools/list` pages are read from one server. */
const MAX_TOOL_PAGES = 100;

export interface ConnectMcpServersOptions {
  log?: Pick<Logger, "info" | "warn">;
  /** Per server: start, initialise and list tools. Default 20 s. */
  timeoutMs?: number;
  /** Per tool call. Default 60 s. */
  callTimeoutMs?: number;
}

/** How one configured server fared. */
export interface McpServerStatus {
  name: string;
  status: "connected" | "failed";
  error?: string;
  toolCount: number;
}

export interface McpConnection {
  tools: AgentTool[];
  servers: McpServerStatus[];
  /** Closes every client (ending stdio child processes). Idempotent; never rejects. */
  close(): Promise<void>;
}

// Looser than the SDK's ListToolsResult: its annotations schema drops unknown keys such as
// `x-claw.terminalOnSuccess`, which Keel must carry unchanged.
const listToolsPageSchema = z.looseObject({
  tools: z.array(z.unknown()),
  nextCursor: z.string().optional(),
});
/** One upstream tool definition as listed (loose: unknown keys, `x-claw.*` annotations kept). */
export const toolDefinitionSchema = z.looseObject({
  name: z.string().min(1),
  title: z.string().optional(),
  description: z.string().optional(),
  inputSchema: z.looseObject({ type: z.literal("object") }),
  annotations: z.record(z.string(), z.unknown()).optional(),
  _meta: z.record(z.string(), z.unknown()).optional(),
});
export type ToolDefinition = z.infer<typeof toolDefinitionSchema>;

const silentLog: Pick<Logger, "info" | "warn"> = { info: () => {}, warn: () => {} };

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Rejects after `ms` (and aborts `controller`) unless `promise` settles first. */
function withDeadline<T>(promise: Promise<T>, ms: number, controller: AbortController): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`did not connect and list its tools within ${ms} ms`);
      controller.abort(error);
      reject(error);
    }, ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** The client transport for `server`: streamable HTTP, or a ManagedStdioTransport child process. */
export function createTransport(server: McpServerConfig): Transport {
  if (server.transport === "http")
    return new StreamableHTTPClientTransport(new URL(server.url), {
      requestInit: server.headers ? { headers: server.headers } : undefined,
    });
  return new ManagedStdioTransport({
    command: server.command,
    args: server.args,
    env: server.env,
    cwd: server.cwd,
  });
}

/** Every `tools/list` page of `client` (at most 100 pages; a repeated cursor ends the listing). */
export async function listAllTools(client: Client, signal: AbortSignal, timeout: number): Promise<unknown[]> {
  const tools: unknown[] = [];
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_TOOL_PAGES; page++) {
    const result = await client.request(
      { method: "tools/list", params: cursor === undefined ? {} : { cursor } },
      listToolsPageSchema,
      { signal, timeout },
    );
    tools.push(...result.tools);
    cursor = result.nextCursor;
    if (cursor === undefined || seenCursors.has(cursor)) break;
    seenCursors.add(cursor);
  }
  return tools;
}

/** Annotations as declared plus the `x-claw.*` keys of `_meta`; undefined when there are none. */
function collectAnnotations(definition: ToolDefinition): Record<string, unknown> | undefined {
  const annotations: Record<string, unknown> = { ...definition.annotations };
  for (const [key, value] of Object.entries(definition._meta ?? {}))
    if (key.startsWith("x-claw.")) annotations[key] = value;
  return Object.keys(annotations).length > 0 ? annotations : undefined;
}

function callFailure(error: unknown, context: ToolCallContext, callTimeoutMs: number): ToolOutcome {
  if (context.signal.aborted)
    return toolError("mcp_unavailable", "The call was cancelled because the run stopped.", undefined, {
      reason: "cancelled",
    });
  if (error instanceof McpError) {
    if (error.code === ErrorCode.RequestTimeout)
      return toolError("mcp_unavailable", `The MCP server did not answer within ${callTimeoutMs} ms.`, 504, {
        reason: "timeout",
      });
    if (error.code === ErrorCode.ConnectionClosed)
      return toolError("mcp_unavailable", "The connection to the MCP server was lost.", 503, {
        reason: "connection_closed",
      });
    return toolError("mcp_tool_error", `The MCP server refused the call: ${error.message}`, 502, {
      mcpCode: error.code,
    });
  }
  return toolError("mcp_unavailable", `The MCP server could not be reached: ${errorMessage(error)}`, 503, {
    reason: "transport",
  });
}

function createMcpAgentTool(
  server: McpServerConfig,
  client: Client,
  definition: ToolDefinition,
  name: string,
  callTimeoutMs: number,
): AgentTool {
  const { $schema: _ignored, ...inputSchema } = definition.inputSchema;
  const annotations = collectAnnotations(definition);
  return {
    name,
    description:
      definition.description ?? definition.title ?? `${definition.name} (MCP server ${server.name})`,
    inputSchema: inputSchema as AgentTool["inputSchema"],
    ...(annotations ? { annotations } : {}),
    source: `mcp:${server.name}`,
    async execute(args: unknown, context: ToolCallContext): Promise<ToolOutcome> {
      if (args !== undefined && (args === null || typeof args !== "object" || Array.isArray(args)))
        return toolError("invalid_arguments", `${name} takes a JSON object of arguments.`, 400);
      try {
        const result = await client.callTool(
          { name: definition.name, arguments: (args ?? {}) as Record<string, unknown> },
          undefined,
          { signal: context.signal, timeout: callTimeoutMs },
        );
        return mcpResultToOutcome(name, result as McpCallResult);
      } catch (error) {
        return callFailure(error, context, callTimeoutMs);
      }
    },
  };
}

type ServerAttempt =
  | { type: "connected"; server: McpServerConfig; client: Client; definitions: ToolDefinition[] }
  | { type: "failed"; server: McpServerConfig; error: string };

async function connectOne(
  server: McpServerConfig,
  timeoutMs: number,
  log: Pick<Logger, "info" | "warn">,
): Promise<ServerAttempt> {
  const client = new Client({ name: "keel-agent", version: "0.1.0" });
  const controller = new AbortController();
  const transport = createTransport(server);
  try {
    const definitions = await withDeadline(
      (async () => {
        await client.connect(transport, {
          signal: controller.signal,
          timeout: timeoutMs,
        });
        return listAllTools(client, controller.signal, timeoutMs);
      })(),
      timeoutMs,
      controller,
    );
    const valid: ToolDefinition[] = [];
    for (const candidate of definitions) {
      const parsed = toolDefinitionSchema.safeParse(candidate);
      if (parsed.success) valid.push(parsed.data);
      else
        log.warn("mcp tool skipped: invalid definition", {
          server: server.name,
          tool:
            typeof (candidate as { name?: unknown })?.name === "string"
              ? (candidate as { name: string }).name
              : null,
        });
    }
    return { type: "connected", server, client, definitions: valid };
  } catch (error) {
    // Ends a started child process for good (see managed-stdio-transport.ts).
    await client.close().catch(() => {});
    const stderrTail = transport instanceof ManagedStdioTransport ? transport.stderrTail() : [];
    const tail = stderrTail.length > 0 ? ` (stderr: ${stderrTail.join(" | ")})` : "";
    return { type: "failed", server, error: `${errorMessage(error)}${tail}` };
  }
}

/** Connects every configured server; see the module comment for the contract and failure policy. */
export async function connectMcpServers(
  config: McpConfig,
  options: ConnectMcpServersOptions = {},
): Promise<McpConnection> {
  const log = options.log ?? silentLog;
  const timeoutMs = options.timeoutMs ?? MCP_DEFAULT_CONNECT_TIMEOUT_MS;
  const callTimeoutMs = options.callTimeoutMs ?? MCP_DEFAULT_CALL_TIMEOUT_MS;
  const attempts = await Promise.all(config.servers.map((server) => connectOne(server, timeoutMs, log)));

  const tools: AgentTool[] = [];
  const servers: McpServerStatus[] = [];
  const clients: Client[] = [];
  const usedNames = new Set<string>();
  for (const attempt of attempts) {
    if (attempt.type === "failed") {
      log.warn("mcp server failed", { server: attempt.server.name, error: attempt.error });
      servers.push({ name: attempt.server.name, status: "failed", error: attempt.error, toolCount: 0 });
      continue;
    }
    clients.push(attempt.client);
    for (const definition of attempt.definitions) {
      const name = namespacedToolName(attempt.server.name, definition.name, usedNames);
      tools.push(createMcpAgentTool(attempt.server, attempt.client, definition, name, callTimeoutMs));
    }
    log.info("mcp server connected", {
      server: attempt.server.name,
      transport: attempt.server.transport,
      toolCount: attempt.definitions.length,
    });
    servers.push({ name: attempt.server.name, status: "connected", toolCount: attempt.definitions.length });
  }

  let closing: Promise<void> | undefined;
  return {
    tools,
    servers,
    close() {
      closing ??= Promise.all(clients.map((client) => client.close().catch(() => {}))).then(() => {});
      return closing;
    },
  };
}
