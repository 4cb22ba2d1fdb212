// GET /api/metrics - Prometheus text format (scrape token KEEL_METRICS_TOKEN or a signed-in viewer)
import { getPrisma } from "@/lib/db/client";
import { withAuth } from "@/lib/http/with-auth";
import {
  authorizeMetricsRequest,
  collectKeelMetrics,
  PROMETHEUS_CONTENT_TYPE,
  renderPrometheusText,
} from "@/lib/metrics";

export const dynamic = "force-dynamic";

// Public at the withAuth level only because the scrape token is not an API key: the route checks access itself.
export const GET = withAuth({ public: true }, async ({ request }) => {
  const database = getPrisma();
  await authorizeMetricsRequest(database, request);
  const text = renderPrometheusText(await collectKeelMetrics(database));
  return new Response(text, {
    headers: { "Content-Type": PROMETHEUS_CONTENT_TYPE, "Cache-Control": "no-store" },
  });
});
