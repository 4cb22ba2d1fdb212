// GET /api/runs/[id]/events?after=<seq> - the run's timeline after a sequence number (viewer, or the
// agent key that created the run)
import { getPrisma } from "@/lib/db/client";
import { parseQuery } from "@/lib/http/parse-query";
import { withAuth } from "@/lib/http/with-auth";
import { listRunEvents } from "@/lib/runs/runs-service";
import { listRunEventsQuerySchema } from "@/lib/schemas/runs";

export const dynamic = "force-dynamic";

export const GET = withAuth<{ id: string }>(
  { role: "viewer", scope: "runs:write" },
  async ({ request, caller, params }) => {
    const query = parseQuery(request, listRunEventsQuerySchema);
    return Response.json(await listRunEvents(getPrisma(), caller, params.id, query), {
      headers: { "Cache-Control": "no-store" },
    });
  },
);
