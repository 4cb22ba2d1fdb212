/**
 * Latency and size histograms measured by the process itself (prom-client), exposed at /api/metrics next
 * to the database-derived families (lib/metrics/collect-keel-metrics.ts). One registry per process, kept
 * on globalThis so every bundle of the Next server (instrumentation, route handlers) and a test process
 * that imports the modules twice observe into the same histograms.
 *
 *   keel_http_request_duration_seconds{route,method,status}   every API route behind withAuth
 *   keel_halt_check_duration_seconds{result}                  POST /api/halts/check and the MCP halt tool
 *   keel_quarantine_scan_duration_seconds{source}             each tool-result scan (agent, proxy, mcp-gateway)
 *   keel_quarantine_scanned_bytes{source}                     bytes of each scanned tool result
 *   keel_proxy_added_latency_seconds{protocol}                guard-proxy time that is not upstream time
 *   keel_model_call_duration_seconds{provider}                each model call (agent runtime and proxy upstream)
 *   keel_model_call_tokens{provider,direction}                tokens of each model call (input / output)
 *
 * The labels take a bounded set of values (route templates, fixed words, provider ids), never an id or
 * free text.
 */
import { Histogram, Registry } from "prom-client";

const SECONDS_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
const FAST_BUCKETS = [0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5];
const BYTES_BUCKETS = [256, 1024, 4096, 16_384, 65_536, 262_144, 1_048_576, 4_194_304];
const TOKEN_BUCKETS = [16, 64, 256, 1024, 4096, 16_384, 65_536, 262_144];

function createProcessMetrics() {
  const registry = new Registry();
  const registers = [registry];
  return {
    registry,
    httpRequestDuration: new Histogram({
      name: "keel_http_request_duration_seconds",
      help: "Duration of API requests, by route template, method and status.",
      labelNames: ["route", "method", "status"] as const,
      buckets: SECONDS_BUCKETS,
      registers,
    }),
    haltCheckDuration: new Histogram({
      name: "keel_halt_check_duration_seconds",
      help: "Duration of halt checks (conditions evaluated and recorded), by result.",
      labelNames: ["result"] as const,
      buckets: SECONDS_BUCKETS,
      registers,
    }),
    quarantineScanDuration: new Histogram({
      name: "keel_quarantine_scan_duration_seconds",
      help: "Duration of one tool-result quarantine scan, by where it ran.",
      labelNames: ["source"] as const,
      buckets: FAST_BUCKETS,
      registers,
    }),
    quarantineScannedBytes: new Histogram({
      name: "keel_quarantine_scanned_bytes",
      help: "Size in bytes (UTF-8) of each tool result the quarantine scanned, by where it ran.",
      labelNames: ["source"] as const,
      buckets: BYTES_BUCKETS,
      registers,
    }),
    proxyAddedLatency: new Histogram({
      name: "keel_proxy_added_latency_seconds",
      help: "Guard-proxy time before the caller gets the response head that is not spent waiting for the upstream provider.",
      labelNames: ["protocol"] as const,
      buckets: FAST_BUCKETS.concat([0.25, 1]),
      registers,
    }),
    modelCallDuration: new Histogram({
      name: "keel_model_call_duration_seconds",
      help: "Duration of model calls (agent runtime calls and guard-proxy upstream calls), by provider.",
      labelNames: ["provider"] as const,
      buckets: SECONDS_BUCKETS,
      registers,
    }),
    modelCallTokens: new Histogram({
      name: "keel_model_call_tokens",
      help: "Tokens of each model call as the provider reported them, by provider and direction (input, output).",
      labelNames: ["provider", "direction"] as const,
      buckets: TOKEN_BUCKETS,
      registers,
    }),
  };
}

export type ProcessMetrics = ReturnType<typeof createProcessMetrics>;

const KEY = Symbol.for("keel.telemetry.processMetrics");
const globalStore = globalThis as unknown as Record<symbol, ProcessMetrics | undefined>;

/** This process's histograms (created on first use). */
export function processMetrics(): ProcessMetrics {
  let metrics = globalStore[KEY];
  if (!metrics) {
    metrics = createProcessMetrics();
    globalStore[KEY] = metrics;
  }
  return metrics;
}

/** Seconds since a `performance.now()` reading. */
export const secondsSince = (startedMs: number): number => (performance.now() - startedMs) / 1000;

/** A provider id as a label: the part before the first "." or ":" ("openai.chat" -> "openai"), lowercased. */
export function providerLabel(provider: string | undefined | null): string {
  const word = (provider ?? "").split(/[.:]/)[0]!.trim().toLowerCase();
  return /^[a-z0-9_-]{1,40}$/.test(word) ? word : "unknown";
}

/** Records one model call's duration (skipped when NaN: measured elsewhere) and tokens. */
export function observeModelCall(
  provider: string,
  seconds: number,
  usage: { inputTokens?: number | null; outputTokens?: number | null } | null | undefined,
): void {
  const metrics = processMetrics();
  const label = providerLabel(provider);
  if (Number.isFinite(seconds)) metrics.modelCallDuration.observe({ provider: label }, seconds);
  if (typeof usage?.inputTokens === "number" && usage.inputTokens >= 0)
    metrics.modelCallTokens.observe({ provider: label, direction: "input" }, usage.inputTokens);
  if (typeof usage?.outputTokens === "number" && usage.outputTokens >= 0)
    metrics.modelCallTokens.observe({ provider: label, direction: "output" }, usage.outputTokens);
}

/** The route template of a request path: UUIDs and numbers become `[id]` (bounded label values). */
export function routeTemplate(pathname: string): string {
  return pathname
    .split("/")
    .map((segment) =>
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(segment) ||
      /^\d+$/.test(segment) ||
      segment.length > 40
        ? "[id]"
        : segment,
    )
    .join("/");
}
