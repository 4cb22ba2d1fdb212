/**
 * The MCP gateway as an MCP server (the SDK's low-level Server), for one client session:
 *
 * tools/list  the union of the upstreams' tools (gateway-upstreams.ts), each definition scanned for
 *             instruction-shaped text (scan-tool-definition.ts) and reconciled with its pin
 *             (tool-pins.ts; a call reuses a verdict at most 2 s old). Flagged tools (a changed definition, or an instruction-shaped one at first
 *             sight) are WITHHELD until an operator approves them, and reported once per session as
 *             `gateway.tool_flagged`. Offered tools carry the scanned text when the switch is on.
 * tools/call  checks the pin (a flagged or never-listed tool is refused), calls the upstream within the
 *             call timeout, passes the result through quarantine-call-result.ts, and records
 *             `tool.start` / `tool.end` (step = call number). Upstream failures (timeout, crash, refusal,
 *             unreachable) come back as `isError` results whose text says what happened, plus an
 *             `upstream.error` event; an unknown tool name is a JSON-RPC InvalidParams error.
 *
 * Failure policy: nothing the upstream does can crash the session; a pin check that cannot reach the
 * database refuses the call (fail closed) and withholds that listing's tools; a quarantine that throws
 * withholds the result.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import type { Database } from "@/lib/db/client";
import type { GuardMode } from "@/lib/guards/guard-mode";
import type { Logger } from "@/lib/log/logger";
import type { ToolDefinition } from "@/lib/mcp-client/connect-mcp-servers";
import { McpUpstreamError } from "@/lib/mcp-client/mcp-upstream";
import type { RunEventData } from "@/lib/schemas/runs";
import { tracedEmit } from "@/lib/telemetry/run-events";
import { activeSpan } from "@/lib/telemetry/tracing";
import { argsText } from "@/lib/tools/tool-batch";
import type { GatewaySession } from "./gateway-session";
import type { CatalogEntry, GatewayUpstreams } from "./gateway-upstreams";
import { type GatewayCallResult, quarantineCallResult } from "./quarantine-call-result";
import type { QuarantineSwitch } from "./quarantine-switch";
import { scanToolDefinition } from "./scan-tool-definition";
import {
  findToolPin,
  type ObservedTool,
  type PinVerdict,
  PinVerdictCache,
  reconcileToolPins,
} from "./tool-pins";

/** Version the gateway reports to clients. */
export const GATEWAY_SERVER_INFO = { name: "keel-mcp-gateway", version: "0.1.0" } as const;

export interface GatewayServerDependencies {
  database: Database;
  upstreams: GatewayUpstreams;
  quarantine: QuarantineSwitch;
  session: GatewaySession;
  log: Pick<Logger, "info" | "warn">;
  /** Shared by the process's sessions; without one, every call reads its pin from the database. */
  pinCache?: PinVerdictCache;
}

/** Prefix of every result the gateway writes itself (refusals, upstream failures). */
export const GATEWAY_ERROR_PREFIX = "Keel MCP gateway: ";

const FAILURE_STATUS: Record<McpUpstreamError["reason"], number> = {
  timeout: 504,
  connection_closed: 503,
  unavailable: 503,
  refused: 502,
  cancelled: 499,
};

function withheldMessage(entry: { name: string }, reason: string | null): string {
  return `the tool ${entry.name} is withheld (${reason ?? "flagged"}): an operator must review and approve its definition in Keel's console (Admin > MCP tools) before it can be used.`;
}

/** A description for a tool without one, like the agent runtime's. */
function descriptionOf(definition: ToolDefinition, server: string): string {
  return definition.description ?? definition.title ?? `${definition.name} (MCP server ${server})`;
}

/** A listed tool as the pin service sees it. */
function observedTool(entry: CatalogEntry, instructionShaped?: boolean): ObservedTool {
  return {
    tool: entry.definition.name,
    description: entry.definition.description ?? "",
    inputSchema: entry.definition.inputSchema,
    instructionShaped: instructionShaped ?? scanToolDefinition(entry.definition).findings.length > 0,
  };
}

