/**
 * Tool pinning (table `mcp_tool_pins`): the first time the gateway sees an upstream tool it stores the
 * hash of its description and input schema (tool-definition-hash.ts). Later listings compare:
 * - same hash: the stored status stands (trusted / approved are offered, flagged is withheld);
 * - a new hash: the tool is `flagged` ("description changed" / "input schema changed") and withheld
 *   until an operator approves the new definition; going back to the approved hash un-flags it;
 * - a first sight whose description or schema text is instruction-shaped: `flagged` at once
 *   ("instruction-shaped description"), never trusted on first use.
 * Writes are guarded (`updateMany` on the hash read), so concurrent sessions cannot lose a flag, and
 * approval only applies to the definition the operator reviewed.
 *
 * Failure policy: database errors propagate; the gateway then withholds the server's tools for that
 * listing (fail closed) and refuses calls it cannot check.
 */

import type { Database } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import type { McpToolPin as McpToolPinRow } from "@/lib/generated/prisma/client";
import { redactSecrets, redactSecretsDeep } from "@/lib/redact/redact";
import type { McpToolPin, McpToolPinList, McpToolPinStatus } from "./mcp-tool-pin-schemas";
import { toolDefinitionHash } from "./tool-definition-hash";

/** One upstream tool as listed, with the result of the description scan. */
export interface ObservedTool {
  tool: string;
  description: string;
  inputSchema: Record<string, unknown>;
  /** The description or schema text had instruction-shaped parts. */
  instructionShaped: boolean;
}

/** What the gateway does with a tool after reconciling its pin. */
export interface PinVerdict {
  pinId: string;
  status: McpToolPinStatus;
  reason: string | null;
  definitionHash: string;
  /** This reconcile flagged it (first sight or a change); the gateway reports it once. */
  newlyFlagged: boolean;
}

/** The approve route's failures. */
export class ToolPinNotFoundError extends DomainError {
  constructor() {
    super("not_found", "No such MCP tool pin.");
  }
}
export class ToolPinConflictError extends DomainError {
  constructor(message: string) {
    super("conflict", message);
  }
}

/** Listings refresh `last_seen_at` at most this often per tool. */
const LAST_SEEN_RESOLUTION_MS = 60_000;

function verdictOf(row: McpToolPinRow, newlyFlagged = false): PinVerdict {
  return {
    pinId: row.id,
    status: row.status,
    reason: row.reason,
    definitionHash: row.definitionHash,
    newlyFlagged,
  };
}

/**
 * What a pin row stores of a definition: both pass the one redactor (an upstream may leak a key in a
 * description or schema default); the hash is taken over the definition as observed.
 */
function storedDefinition(observed: ObservedTool): { description: string; inputSchema: object } {
  return {
    description: redactSecrets(observed.description),
    inputSchema: redactSecretsDeep(observed.inputSchema) as object,
  };
}

function changeReason(row: McpToolPinRow, observed: ObservedTool): string {
  const sameDescription = row.description === storedDefinition(observed).description;
  const parts = [sameDescription ? "input schema changed" : "description changed"];
  if (observed.instructionShaped) parts.push("instruction-shaped description");
  return parts.join("; ");
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string })?.code === "P2002";
}

async function reconcileOne(
  database: Database,
  server: string,
  observed: ObservedTool,
  existing: McpToolPinRow | undefined,
  now: Date,
): Promise<PinVerdict> {
  const hash = toolDefinitionHash(observed.description, observed.inputSchema);
  let row = existing;
  if (!row) {
    try {
      const created = await database.mcpToolPin.create({
        data: {
          server,
          tool: observed.tool,
          definitionHash: hash,
          ...storedDefinition(observed),
          approvedHash: observed.instructionShaped ? null : hash,
          status: observed.instructionShaped ? "flagged" : "trusted",
          reason: observed.instructionShaped ? "instruction-shaped description" : null,
        },
      });
      return verdictOf(created, observed.instructionShaped);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      row = await database.mcpToolPin.findUniqueOrThrow({
        where: { server_tool: { server, tool: observed.tool } },
      });
    }
  }
  if (row.definitionHash === hash) {
    if (now.getTime() - row.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS)
      await database.mcpToolPin.updateMany({ where: { id: row.id }, data: { lastSeenAt: now } });
    return verdictOf(row);
  }
  const backToApproved = row.approvedHash === hash;
  const data = backToApproved
    ? {
        definitionHash: hash,
        ...storedDefinition(observed),
        status: row.approvedBy ? ("approved" as const) : ("trusted" as const),
        reason: null,
        lastSeenAt: now,
      }
    : {
        definitionHash: hash,
        ...storedDefinition(observed),
        status: "flagged" as const,
        reason: changeReason(row, observed),
        lastSeenAt: now,
      };
  const written = await database.mcpToolPin.updateMany({
    where: { id: row.id, definitionHash: row.definitionHash },
    data,
  });
  const current = await database.mcpToolPin.findUniqueOrThrow({ where: { id: row.id } });
  return verdictOf(current, written.count > 0 && !backToApproved);
}

