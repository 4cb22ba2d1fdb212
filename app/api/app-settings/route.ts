// GET /api/app-settings - read the runtime switches
// PUT /api/app-settings - change some of them (If-Match: <version> for optimistic concurrency)
import { getPrisma } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { parseIfMatchVersion } from "@/lib/http/if-match";
import { readJsonBody } from "@/lib/http/read-json-body";
import { withAuth } from "@/lib/http/with-auth";
import { appSettingsUpdateSchema } from "@/lib/schemas/settings";
import { getAppSettings, StaleSettingsVersionError, updateAppSettings } from "@/lib/settings/app-settings";

export const dynamic = "force-dynamic";

export const GET = withAuth({ role: "viewer", scope: "settings:read" }, async () => {
  const settings = await getAppSettings(getPrisma());
  return Response.json(settings, { headers: { ETag: `"${settings.version}"`, "Cache-Control": "no-store" } });
});

export const PUT = withAuth({ role: "operator" }, async ({ request, actor }) => {
  const expectedVersion = parseIfMatchVersion(request.headers.get("if-match"));
  const parsed = appSettingsUpdateSchema.safeParse(await readJsonBody(request));
  if (!parsed.success)
    throw ApiError.fromZod(parsed.error, "The settings change is not valid; nothing was changed.");
  try {
    const { settings } = await updateAppSettings(getPrisma(), {
      update: parsed.data,
      expectedVersion,
      actor,
    });
    return Response.json(settings, {
      headers: { ETag: `"${settings.version}"`, "Cache-Control": "no-store" },
    });
  } catch (error) {
    if (error instanceof StaleSettingsVersionError) {
      throw new ApiError("conflict", error.message, { extra: { current: error.current } });
    }
    throw error;
  }
});
