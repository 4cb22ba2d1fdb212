// GET /api/app-settings/changes - the settings audit log, newest first (?limit=, ?before=<id>)
import { getPrisma } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { withAuth } from "@/lib/http/with-auth";
import { settingsChangesQuerySchema } from "@/lib/schemas/settings";
import { listSettingsChanges } from "@/lib/settings/app-settings";

export const dynamic = "force-dynamic";

export const GET = withAuth({ role: "viewer", scope: "settings:read" }, async ({ request }) => {
  const query = settingsChangesQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw ApiError.fromZod(query.error, "The query string is not valid.");
  const page = await listSettingsChanges(getPrisma(), query.data);
  return Response.json(page, { headers: { "Cache-Control": "no-store" } });
});
