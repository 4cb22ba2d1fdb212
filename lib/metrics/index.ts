/** Prometheus metrics: the renderer (prom-client), a strict parser (for tests and tools), and Keel's collector. */

export { authorizeMetricsRequest } from "./authorize-metrics-request";
export { BREAKER_STATES, COMPLETION_VERDICTS, collectKeelMetrics } from "./collect-keel-metrics";
export {
  bearerToken,
  configuredMetricsToken,
  isMetricsToken,
  METRICS_TOKEN_MIN_LENGTH,
} from "./metrics-access";
export {
  type ParsedFamily,
  type ParsedSample,
  PrometheusParseError,
  parsePrometheusText,
} from "./parse-prometheus-text";
export {
  familiesRegistry,
  type MetricFamily,
  type MetricSample,
  type MetricType,
  PROMETHEUS_CONTENT_TYPE,
  renderMetrics,
} from "./render-metrics";
