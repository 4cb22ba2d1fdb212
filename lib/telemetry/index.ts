/** Keel's telemetry: traces over OTLP (off unless configured) and the process's latency histograms. */
export { TelemetryConfigError, type TracingConfig, tracingConfigFromEnv } from "./config";
export { observeModelCall, processMetrics, providerLabel, routeTemplate, secondsSince } from "./metrics";
export { observedQuarantine, type QuarantineSource } from "./quarantine";
export { observeRequest } from "./request";
export { runEventAttributes, tracedEmit, traceRunEvent } from "./run-events";
export {
  addSpanEvent,
  failSpan,
  injectTraceHeaders,
  inSpan,
  SpanKind,
  setSpanAttributes,
  startSpan,
  tracingActive,
} from "./tracing";
