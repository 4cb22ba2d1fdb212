/**
 * One long-lived upstream MCP server for the MCP gateway (lib/mcp-gateway): connects on demand, lists
 * its tools as raw definitions, and forwards `tools/call` returning the upstream's result unchanged (a
 * loose parse, so image, audio and resource parts keep every byte and unknown key).
 *
 * Restart policy: when a connection is lost (a stdio child exits or crashes, an HTTP upstream stops
 * answering) the client is dropped and the next connection attempt waits a backoff delay: 500 ms,
 * doubling per consecutive failure up to 30 s; a connection that stayed up 30 s resets the count. A
 * stdio upstream is restarted proactively after that delay (so it is ready for the next call); an HTTP
 * upstream is reconnected on the next use. A call or listing that arrives while a restart is pending
 * waits for it (at most the connect timeout, then the call gets its full call timeout).
 *
 * Failure policy: nothing here throws anything but McpUpstreamError (reason + a message naming the
 * server), and nothing logs arguments, URLs, headers or environment values.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { Logger } from "@/lib/log/logger";
import { nextPollDelay } from "@/lib/settings/poll-delay";
import {
  createTransport,
  listAllTools,
  type ToolDefinition,
  toolDefinitionSchema,
} from "./connect-mcp-servers";
import { ManagedStdioTransport } from "./managed-stdio-transport";
import type { McpServerConfig } from "./mcp-config";

/** Why an upstream request failed. */
export type McpUpstreamFailure = "timeout" | "connection_closed" | "unavailable" | "refused" | "cancelled";

/** Thrown by McpUpstream for every failure; `message` is written for the MCP client and the run log. */
export class McpUpstreamError extends Error {
  constructor(
    readonly server: string,
    readonly reason: McpUpstreamFailure,
    message: string,
    /** The upstream's JSON-RPC error code, for `refused`. */
    readonly code?: number,
  ) {
    super(message);
    this.name = "McpUpstreamError";
  }
}

/** A `tools/call` result as the upstream sent it (loosely checked). */
export const upstreamCallResultSchema = z.looseObject({
  content: z.array(z.looseObject({ type: z.string() })).default([]),
  structuredContent: z.record(z.string(), z.unknown()).optional(),
  isError: z.boolean().optional(),
});
export type UpstreamCallResult = z.infer<typeof upstreamCallResultSchema>;

export interface McpUpstreamOptions {
  connectTimeoutMs: number;
  callTimeoutMs: number;
  log?: Pick<Logger, "info" | "warn">;
  /** First restart delay (default 500 ms); doubles per consecutive failure. */
  restartBaseMs?: number;
  /** Longest restart delay (default 30 s). */
  restartMaxMs?: number;
  /** A connection that lived this long resets the failure count (default 30 s). */
  stableAfterMs?: number;
  now?: () => number;
}

/** What the gateway reports about an upstream (gateway.session event, logs). */
export interface McpUpstreamStatus {
  name: string;
  status: "connected" | "restarting" | "failed" | "idle" | "closed";
  error?: string;
  tools: number;
}

