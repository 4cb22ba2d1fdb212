/**
 * Contracts of the MCP gateway's tool pins, shared by the API routes, the console and the OpenAPI
 * table: `GET /api/mcp-gateway/tools` answers {@link mcpToolPinListSchema}; `POST
 * /api/mcp-gateway/tools/[id]/approve` takes {@link approveMcpToolPinSchema} and answers
 * {@link mcpToolPinSchema}.
 */
import { z } from "zod";

export const MCP_TOOL_PIN_STATUSES = ["trusted", "flagged", "approved"] as const;
export type McpToolPinStatus = (typeof MCP_TOOL_PIN_STATUSES)[number];

/** One pinned upstream tool as the API returns it. */
export const mcpToolPinSchema = z.object({
  id: z.uuid(),
  server: z.string(),
  tool: z.string(),
  status: z.enum(MCP_TOOL_PIN_STATUSES),
  /** Why it is flagged ("description changed", "instruction-shaped description", ...); null otherwise. */
  reason: z.string().nullable(),
  /** The upstream's description as last seen (unscanned: this is what an operator reviews). */
  description: z.string(),
  inputSchema: z.record(z.string(), z.unknown()),
  /** sha256 of the current description and input schema. */
  definitionHash: z.string(),
  /** The hash last trusted or approved; null when the tool was never trusted. */
  approvedHash: z.string().nullable(),
  firstSeenAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  approvedAt: z.iso.datetime().nullable(),
  approvedBy: z.string().nullable(),
});
export type McpToolPin = z.infer<typeof mcpToolPinSchema>;

export const mcpToolPinListSchema = z.object({
  /** Flagged tools first, then by server and tool. */
  tools: z.array(mcpToolPinSchema),
  counts: z.object({ flagged: z.int(), total: z.int() }),
});
export type McpToolPinList = z.infer<typeof mcpToolPinListSchema>;

/** Body of the approve route: the hash the operator reviewed, so a definition that changed again meanwhile is not approved unseen. */
export const approveMcpToolPinSchema = z.strictObject({
  definitionHash: z
    .string()
    .regex(/^[0-9a-f]{64}$/, "definitionHash must be the 64-character hex hash shown with the tool.")
    .optional(),
});
export type ApproveMcpToolPinInput = z.infer<typeof approveMcpToolPinSchema>;
