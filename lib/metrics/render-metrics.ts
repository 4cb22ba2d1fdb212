/**
 * The exposition of /api/metrics through prom-client: the database-derived families of a scrape
 * (collect-keel-metrics.ts) become gauges and counters of a registry made for that scrape, merged with
 * this process's latency histograms (lib/telemetry/metrics.ts), and prom-client writes the text format
 * (version 0.0.4: names and label names validated, HELP and label values escaped).
 */
import { Counter, Gauge, Registry } from "prom-client";

export const PROMETHEUS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

export type MetricType = "counter" | "gauge";

export interface MetricSample {
  labels?: Record<string, string>;
  value: number;
}

export interface MetricFamily {
  name: string;
  help: string;
  type: MetricType;
  /** The label names, for a family that may have no samples (derived from the samples otherwise). */
  labelNames?: string[];
  samples: MetricSample[];
}

/** A registry holding `families` as they are now (one scrape's values). Throws on an invalid name. */
export function familiesRegistry(families: readonly MetricFamily[]): Registry {
  const registry = new Registry();
  for (const family of families) {
    const labelNames = family.labelNames ?? [
      ...new Set(family.samples.flatMap((sample) => Object.keys(sample.labels ?? {}))),
    ];
    const options = { name: family.name, help: family.help, labelNames, registers: [registry] };
    if (family.type === "counter") {
      const counter = new Counter(options);
      for (const sample of family.samples) counter.inc(sample.labels ?? {}, sample.value);
    } else {
      const gauge = new Gauge(options);
      for (const sample of family.samples) gauge.set(sample.labels ?? {}, sample.value);
    }
  }
  return registry;
}

/** The exposition text of `families` followed by the families of `registries` (e.g. the process histograms). */
export async function renderMetrics(
  families: readonly MetricFamily[],
  ...registries: Registry[]
): Promise<string> {
  return Registry.merge([familiesRegistry(families), ...registries]).metrics();
}
