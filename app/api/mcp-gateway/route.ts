// POST /api/mcp-gateway - MCP gateway (streamable HTTP): upstream MCP servers' tools with quarantined results (agent key with runs:write, or an admin token)
// DELETE /api/mcp-gateway - end the MCP session named by Mcp-Session-Id (settles its gateway run)
import { getPrisma } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { readJsonBody } from "@/lib/http/read-json-body";
import { withAuth } from "@/lib/http/with-auth";
import { processHttpGateway } from "@/lib/mcp-gateway/http-gateway";

export const dynamic = "force-dynamic";

function gateway() {
  return processHttpGateway(getPrisma());
}

// No request budget: a tool call waits on an upstream MCP server (the gateway has its own timeouts).
export const POST = withAuth(
  { role: "admin", scope: "runs:write", budgetMs: null },
  async ({ request, caller }) => {
    const body = await readJsonBody(request);
    return (await gateway()).handlePost(request, caller, body);
  },
);

export const DELETE = withAuth({ role: "admin", scope: "runs:write" }, async ({ request, caller }) => {
  const ended = await (await gateway()).endSession(request, caller);
  if (!ended) throw new ApiError("not_found", "No open MCP gateway session with that Mcp-Session-Id.");
  return new Response(null, { status: 204 });
});
