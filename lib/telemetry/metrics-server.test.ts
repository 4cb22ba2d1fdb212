import { afterEach, describe, expect, it } from "vitest";
import { parsePrometheusText } from "@/lib/metrics/parse-prometheus-text";
import { processMetrics } from "./metrics";
import { type MetricsServer, MetricsServerConfigError, startAgentMetricsServer } from "./metrics-server";

const TOKEN = "agent-scrape-token-0123456789";
let server: MetricsServer | null = null;

afterEach(async () => {
  await server?.close();
  server = null;
});

describe("the agent runtime's metrics endpoint", () => {
  it("is not started without KEEL_AGENT_METRICS_PORT", async () => {
    expect(await startAgentMetricsServer({ KEEL_METRICS_TOKEN: TOKEN })).toBeNull();
  });

  it("refuses to start without a scrape token or with a bad port", async () => {
    await expect(startAgentMetricsServer({ KEEL_AGENT_METRICS_PORT: "0" })).rejects.toThrow(
      MetricsServerConfigError,
    );
    await expect(
      startAgentMetricsServer({ KEEL_AGENT_METRICS_PORT: "70000", KEEL_METRICS_TOKEN: TOKEN }),
    ).rejects.toThrow(/port number/);
  });

  it("serves this process's histograms to the scrape token only", async () => {
    processMetrics().modelCallDuration.observe({ provider: "metrics-server-test" }, 0.2);
    server = await startAgentMetricsServer({ KEEL_AGENT_METRICS_PORT: "0", KEEL_METRICS_TOKEN: TOKEN });
    expect(server!.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);

    expect((await fetch(server!.url)).status).toBe(401);
    expect(
      (await fetch(server!.url, { headers: { authorization: "Bearer wrong-token-0123456789" } })).status,
    ).toBe(401);
    expect((await fetch(server!.url.replace("/metrics", "/other"))).status).toBe(404);
    expect(
      (await fetch(server!.url, { method: "POST", headers: { authorization: `Bearer ${TOKEN}` } })).status,
    ).toBe(405);

    const response = await fetch(server!.url, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    const family = parsePrometheusText(await response.text()).find(
      (parsed) => parsed.name === "keel_model_call_duration_seconds",
    )!;
    expect(family.type).toBe("histogram");
    const count = family.samples.find(
      (sample) => sample.name.endsWith("_count") && sample.labels.provider === "metrics-server-test",
    );
    expect(count?.value).toBe(1);
  });
});
