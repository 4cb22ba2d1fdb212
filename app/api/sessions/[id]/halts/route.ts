// GET /api/sessions/[id]/halts - guardrail_get_session_halts by session id or token (viewer, or the owning agent with halts:read)
import { getPrisma } from "@/lib/db/client";
import { getSessionHalts } from "@/lib/halts/service";
import { parseQuery } from "@/lib/http/parse-query";
import { withAuth } from "@/lib/http/with-auth";
import { sessionHaltsQuerySchema } from "@/lib/schemas/halts";

export const dynamic = "force-dynamic";

export const GET = withAuth<{ id: string }>(
  { role: "viewer", scope: "halts:read" },
  async ({ request, params, caller }) => {
    const filter = parseQuery(request, sessionHaltsQuerySchema);
    return Response.json(await getSessionHalts(getPrisma(), caller, params.id, filter), {
      headers: { "Cache-Control": "no-store" },
    });
  },
);
