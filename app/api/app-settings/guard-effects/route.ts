// GET /api/app-settings/guard-effects - what each guard did (On) or would have done (Shadow), 24 h and 7 d
import { getPrisma } from "@/lib/db/client";
import { withAuth } from "@/lib/http/with-auth";
import { getAppSettings } from "@/lib/settings/app-settings";
import { readGuardEffects } from "@/lib/settings/guard-effects";

export const dynamic = "force-dynamic";

export const GET = withAuth({ role: "viewer", scope: "settings:read" }, async () => {
  const database = getPrisma();
  const effects = await readGuardEffects(database, await getAppSettings(database));
  return Response.json(effects, { headers: { "Cache-Control": "no-store" } });
});