/**
 * Reconciles the pins of `server`'s listed tools (see the module comment) and returns a verdict per
 * upstream tool name.
 */
export async function reconcileToolPins(
  database: Database,
  server: string,
  tools: readonly ObservedTool[],
  now = new Date(),
): Promise<Map<string, PinVerdict>> {
  const rows = await database.mcpToolPin.findMany({ where: { server } });
  const byTool = new Map(rows.map((row) => [row.tool, row]));
  const verdicts = new Map<string, PinVerdict>();
  for (const observed of tools)
    verdicts.set(
      observed.tool,
      await reconcileOne(database, server, observed, byTool.get(observed.tool), now),
    );
  return verdicts;
}

/** The stored verdict for one tool, or null when the gateway has not seen it yet. */
export async function findToolPin(
  database: Database,
  server: string,
  tool: string,
): Promise<PinVerdict | null> {
  const row = await database.mcpToolPin.findUnique({ where: { server_tool: { server, tool } } });
  return row ? verdictOf(row) : null;
}

/** Row -> API shape. */
export function toMcpToolPin(row: McpToolPinRow): McpToolPin {
  return {
    id: row.id,
    server: row.server,
    tool: row.tool,
    status: row.status,
    reason: row.reason,
    description: row.description,
    inputSchema: (row.inputSchema ?? {}) as Record<string, unknown>,
    definitionHash: row.definitionHash,
    approvedHash: row.approvedHash,
    firstSeenAt: row.firstSeenAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    approvedAt: row.approvedAt?.toISOString() ?? null,
    approvedBy: row.approvedBy,
  };
}

const STATUS_ORDER: Record<McpToolPinStatus, number> = { flagged: 0, approved: 1, trusted: 2 };

/** Every pin, flagged first, then by server and tool. */
export async function listToolPins(database: Database): Promise<McpToolPinList> {
  const rows = await database.mcpToolPin.findMany({ orderBy: [{ server: "asc" }, { tool: "asc" }] });
  const tools = rows
    .map(toMcpToolPin)
    .sort((left, right) => STATUS_ORDER[left.status] - STATUS_ORDER[right.status]);
  return {
    tools,
    counts: { flagged: tools.filter((tool) => tool.status === "flagged").length, total: tools.length },
  };
}

/**
 * Approves a flagged tool's current definition (guarded write: only a flagged row whose hash is still
 * `definitionHash`, when given, changes). Throws ToolPinNotFoundError, or ToolPinConflictError when the
 * tool is not flagged or its definition changed since the operator looked.
 */
export async function approveToolPin(
  database: Database,
  input: { id: string; actor: string; definitionHash?: string },
  now = new Date(),
): Promise<McpToolPin> {
  // One statement: approvedHash must be the very hash whose status becomes approved.
  const written = await database.$executeRaw`
    update mcp_tool_pins
       set status = 'approved', approved_hash = definition_hash, reason = null,
           approved_at = ${now}, approved_by = ${input.actor}
     where id = ${input.id}::uuid and status = 'flagged'
       and (${input.definitionHash ?? null}::text is null or definition_hash = ${input.definitionHash ?? null}::text)`;
  const row = await database.mcpToolPin.findUnique({ where: { id: input.id } });
  if (!row) throw new ToolPinNotFoundError();
  if (written === 0) {
    if (row.status !== "flagged")
      throw new ToolPinConflictError(`This tool is already ${row.status}; there is nothing to approve.`);
    throw new ToolPinConflictError(
      "The tool's definition changed since you looked at it; review the new definition and approve again.",
    );
  }
  return toMcpToolPin(row);
}

/**
 * A short-lived per-process memory of verdicts, so a call does not read its pin from the database
 * every time: filled by every listing's reconcile and by call-time reads, served for `ttlMs` (default
 * 2 s). A flag set or an approval made by another process therefore applies within that TTL; a flag
 * this process sets applies at once (its listing refreshes the entry).
 */
export class PinVerdictCache {
  private readonly entries = new Map<string, { verdict: PinVerdict; at: number }>();

  constructor(private readonly options: { ttlMs?: number; now?: () => number } = {}) {}

  get(server: string, tool: string): PinVerdict | undefined {
    const entry = this.entries.get(`${server}\u0000${tool}`);
    const now = (this.options.now ?? Date.now)();
    if (!entry || now - entry.at >= (this.options.ttlMs ?? 2_000)) return undefined;
    return entry.verdict;
  }

  set(server: string, tool: string, verdict: PinVerdict): void {
    this.entries.set(`${server}\u0000${tool}`, { verdict, at: (this.options.now ?? Date.now)() });
  }
}
