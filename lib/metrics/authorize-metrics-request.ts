/**
 * The access rule of GET /api/metrics (see metrics-access.ts): the scrape token, or a signed-in viewer.
 * Throws ApiError 401 (no or wrong credential) or 403 (an agent key); returns who scraped.
 */
import { resolveCaller } from "@/lib/auth/caller";
import { roleAtLeast } from "@/lib/auth/roles";
import type { Database } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { bearerToken, configuredMetricsToken, isMetricsToken } from "./metrics-access";

export async function authorizeMetricsRequest(
  database: Database,
  request: Request,
  env: Record<string, string | undefined> = process.env,
): Promise<"scrape-token" | "viewer"> {
  const presented = bearerToken(request.headers.get("authorization"));
  const configured = configuredMetricsToken(env);
  if (presented !== null && configured !== null && isMetricsToken(presented, configured))
    return "scrape-token";
  const resolution = await resolveCaller(database, request);
  if (resolution.type === "caller") {
    if (resolution.caller.kind === "user" && roleAtLeast(resolution.caller.role, "viewer")) return "viewer";
    throw new ApiError("forbidden", "Metrics need the scrape token or a signed-in viewer.");
  }
  throw new ApiError("unauthorized", "Send Authorization: Bearer <KEEL_METRICS_TOKEN>, or sign in.", {
    headers: { "WWW-Authenticate": 'Bearer realm="keel-metrics"' },
  });
}
