// GET /api/metrics - Prometheus text format (scrape token KEEL_METRICS_TOKEN or a signed-in viewer):
// database-derived counters and gauges plus this process's latency histograms (docs/observability.md)
import { getPrisma } from "@/lib/db/client";
import { withAuth } from "@/lib/http/with-auth";
import {
  authorizeMetricsRequest,
  collectKeelMetrics,
  PROMETHEUS_CONTENT_TYPE,
  renderMetrics,
} from "@/lib/metrics";
import { processMetrics } from "@/lib/telemetry/metrics";

export const dynamic = "force-dynamic";

// Public at the withAuth level only because the scrape token is not an API key: the route checks access itself.
export const GET = withAuth({ public: true }, async ({ request }) => {
  const database = getPrisma();
  await authorizeMetricsRequest(database, request);
  // The database-derived families (shared by every instance), then this process's latency histograms.
  const text = await renderMetrics(await collectKeelMetrics(database), processMetrics().registry);
  return new Response(text, {
    headers: { "Content-Type": PROMETHEUS_CONTENT_TYPE, "Cache-Control": "no-store" },
  });
});
