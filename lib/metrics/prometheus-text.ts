/**
 * A small renderer for the Prometheus text exposition format, version 0.0.4 (what `/api/metrics` serves,
 * content type PROMETHEUS_CONTENT_TYPE). One family = `# HELP`, `# TYPE`, then its samples. Names and
 * label names are validated (a bad one is a programming error and throws); HELP text and label values
 * are escaped as the format requires (`\\`, `\n`, and `"` in label values). Pure.
 */

export const PROMETHEUS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

export const METRIC_NAME_PATTERN = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
export const LABEL_NAME_PATTERN = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

export type MetricType = "counter" | "gauge";

export interface MetricSample {
  labels?: Record<string, string>;
  value: number;
}

export interface MetricFamily {
  name: string;
  help: string;
  type: MetricType;
  samples: MetricSample[];
}

/** Thrown for a metric or label name the format does not allow. */
export class InvalidMetricNameError extends Error {
  override readonly name = "InvalidMetricNameError";
}

export function escapeHelp(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/\n/g, "\\n");
}

export function escapeLabelValue(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/"/g, '\\"');
}

export function formatSampleValue(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (value === Number.POSITIVE_INFINITY) return "+Inf";
  if (value === Number.NEGATIVE_INFINITY) return "-Inf";
  return String(value);
}

function renderLabels(labels: Record<string, string> | undefined): string {
  const entries = Object.entries(labels ?? {});
  if (entries.length === 0) return "";
  for (const [name] of entries)
    if (!LABEL_NAME_PATTERN.test(name) || name.startsWith("__"))
      throw new InvalidMetricNameError(`Invalid label name ${JSON.stringify(name)}.`);
  return `{${entries.map(([name, value]) => `${name}="${escapeLabelValue(value)}"`).join(",")}}`;
}

/** The exposition text of `families`, ending with a newline. */
export function renderPrometheusText(families: readonly MetricFamily[]): string {
  const lines: string[] = [];
  const seen = new Set<string>();
  for (const family of families) {
    if (!METRIC_NAME_PATTERN.test(family.name))
      throw new InvalidMetricNameError(`Invalid metric name ${JSON.stringify(family.name)}.`);
    if (seen.has(family.name)) throw new InvalidMetricNameError(`Metric ${family.name} is listed twice.`);
    seen.add(family.name);
    lines.push(`# HELP ${family.name} ${escapeHelp(family.help)}`);
    lines.push(`# TYPE ${family.name} ${family.type}`);
    for (const sample of family.samples)
      lines.push(`${family.name}${renderLabels(sample.labels)} ${formatSampleValue(sample.value)}`);
  }
  return `${lines.join("\n")}\n`;
}
