// POST /api/mcp-gateway/tools/[id]/approve - approve a flagged MCP tool's current definition (operator); 409 if not flagged or changed since reviewed
import { getPrisma } from "@/lib/db/client";
import { parseBody, uuidParam } from "@/lib/http/parse-body";
import { withAuth } from "@/lib/http/with-auth";
import { approveMcpToolPinSchema } from "@/lib/mcp-gateway/mcp-tool-pin-schemas";
import { approveToolPin } from "@/lib/mcp-gateway/tool-pins";

export const dynamic = "force-dynamic";

export const POST = withAuth<{ id: string }>({ role: "operator" }, async ({ request, params, actor }) => {
  const id = uuidParam(params.id, "MCP tool");
  // The body is optional: without one, the tool's current definition is approved.
  const input = await parseBody(request, approveMcpToolPinSchema, "The approval is not valid.", {
    optional: true,
  });
  return Response.json(await approveToolPin(getPrisma(), { id, actor, ...input }));
});