const silentLog: Pick<Logger, "info" | "warn"> = { info: () => {}, warn: () => {} };

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class McpUpstream {
  readonly name: string;
  private client: Client | null = null;
  private connecting: Promise<Client> | null = null;
  private failures = 0;
  private retryAt = 0;
  private connectedAt = 0;
  private lastError: string | null = null;
  private restartTimer: NodeJS.Timeout | null = null;
  private definitions: ToolDefinition[] = [];
  private closed = false;
  private readonly log: Pick<Logger, "info" | "warn">;
  private readonly now: () => number;

  constructor(
    readonly config: McpServerConfig,
    private readonly options: McpUpstreamOptions,
  ) {
    this.name = config.name;
    this.log = options.log ?? silentLog;
    this.now = options.now ?? Date.now;
  }

  /** The upstream's state and the number of tools it listed last. */
  status(): McpUpstreamStatus {
    const status = this.closed
      ? "closed"
      : this.client
        ? "connected"
        : this.failures > 0
          ? this.config.transport === "stdio" && this.lastError !== null
            ? "restarting"
            : "failed"
          : "idle";
    return {
      name: this.name,
      status,
      ...(this.lastError !== null && !this.client ? { error: this.lastError } : {}),
      tools: this.definitions.length,
    };
  }

  /** The tool definitions of the last successful listing. */
  lastTools(): readonly ToolDefinition[] {
    return this.definitions;
  }

  /** Lists the upstream's tools now (connecting first if needed). Invalid definitions are skipped. */
  async listTools(signal?: AbortSignal): Promise<ToolDefinition[]> {
    const deadline = this.now() + this.options.connectTimeoutMs;
    const client = await this.ready(deadline, signal);
    let raw: unknown[];
    try {
      raw = await listAllTools(
        client,
        signal ?? new AbortController().signal,
        Math.max(1, deadline - this.now()),
      );
    } catch (error) {
      throw this.requestFailure(client, error, this.options.connectTimeoutMs, signal, "list its tools");
    }
    const valid: ToolDefinition[] = [];
    for (const candidate of raw) {
      const parsed = toolDefinitionSchema.safeParse(candidate);
      if (parsed.success) valid.push(parsed.data);
      else this.log.warn("mcp gateway: upstream tool skipped (invalid definition)", { server: this.name });
    }
    this.definitions = valid;
    return valid;
  }

  /** Calls `tool` with `args`; resolves to the upstream's result (isError results included). */
  async callTool(
    tool: string,
    args: Record<string, unknown>,
    options: { signal?: AbortSignal; timeoutMs?: number } = {},
  ): Promise<UpstreamCallResult> {
    const timeoutMs = options.timeoutMs ?? this.options.callTimeoutMs;
    // Waiting for a (re)start has the connect budget; the call itself then gets its full timeout.
    const client = await this.ready(this.now() + this.options.connectTimeoutMs, options.signal);
    const deadline = this.now() + timeoutMs;
    try {
      return await client.request(
        { method: "tools/call", params: { name: tool, arguments: args } },
        upstreamCallResultSchema,
        { signal: options.signal, timeout: Math.max(1, deadline - this.now()) },
      );
    } catch (error) {
      throw this.requestFailure(client, error, timeoutMs, options.signal, `answer ${tool}`);
    }
  }

  /** Ends the connection (and the child process) for good. Idempotent; never rejects. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = null;
    const client = this.client ?? (await this.connecting?.catch(() => null)) ?? null;
    this.client = null;
    await client?.close().catch(() => {});
  }

  /** A connected client, waiting for a pending restart (within `deadline`) or connecting now. */
  private async ready(deadline: number, signal?: AbortSignal): Promise<Client> {
    if (this.closed)
      throw new McpUpstreamError(this.name, "unavailable", `Upstream "${this.name}" is closed.`);
    if (this.client) return this.client;
    if (!this.connecting) {
      const wait = this.retryAt - this.now();
      if (wait > 0) {
        if (this.now() + wait >= deadline)
          throw new McpUpstreamError(
            this.name,
            "unavailable",
            `Upstream "${this.name}" is unavailable (${this.lastError ?? "not connected"}); the next attempt is in ${Math.ceil(wait / 1000)} s.`,
          );
        await sleep(wait);
        if (signal?.aborted) throw new McpUpstreamError(this.name, "cancelled", "The call was cancelled.");
        if (this.client) return this.client;
      }
      this.connecting ??= this.connect().finally(() => {
        this.connecting = null;
      });
    }
    return this.connecting;
  }

  private async connect(): Promise<Client> {
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = null;
    const client = new Client({ name: "keel-mcp-gateway", version: "0.1.0" });
    const transport = createTransport(this.config);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.options.connectTimeoutMs);
    try {
      await client.connect(transport, { signal: controller.signal, timeout: this.options.connectTimeoutMs });
    } catch (error) {
      await client.close().catch(() => {});
      const tail = transport instanceof ManagedStdioTransport ? transport.stderrTail() : [];
      const reason = controller.signal.aborted
        ? `did not connect within ${this.options.connectTimeoutMs} ms`
        : errorMessage(error);
      this.noteFailure(`${reason}${tail.length > 0 ? ` (stderr: ${tail.join(" | ")})` : ""}`);
      throw new McpUpstreamError(
        this.name,
        "unavailable",
        `Upstream "${this.name}" could not be started or reached: ${this.lastError}`,
      );
    } finally {
      clearTimeout(timer);
    }
    if (this.closed) {
      await client.close().catch(() => {});
      throw new McpUpstreamError(this.name, "unavailable", `Upstream "${this.name}" is closed.`);
    }
    client.onclose = () => {
      if (this.client !== client || this.closed) return;
      this.client = null;
      this.noteFailure("the connection was lost (the server exited or crashed)");
    };
    this.client = client;
    this.connectedAt = this.now();
    this.lastError = null;
    this.log.info("mcp gateway: upstream connected", { server: this.name, transport: this.config.transport });
    return client;
  }

  /** Counts a failure, sets the backoff, and (stdio) schedules the restart. */
  private noteFailure(reason: string): void {
    if (this.connectedAt > 0 && this.now() - this.connectedAt >= (this.options.stableAfterMs ?? 30_000))
      this.failures = 0;
    this.connectedAt = 0;
    const delay = nextPollDelay(this.failures, {
      baseMs: this.options.restartBaseMs ?? 500,
      maxMs: this.options.restartMaxMs ?? 30_000,
    });
    this.failures += 1;
    this.lastError = reason;
    this.retryAt = this.now() + delay;
    this.log.warn("mcp gateway: upstream failed; retrying with backoff", {
      server: this.name,
      failures: this.failures,
      retryInMs: delay,
      error: reason,
    });
    if (this.config.transport !== "stdio" || this.closed) return;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      if (this.closed || this.client || this.connecting) return;
      this.connecting = this.connect().finally(() => {
        this.connecting = null;
      });
      this.connecting.catch(() => {}); // noteFailure scheduled the next attempt
    }, delay);
    this.restartTimer.unref();
  }

  /** Maps a failed request to McpUpstreamError; a broken connection drops the client. */
  private requestFailure(
    client: Client,
    error: unknown,
    timeoutMs: number,
    signal: AbortSignal | undefined,
    what: string,
  ): McpUpstreamError {
    if (signal?.aborted) return new McpUpstreamError(this.name, "cancelled", "The call was cancelled.");
    if (error instanceof McpError) {
      if (error.code === ErrorCode.RequestTimeout)
        return new McpUpstreamError(
          this.name,
          "timeout",
          `Upstream "${this.name}" did not ${what} within ${timeoutMs} ms.`,
        );
      if (error.code === ErrorCode.ConnectionClosed)
        return new McpUpstreamError(
          this.name,
          "connection_closed",
          `The connection to upstream "${this.name}" was lost during the request (the server exited or crashed); the gateway restarts it.`,
        );
      return new McpUpstreamError(
        this.name,
        "refused",
        `Upstream "${this.name}" refused the request: ${error.message}`,
        error.code,
      );
    }
    // A transport failure (HTTP upstream down, broken pipe): reconnect on next use, after the backoff.
    if (this.client === client) {
      this.client = null;
      void client.close().catch(() => {});
      this.noteFailure(errorMessage(error));
    }
    return new McpUpstreamError(
      this.name,
      "unavailable",
      `Upstream "${this.name}" could not be reached: ${errorMessage(error)}`,
    );
  }
}
