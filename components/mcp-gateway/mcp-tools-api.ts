import { callApi } from "@/components/api/api-client";
import { mcpToolPinListSchema, mcpToolPinSchema } from "@/lib/mcp-gateway/mcp-tool-pin-schemas";

/**
 * Browser client for the MCP gateway's tool pins (GET /api/mcp-gateway/tools, POST
 * /api/mcp-gateway/tools/{id}/approve). Every call resolves to an ApiResult; answers are validated.
 */

/** Every pinned tool, flagged first. */
export function listMcpTools(signal?: AbortSignal) {
  return callApi(mcpToolPinListSchema, "/api/mcp-gateway/tools", { signal });
}

/** Approves the definition with `definitionHash` (409 when it changed meanwhile or is not flagged). */
export function approveMcpTool(id: string, definitionHash: string) {
  return callApi(mcpToolPinSchema, `/api/mcp-gateway/tools/${encodeURIComponent(id)}/approve`, {
    method: "POST",
    json: { definitionHash },
  });
}
