import { Histogram, Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { PrometheusParseError, parsePrometheusText } from "./parse-prometheus-text";
import { type MetricFamily, renderMetrics } from "./render-metrics";

const FAMILIES: MetricFamily[] = [
  {
    name: "keel_runs",
    help: "Runs by kind\nand status \\ stored.",
    type: "gauge",
    samples: [
      { labels: { kind: "job", status: "succeeded" }, value: 3 },
      { labels: { kind: 'we"ird\\kind\n', status: "failed" }, value: 0 },
    ],
  },
  {
    name: "keel_run_completion_uncertified_total",
    help: "Uncertified runs.",
    type: "counter",
    samples: [{ value: 2 }],
  },
  {
    name: "keel_odd_values",
    help: "Special values.",
    type: "gauge",
    samples: [
      { labels: { v: "inf" }, value: Number.POSITIVE_INFINITY },
      { labels: { v: "-inf" }, value: Number.NEGATIVE_INFINITY },
      { labels: { v: "float" }, value: 0.25 },
    ],
  },
  { name: "keel_empty", help: "No samples.", type: "gauge", labelNames: ["runtime"], samples: [] },
];

function histogramRegistry(): Registry {
  const registry = new Registry();
  const histogram = new Histogram({
    name: "keel_test_duration_seconds",
    help: "A test histogram.",
    labelNames: ["route"],
    buckets: [0.1, 1],
    registers: [registry],
  });
  histogram.observe({ route: "/api/a" }, 0.05);
  histogram.observe({ route: "/api/a" }, 0.5);
  histogram.observe({ route: "/api/a" }, 5);
  return registry;
}

describe("renderMetrics", () => {
  it("writes HELP, TYPE and samples with escaping", async () => {
    const text = await renderMetrics(FAMILIES);
    expect(text).toContain(
      "# HELP keel_runs Runs by kind\\nand status \\\\ stored.\n# TYPE keel_runs gauge\n",
    );
    expect(text).toContain('keel_runs{kind="job",status="succeeded"} 3\n');
    expect(text).toContain('keel_runs{kind="we\\"ird\\\\kind\\n",status="failed"} 0\n');
    expect(text).toContain("keel_run_completion_uncertified_total 2\n");
    expect(text).toContain('keel_odd_values{v="inf"} +Inf\n');
    expect(text.endsWith("\n")).toBe(true);
  });

  it("round-trips through the strict parser, histograms of other registries included", async () => {
    const parsed = parsePrometheusText(await renderMetrics(FAMILIES, histogramRegistry()));
    expect(parsed.map((family) => [family.name, family.type])).toEqual([
      ["keel_runs", "gauge"],
      ["keel_run_completion_uncertified_total", "counter"],
      ["keel_odd_values", "gauge"],
      ["keel_empty", "gauge"],
      ["keel_test_duration_seconds", "histogram"],
    ]);
    expect(parsed[0]?.help).toBe("Runs by kind\nand status \\ stored.");
    expect(parsed[0]?.samples[1]?.labels.kind).toBe('we"ird\\kind\n');
    expect(parsed[2]?.samples.map((sample) => sample.value)).toEqual([
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      0.25,
    ]);
    expect(parsed[3]?.samples).toEqual([]);
    const histogram = parsed[4]!.samples.map((sample) => [sample.name, sample.labels.le ?? "", sample.value]);
    expect(histogram).toEqual([
      ["keel_test_duration_seconds_bucket", "0.1", 1],
      ["keel_test_duration_seconds_bucket", "1", 2],
      ["keel_test_duration_seconds_bucket", "+Inf", 3],
      ["keel_test_duration_seconds_sum", "", 5.55],
      ["keel_test_duration_seconds_count", "", 3],
    ]);
  });

  it.each([
    [{ name: "keel-runs", help: "x", type: "gauge", samples: [] }],
    [{ name: "1keel", help: "x", type: "gauge", samples: [] }],
    [{ name: "keel", help: "x", type: "gauge", samples: [{ labels: { "bad-label": "x" }, value: 1 }] }],
  ] as [MetricFamily][])("refuses an invalid name %#", async (family) => {
    await expect(renderMetrics([family])).rejects.toThrow();
  });

  it("refuses a family listed twice", async () => {
    await expect(renderMetrics([FAMILIES[3]!, FAMILIES[3]!])).rejects.toThrow();
  });
});

describe("parsePrometheusText (strict)", () => {
  it("accepts comments, timestamps and untyped samples", () => {
    const parsed = parsePrometheusText(
      "# a comment\nplain_metric 1 1700000000000\n# TYPE c_total counter\nc_total 4\n",
    );
    expect(parsed).toMatchObject([
      { name: "plain_metric", type: "untyped", samples: [{ value: 1, timestamp: 1_700_000_000_000 }] },
      { name: "c_total", type: "counter", samples: [{ value: 4 }] },
    ]);
  });

  it.each([
    ["no final newline", "m 1"],
    ["a bad metric name", "1m 1\n"],
    ["a bad value", "m one\n"],
    ["a bad label name", 'm{1a="x"} 1\n'],
    ["an unterminated label value", 'm{a="x} 1\n'],
    ["a bad escape", 'm{a="\\t"} 1\n'],
    ["a duplicate label", 'm{a="x",a="y"} 1\n'],
    ["a duplicate series", 'm{a="x"} 1\nm{a="x"} 2\n'],
    ["a bad type", "# TYPE m countr\nm 1\n"],
    ["two TYPE lines", "# TYPE m gauge\n# TYPE m gauge\nm 1\n"],
    ["TYPE after samples", "m 1\n# TYPE m gauge\n"],
    ["interleaved families", 'a 1\nb 1\na{x="1"} 2\n'],
    ["a missing value", "m\n"],
    ["extra fields", "m 1 2 3\n"],
  ])("refuses %s", (_label, text) => {
    expect(() => parsePrometheusText(text)).toThrow(PrometheusParseError);
  });
});
