// GET /api/mcp-gateway/tools - the MCP gateway's pinned upstream tools, flagged first (viewer)
import { getPrisma } from "@/lib/db/client";
import { withAuth } from "@/lib/http/with-auth";
import { listToolPins } from "@/lib/mcp-gateway/tool-pins";

export const dynamic = "force-dynamic";

export const GET = withAuth({ role: "viewer" }, async () => Response.json(await listToolPins(getPrisma())));
