// GET /api/runtime/status - agent runtimes alive and the settings version each has applied
import { getPrisma } from "@/lib/db/client";
import { apiHandler } from "@/lib/http/api-handler";
import { getRuntimeStatus } from "@/lib/settings/runtime-status";

export const dynamic = "force-dynamic";

export const GET = apiHandler("viewer", async () => {
  return Response.json(await getRuntimeStatus(getPrisma()), { headers: { "Cache-Control": "no-store" } });
});
