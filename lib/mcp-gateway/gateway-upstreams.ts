/**
 * The gateway's upstream MCP servers (one McpUpstream per configured server, shared by every client
 * session of the process) and the client-facing catalog: the union of their tools, named
 * `mcp__<server>__<tool>` with the agent runtime's namespacing (mcp-tool-name.ts), or by their own
 * names when the file says `"unprefixed": true` (one server only).
 *
 * Failure policy: a server that cannot be listed is reported in `servers` and contributes no tools;
 * the others still work. `catalog()` never rejects.
 */

import type { Logger } from "@/lib/log/logger";
import type { McpConfig } from "@/lib/mcp-client";
import type { ToolDefinition } from "@/lib/mcp-client/connect-mcp-servers";
import {
  MCP_DEFAULT_CALL_TIMEOUT_MS,
  MCP_DEFAULT_CONNECT_TIMEOUT_MS,
} from "@/lib/mcp-client/connect-mcp-servers";
import { namespacedToolName } from "@/lib/mcp-client/mcp-tool-name";
import { McpUpstream, type McpUpstreamOptions, type McpUpstreamStatus } from "@/lib/mcp-client/mcp-upstream";

/** One client-facing tool and where it comes from. */
export interface CatalogEntry {
  /** The name the client sees and calls. */
  name: string;
  server: string;
  definition: ToolDefinition;
}

export interface GatewayCatalog {
  entries: CatalogEntry[];
  servers: McpUpstreamStatus[];
}

/**
 * Client-facing names for the listed tools, in configuration order then listing order (so names are
 * stable while the upstreams list the same tools). Pure.
 */
export function buildCatalogEntries(
  listings: ReadonlyArray<{ server: string; tools: readonly ToolDefinition[] }>,
  unprefixed: boolean,
): CatalogEntry[] {
  const used = new Set<string>();
  const entries: CatalogEntry[] = [];
  for (const listing of listings)
    for (const definition of listing.tools) {
      let name: string;
      if (unprefixed && !used.has(definition.name)) {
        name = definition.name;
        used.add(name);
      } else name = namespacedToolName(listing.server, definition.name, used);
      entries.push({ name, server: listing.server, definition });
    }
  return entries;
}

export interface GatewayUpstreamsOptions {
  log?: Pick<Logger, "info" | "warn">;
  /** Overrides of the restart backoff (tests). */
  restart?: Pick<McpUpstreamOptions, "restartBaseMs" | "restartMaxMs" | "stableAfterMs">;
}

export class GatewayUpstreams {
  readonly upstreams: McpUpstream[];
  readonly callTimeoutMs: number;
  private lastEntries: CatalogEntry[] = [];

  constructor(
    readonly config: McpConfig,
    options: GatewayUpstreamsOptions = {},
  ) {
    this.callTimeoutMs = config.callTimeoutMs ?? MCP_DEFAULT_CALL_TIMEOUT_MS;
    this.upstreams = config.servers.map(
      (server) =>
        new McpUpstream(server, {
          connectTimeoutMs: config.connectTimeoutMs ?? MCP_DEFAULT_CONNECT_TIMEOUT_MS,
          callTimeoutMs: this.callTimeoutMs,
          log: options.log,
          ...options.restart,
        }),
    );
  }

  /** The upstream named `server`. */
  upstream(server: string): McpUpstream | undefined {
    return this.upstreams.find((upstream) => upstream.name === server);
  }

  /** Every upstream's state. */
  statuses(): McpUpstreamStatus[] {
    return this.upstreams.map((upstream) => upstream.status());
  }

  /** Lists every upstream now (in parallel) and returns the catalog. Never rejects. */
  async catalog(signal?: AbortSignal): Promise<GatewayCatalog> {
    const listings = await Promise.all(
      this.upstreams.map(async (upstream) => ({
        server: upstream.name,
        tools: await upstream.listTools(signal).catch(() => [] as ToolDefinition[]),
      })),
    );
    this.lastEntries = buildCatalogEntries(listings, this.config.unprefixed === true);
    return { entries: this.lastEntries, servers: this.statuses() };
  }

  /** The entry for a client-facing name from the last catalog, re-listing once when it is unknown. */
  async resolve(name: string, signal?: AbortSignal): Promise<CatalogEntry | undefined> {
    const known = this.lastEntries.find((entry) => entry.name === name);
    if (known) return known;
    const { entries } = await this.catalog(signal);
    return entries.find((entry) => entry.name === name);
  }

  /** Ends every upstream (child processes included). Idempotent. */
  async close(): Promise<void> {
    await Promise.all(this.upstreams.map((upstream) => upstream.close()));
  }
}
