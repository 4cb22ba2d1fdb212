// GET /api/runtime/status - agent runtimes alive and the settings version each has applied
import { getPrisma } from "@/lib/db/client";
import { withAuth } from "@/lib/http/with-auth";
import { getRuntimeStatus } from "@/lib/settings/runtime-status";

export const dynamic = "force-dynamic";

export const GET = withAuth({ role: "viewer", scope: "settings:read" }, async () => {
  return Response.json(await getRuntimeStatus(getPrisma()), { headers: { "Cache-Control": "no-store" } });
});
