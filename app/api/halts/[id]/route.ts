// GET /api/halts/[id] - one halt event (viewer, or agent halts:read for its own sessions' events)
import { getPrisma } from "@/lib/db/client";
import { getHalt } from "@/lib/halts/service";
import { uuidParam } from "@/lib/http/parse-body";
import { withAuth } from "@/lib/http/with-auth";

export const dynamic = "force-dynamic";

export const GET = withAuth<{ id: string }>(
  { role: "viewer", scope: "halts:read" },
  async ({ params, caller }) =>
    Response.json(await getHalt(getPrisma(), caller, uuidParam(params.id, "halt event")), {
      headers: { "Cache-Control": "no-store" },
    }),
);
