// GET /api/sessions/[id] - one agent session by id or token: state and agent (viewer, or the owning agent with halts:read)
import { getPrisma } from "@/lib/db/client";
import { getSession } from "@/lib/halts/service";
import { withAuth } from "@/lib/http/with-auth";

export const dynamic = "force-dynamic";

export const GET = withAuth<{ id: string }>(
  { role: "viewer", scope: "halts:read" },
  async ({ params, caller }) =>
    Response.json(await getSession(getPrisma(), caller, params.id), {
      headers: { "Cache-Control": "no-store" },
    }),
);