/** The tool as offered to the client, with the scanned text when the switch is on. */
function offeredTool(entry: CatalogEntry, scanned: ToolDefinition, rewrite: boolean): Tool {
  const source = rewrite ? scanned : entry.definition;
  const { name: _upstreamName, ...rest } = source;
  return { ...rest, name: entry.name, description: descriptionOf(source, entry.server) } as Tool;
}

/** A new MCP server for one client session; see the module comment. */
export function createGatewayServer(dependencies: GatewayServerDependencies): Server {
  const { database, upstreams, quarantine, session, log } = dependencies;
  const pinCache = dependencies.pinCache ?? new PinVerdictCache({ ttlMs: 0 });
  const server = new Server(GATEWAY_SERVER_INFO, {
    capabilities: { tools: {} },
    instructions:
      "Tools of other MCP servers, proxied by Keel. Tool results pass Keel's quarantine: instruction-shaped text is replaced by a marker, and results of web, mail and document tools start with an untrusted-data notice.",
  });

  const reportFlag = (entry: CatalogEntry, reason: string, previews: string[], hash: string) => {
    if (!session.firstReport(`${entry.server}\u0000${entry.definition.name}\u0000${hash}`)) return;
    log.warn("mcp gateway: tool flagged", { server: entry.server, tool: entry.definition.name, reason });
    void session.record({
      type: "gateway.tool_flagged",
      name: entry.name,
      server: entry.server,
      reason,
      previews,
    });
  };

  server.setRequestHandler(ListToolsRequestSchema, async (_request, extra) => {
    session.touch();
    const [enabled, catalog] = await Promise.all([quarantine.enabled(), upstreams.catalog(extra.signal)]);
    const scans = catalog.entries.map((entry) => scanToolDefinition(entry.definition));
    const verdicts = new Map<string, Map<string, PinVerdict>>();
    for (const status of catalog.servers) {
      const observed = catalog.entries.flatMap((entry, index) =>
        entry.server === status.name ? [observedTool(entry, scans[index]!.findings.length > 0)] : [],
      );
      if (observed.length === 0) continue;
      try {
        const reconciled = await reconcileToolPins(database, status.name, observed);
        for (const [tool, verdict] of reconciled) pinCache.set(status.name, tool, verdict);
        verdicts.set(status.name, reconciled);
      } catch (error) {
        log.warn("mcp gateway: pin check failed; withholding the server's tools", {
          server: status.name,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
    const tools: Tool[] = [];
    catalog.entries.forEach((entry, index) => {
      const verdict = verdicts.get(entry.server)?.get(entry.definition.name);
      if (!verdict) return;
      const scan = scans[index]!;
      const previews = scan.findings.map((finding) => `${finding.path}: ${finding.preview}`);
      if (verdict.status === "flagged") {
        reportFlag(entry, verdict.reason ?? "flagged", previews, verdict.definitionHash);
        return;
      }
      if (previews.length > 0)
        reportFlag(
          entry,
          `instruction-shaped description (${verdict.status}; offered with the text ${enabled ? "quarantined" : "unchanged: quarantine off"})`,
          previews,
          verdict.definitionHash,
        );
      tools.push(offeredTool(entry, scan.definition, enabled));
    });
    return { tools };
  });

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const name = request.params.name;
    const args = (request.params.arguments ?? {}) as Record<string, unknown>;
    const step = session.nextStep();
    const callId = `call-${step}`;
    const started = performance.now();
    const record = tracedEmit((event: RunEventData) => session.record(event), activeSpan());
    void record({ type: "tool.start", step, callId, name, args: argsText(args) });

    const finish = (
      result: GatewayCallResult,
      details: {
        ok: boolean;
        statusCode: number | null;
        classification: "external-content" | "system-authored" | "internal";
        quarantineEnabled: boolean;
        quarantinedSegments?: { count: number; previews: string[] };
        preambleAdded?: boolean;
        modelText: string;
      },
    ) => {
      void record({
        type: "tool.end",
        step,
        callId,
        name,
        ok: details.ok,
        statusCode: details.statusCode,
        classification: details.classification,
        quarantineEnabled: details.quarantineEnabled,
        quarantinedSegments: details.quarantinedSegments ?? { count: 0, previews: [] },
        preambleAdded: details.preambleAdded ?? false,
        modelText: details.modelText,
        durationMs: Math.round(performance.now() - started),
      });
      return result;
    };
    const refuse = (text: string, statusCode: number, enabled: boolean) => {
      const message = `${GATEWAY_ERROR_PREFIX}${text}`;
      return finish(
        { isError: true, content: [{ type: "text", text: message }] },
        {
          ok: false,
          statusCode,
          classification: "system-authored",
          quarantineEnabled: enabled,
          modelText: message,
        },
      );
    };

    // The quarantine's mode is read once per call, so the recorded switch and the scan always agree
    // (a switch flipped while the upstream answers applies from the next call on).
    const readMode = async (): Promise<GuardMode> =>
      (await quarantine.mode?.()) ?? ((await quarantine.enabled()) ? "on" : "off");
    const [mode, entry] = await Promise.all([readMode(), upstreams.resolve(name, extra.signal)]);
    const enabled = mode === "on";
    if (!entry) {
      refuse(`there is no tool named ${JSON.stringify(name)}.`, 404, enabled);
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
    }
    let pin: PinVerdict | undefined;
    try {
      // A tool this gateway never listed (the client skipped tools/list) is pinned now, scan included.
      pin =
        pinCache.get(entry.server, entry.definition.name) ??
        (await findToolPin(database, entry.server, entry.definition.name)) ??
        (await reconcileToolPins(database, entry.server, [observedTool(entry)])).get(entry.definition.name);
      if (pin) pinCache.set(entry.server, entry.definition.name, pin);
    } catch (error) {
      log.warn("mcp gateway: pin check failed; refusing the call", {
        server: entry.server,
        error: error instanceof Error ? error.message : String(error),
      });
      return refuse(
        `the tool ${name} cannot be checked right now (Keel's database is unreachable); try again shortly.`,
        503,
        enabled,
      );
    }
    if (!pin || pin.status === "flagged")
      return refuse(withheldMessage(entry, pin?.reason ?? null), 403, enabled);

    const upstream = upstreams.upstream(entry.server)!;
    let upstreamResult: GatewayCallResult;
    try {
      upstreamResult = (await upstream.callTool(entry.definition.name, args, {
        signal: extra.signal,
      })) as GatewayCallResult;
    } catch (error) {
      const failure =
        error instanceof McpUpstreamError
          ? error
          : new McpUpstreamError(
              entry.server,
              "unavailable",
              `Upstream "${entry.server}" failed: ${String(error)}`,
            );
      void record({
        type: "upstream.error",
        step,
        source: `mcp:${entry.server}`,
        status: failure.code ?? null,
        message: failure.message,
      });
      return refuse(`${failure.message} (tool ${name})`, FAILURE_STATUS[failure.reason], enabled);
    }
    let quarantined: ReturnType<typeof quarantineCallResult>;
    try {
      quarantined = quarantineCallResult({ toolName: name, result: upstreamResult, enabled, mode });
    } catch (error) {
      // The scan is total by contract; if it ever throws, the client gets nothing unchecked (fail closed).
      log.warn("mcp gateway: the quarantine failed; withholding the result", {
        tool: name,
        error: error instanceof Error ? error.message : String(error),
      });
      return refuse(`the result of ${name} could not be checked, so it was withheld.`, 500, enabled);
    }
    if (quarantined.quarantinedSegments.count > 0)
      log.warn("mcp gateway: tool result quarantined", {
        runId: session.runId,
        tool: name,
        segments: quarantined.quarantinedSegments.count,
      });
    const delivered = finish(quarantined.result, {
      ok: upstreamResult.isError !== true,
      statusCode: upstreamResult.isError === true ? 502 : 200,
      classification: quarantined.classification,
      quarantineEnabled: enabled,
      quarantinedSegments: quarantined.quarantinedSegments,
      preambleAdded: quarantined.preambleAdded,
      modelText: quarantined.modelText,
    });
    if (quarantined.shadowSegments && quarantined.shadowSegments.count > 0)
      void session.record({
        type: "guard.shadow",
        guard: "quarantine",
        step,
        callId,
        name,
        ...quarantined.shadowSegments,
      });
    return delivered;
  });

  return server;
}
