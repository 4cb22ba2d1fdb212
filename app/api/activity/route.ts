// GET /api/activity?range=24h|7d|30d - halts by severity, guard interventions and time to acknowledge over time (viewer)
import { activityStats } from "@/lib/activity/activity-stats";
import { getPrisma } from "@/lib/db/client";
import { parseQuery } from "@/lib/http/parse-query";
import { withAuth } from "@/lib/http/with-auth";
import { activityQuerySchema } from "@/lib/schemas/activity";

export const dynamic = "force-dynamic";

export const GET = withAuth({ role: "viewer" }, async ({ request }) => {
  const { range } = parseQuery(request, activityQuerySchema);
  return Response.json(await activityStats(getPrisma(), range), { headers: { "Cache-Control": "no-store" } });
});
