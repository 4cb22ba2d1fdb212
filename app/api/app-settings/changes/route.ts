// GET /api/app-settings/changes - the settings audit log, newest first (?limit=, ?before=<id>)
import { getPrisma } from "@/lib/db/client";
import { parseQuery } from "@/lib/http/parse-query";
import { withAuth } from "@/lib/http/with-auth";
import { settingsChangesQuerySchema } from "@/lib/schemas/settings";
import { listSettingsChanges } from "@/lib/settings/app-settings";

export const dynamic = "force-dynamic";

export const GET = withAuth({ role: "viewer", scope: "settings:read" }, async ({ request }) => {
  const page = await listSettingsChanges(getPrisma(), parseQuery(request, settingsChangesQuerySchema));
  return Response.json(page, { headers: { "Cache-Control": "no-store" } });
});
