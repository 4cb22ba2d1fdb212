// POST /api/mcp-gateway/tools/[id]/approve - approve a flagged MCP tool's current definition (operator); 409 if not flagged or changed since reviewed
import { getPrisma } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { parseBody, uuidParam } from "@/lib/http/parse-body";
import { withAuth } from "@/lib/http/with-auth";
import { approveMcpToolPinSchema } from "@/lib/mcp-gateway/mcp-tool-pin-schemas";
import { approveToolPin, ToolPinConflictError, ToolPinNotFoundError } from "@/lib/mcp-gateway/tool-pins";

export const dynamic = "force-dynamic";

export const POST = withAuth<{ id: string }>({ role: "operator" }, async ({ request, params, actor }) => {
  const id = uuidParam(params.id, "MCP tool");
  // The body is optional: without one, the tool's current definition is approved.
  const hasBody = request.headers.has("content-type") || Number(request.headers.get("content-length")) > 0;
  const input = hasBody
    ? await parseBody(request, approveMcpToolPinSchema, "The approval is not valid.")
    : approveMcpToolPinSchema.parse({});
  try {
    return Response.json(await approveToolPin(getPrisma(), { id, actor, ...input }));
  } catch (error) {
    if (error instanceof ToolPinNotFoundError) throw new ApiError("not_found", error.message);
    if (error instanceof ToolPinConflictError) throw new ApiError("conflict", error.message);
    throw error;
  }
});
