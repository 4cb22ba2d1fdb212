/**
 * The agent runtime's own scrape endpoint: its histograms (model calls, quarantine scans of the tools it
 * runs) live in its process, not in the web process behind /api/metrics. With KEEL_AGENT_METRICS_PORT
 * set, the runtime serves `GET /metrics` on KEEL_AGENT_METRICS_HOST (default 127.0.0.1), for the scrape
 * token only (`Authorization: Bearer <KEEL_METRICS_TOKEN>`, compared in constant time); without a
 * configured token the server does not start (there is no signed-in viewer here).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { bearerToken, configuredMetricsToken, isMetricsToken } from "@/lib/metrics/metrics-access";
import { PROMETHEUS_CONTENT_TYPE } from "@/lib/metrics/render-metrics";
import { processMetrics } from "./metrics";

export class MetricsServerConfigError extends Error {
  override readonly name = "MetricsServerConfigError";
}

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/** Null when KEEL_AGENT_METRICS_PORT is unset; throws MetricsServerConfigError on a bad setting. */
export async function startAgentMetricsServer(
  env: Record<string, string | undefined> = process.env,
): Promise<MetricsServer | null> {
  const portText = env.KEEL_AGENT_METRICS_PORT?.trim();
  if (!portText) return null;
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new MetricsServerConfigError("KEEL_AGENT_METRICS_PORT must be a port number from 0 to 65535.");
  const token = configuredMetricsToken(env);
  if (!token)
    throw new MetricsServerConfigError(
      "KEEL_AGENT_METRICS_PORT needs KEEL_METRICS_TOKEN (16 characters or more): the endpoint serves the scrape token only.",
    );
  const host = env.KEEL_AGENT_METRICS_HOST?.trim() || "127.0.0.1";
  const server = http.createServer(async (request, response) => {
    if (new URL(request.url ?? "/", "http://localhost").pathname !== "/metrics") {
      response.writeHead(404).end();
      return;
    }
    if (request.method !== "GET") {
      response.writeHead(405, { allow: "GET" }).end();
      return;
    }
    const presented = bearerToken(request.headers.authorization ?? null);
    if (presented === null || !isMetricsToken(presented, token)) {
      response.writeHead(401, { "www-authenticate": 'Bearer realm="keel-metrics"' }).end();
      return;
    }
    try {
      const text = await processMetrics().registry.metrics();
      response
        .writeHead(200, { "content-type": PROMETHEUS_CONTENT_TYPE, "cache-control": "no-store" })
        .end(text);
    } catch {
      response.writeHead(500).end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${address.port}/metrics`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
