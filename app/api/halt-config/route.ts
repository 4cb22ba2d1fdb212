// GET /api/halt-config - the halt conditions' configuration (viewer)
// PATCH /api/halt-config - guardrail_update_halt_config: change one condition (admin); previous and current values
import { getPrisma } from "@/lib/db/client";
import { listHaltConfig, processHaltConfigCache, updateHaltConfig } from "@/lib/halts/service";
import { parseBody } from "@/lib/http/parse-body";
import { withAuth } from "@/lib/http/with-auth";
import { updateHaltConfigRequestSchema } from "@/lib/schemas/halts";

export const dynamic = "force-dynamic";

export const GET = withAuth({ role: "viewer" }, async () =>
  Response.json(await listHaltConfig(getPrisma()), { headers: { "Cache-Control": "no-store" } }),
);

export const PATCH = withAuth({ role: "admin" }, async ({ request, actor }) => {
  const input = await parseBody(
    request,
    updateHaltConfigRequestSchema,
    "The change is not valid; nothing was changed.",
  );
  const database = getPrisma();
  const result = await updateHaltConfig(database, input, actor);
  processHaltConfigCache(database).invalidate();
  return Response.json(result);
});
