// GET /api/app-settings - read the runtime switches
// PUT /api/app-settings - change some of them (If-Match: <version> for optimistic concurrency)
import { getPrisma } from "@/lib/db/client";
import { parseIfMatchVersion } from "@/lib/http/if-match";
import { parseBody } from "@/lib/http/parse-body";
import { withAuth } from "@/lib/http/with-auth";
import { appSettingsUpdateSchema } from "@/lib/schemas/settings";
import { getAppSettings, updateAppSettings } from "@/lib/settings/app-settings";

export const dynamic = "force-dynamic";

export const GET = withAuth({ role: "viewer", scope: "settings:read" }, async () => {
  const settings = await getAppSettings(getPrisma());
  return Response.json(settings, { headers: { ETag: `"${settings.version}"`, "Cache-Control": "no-store" } });
});

export const PUT = withAuth({ role: "operator" }, async ({ request, actor }) => {
  const expectedVersion = parseIfMatchVersion(request.headers.get("if-match"));
  const update = await parseBody(
    request,
    appSettingsUpdateSchema,
    "The settings change is not valid; nothing was changed.",
  );
  const { settings } = await updateAppSettings(getPrisma(), { update, expectedVersion, actor });
  return Response.json(settings, {
    headers: { ETag: `"${settings.version}"`, "Cache-Control": "no-store" },
  });
});
