// GET /api/runs/[id] - one run (viewer, or the agent key that created it)
import { getPrisma } from "@/lib/db/client";
import { withAuth } from "@/lib/http/with-auth";
import { getRun } from "@/lib/runs/runs-service";

export const dynamic = "force-dynamic";

export const GET = withAuth<{ id: string }>(
  { role: "viewer", scope: "runs:write" },
  async ({ caller, params }) =>
    Response.json(await getRun(getPrisma(), caller, params.id), { headers: { "Cache-Control": "no-store" } }),
);
