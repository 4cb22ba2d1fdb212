/**
 * Starts this process's telemetry, once: the web process from instrumentation.ts (Next.js `register()`,
 * Node.js runtime only), the agent runtime from agent/main.ts, tests and benches directly.
 *
 * Tracing starts only when an OTLP endpoint variable is set (lib/telemetry/config.ts): then a tracer
 * provider with the W3C trace-context propagator, an AsyncLocalStorage context manager, a batch span
 * processor and the OTLP/HTTP exporter of the configured protocol (http/protobuf or http/json) is
 * registered globally, with the resource from OTEL_SERVICE_NAME / OTEL_RESOURCE_ATTRIBUTES (service
 * name default: `keel-<role>`). Without it nothing is started and the helpers of tracing.ts do nothing.
 * The model-call metrics integration of the AI SDK is registered either way.
 */

import { context, propagation, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { setGlobalErrorHandler, W3CTraceContextPropagator } from "@opentelemetry/core";
import { detectResources, envDetector, resourceFromAttributes } from "@opentelemetry/resources";
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  type Sampler,
  type SpanExporter,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from "@opentelemetry/sdk-trace";
import { createLogger, errorFields } from "@/lib/log/logger";
import { registerAiSdkTelemetry } from "./ai-sdk";
import { type OtlpProtocol, type SamplerSetting, tracingConfigFromEnv } from "./config";
import { setTracingActive, TRACER_NAME } from "./tracing";

export type TelemetryRole = "web" | "agent" | "cli" | "test" | "bench";

export interface TelemetryHandle {
  /** True when traces are exported. */
  tracing: boolean;
  /** The OTLP protocol in use (null while tracing is off). */
  protocol: OtlpProtocol | null;
  /** Exports the spans still buffered (never rejects: a failed export is logged). */
  flush(): Promise<void>;
  /** Flushes and stops the exporter (process shutdown, tests; never rejects). */
  shutdown(): Promise<void>;
}

const log = createLogger({ component: "telemetry" });
/** Export failures (a collector that is away) are logged at most once a minute; they never fail a request. */
const EXPORT_WARNING_INTERVAL_MS = 60_000;

const KEY = Symbol.for("keel.telemetry.handle");
const globalStore = globalThis as unknown as Record<symbol, TelemetryHandle | undefined>;

function sampler(setting: SamplerSetting): Sampler {
  switch (setting.type) {
    case "always_on":
      return new AlwaysOnSampler();
    case "always_off":
      return new AlwaysOffSampler();
    case "traceidratio":
      return new TraceIdRatioBasedSampler(setting.ratio);
    case "parentbased_always_on":
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
    case "parentbased_always_off":
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case "parentbased_traceidratio":
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(setting.ratio) });
  }
}

async function exporter(protocol: OtlpProtocol): Promise<SpanExporter> {
  // Loaded only when tracing is on; endpoint, headers, timeout and compression come from the OTEL_* variables.
  if (protocol === "http/json") {
    const { OTLPTraceExporter } = await import("@opentelemetry/exporter-trace-otlp-http");
    return new OTLPTraceExporter();
  }
  const { OTLPTraceExporter } = await import("@opentelemetry/exporter-trace-otlp-proto");
  return new OTLPTraceExporter();
}

/**
 * Starts telemetry for this process (idempotent: a second call returns the first handle). Throws
 * TelemetryConfigError on an invalid OTEL_* value, so a misconfiguration is seen at start.
 */
export async function startTelemetry(
  role: TelemetryRole,
  env: Record<string, string | undefined> = process.env,
): Promise<TelemetryHandle> {
  const existing = globalStore[KEY];
  if (existing) return existing;
  const config = tracingConfigFromEnv(env);
  if (!config) {
    registerAiSdkTelemetry({ tracer: null, captureContent: false });
    const off: TelemetryHandle = {
      tracing: false,
      protocol: null,
      flush: async () => {},
      shutdown: async () => {},
    };
    globalStore[KEY] = off;
    return off;
  }
  const resource = resourceFromAttributes({ "service.name": `keel-${role}` }).merge(
    detectResources({ detectors: [envDetector] }),
  );
  const provider = new TracerProvider({
    resource,
    sampler: sampler(config.sampler),
    spanProcessors: [new BatchSpanProcessor({ exporter: await exporter(config.protocol) })],
  });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  // W3C trace context only: no baggage (a caller's baggage would travel into queue jobs and upstreams).
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  setTracingActive(true);
  registerAiSdkTelemetry({ tracer: provider.getTracer(TRACER_NAME), captureContent: config.captureContent });
  let lastWarning = 0;
  const warn = (message: string, error: unknown) => {
    if (Date.now() - lastWarning < EXPORT_WARNING_INTERVAL_MS) return;
    lastWarning = Date.now();
    log.warn(message, errorFields(error));
  };
  setGlobalErrorHandler((error) => warn("OpenTelemetry reported an error (exporting traces?)", error));
  const handle: TelemetryHandle = {
    tracing: true,
    protocol: config.protocol,
    flush: () => provider.forceFlush().catch((error) => warn("exporting traces failed", error)),
    async shutdown() {
      setTracingActive(false);
      await provider.shutdown().catch((error) => warn("exporting the last traces failed", error));
      trace.disable();
      propagation.disable();
      context.disable();
      if (globalStore[KEY] === handle) globalStore[KEY] = undefined;
    },
  };
  globalStore[KEY] = handle;
  return handle;
}
