"use client";

import { useFormatter, useTranslations } from "next-intl";
import { type ReactElement, type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { callApi } from "@/components/api/api-client";
import { useLiveEvents } from "@/components/halts/live-events";
import {
  ACTIVITY_RANGES,
  type ActivityRange,
  type ActivityStats,
  activityOutputSchema,
  INTERVENTION_KINDS,
} from "@/lib/schemas/activity";
import { SEVERITY_LEVELS } from "@/lib/schemas/halts";

/** Colours that stay apart for the common colour-vision deficiencies; every series is also in the table. */
const SEVERITY_COLOUR = { low: "#64748b", medium: "#d97706", high: "#c2410c", critical: "#b91c1c" } as const;
const INTERVENTION_COLOUR = {
  quarantined: "#1d4ed8",
  scaffolding: "#7c3aed",
  wrapup: "#0f766e",
  auditStops: "#b91c1c",
  caveats: "#d97706",
  judgeContinuations: "#475569",
} as const;
const LIVE_RELOAD_MS = 5_000;

type State = { status: "loading" } | { status: "error" } | { status: "ready"; data: ActivityStats };

/**
 * The overview's pictures: halts over time by severity, guard interventions over time and the time to
 * acknowledge (median and 90th percentile), over 24 hours, 7 days or 30 days (GET /api/activity). Each
 * chart has its numbers as a table right below it (in a disclosure), for screen readers and for anyone
 * who would rather read them; live events reload the data at most every few seconds.
 */
export function ActivityCharts() {
  const t = useTranslations("ActivityCharts");
  const [range, setRange] = useState<ActivityRange>("7d");
  const [state, setState] = useState<State>({ status: "loading" });
  const headingId = useId();
  // The range shown now: an answer for another range (a live reload that set off before the operator
  // picked a new range and arrived after it) is dropped instead of replacing the chosen range's data.
  const shownRange = useRef(range);
  shownRange.current = range;

  const load = useCallback(
    async (signal?: AbortSignal) => {
      const result = await callApi(activityOutputSchema, `/api/activity?range=${range}`, { signal });
      if (signal?.aborted || range !== shownRange.current) return;
      setState((previous) =>
        result.type === "ok"
          ? { status: "ready", data: result.data }
          : previous.status === "ready"
            ? previous
            : { status: "error" },
      );
    },
    [range],
  );

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).catch(() => {});
    return () => controller.abort();
  }, [load]);

  const latestLoad = useRef(load);
  latestLoad.current = load;
  const [pending, setPending] = useState(false);
  useLiveEvents((event) => {
    if (event.type === "settings" || pending) return;
    setPending(true);
    setTimeout(() => {
      setPending(false);
      // The range chosen when the timer fires, not the one when the event arrived.
      latestLoad.current().catch(() => {});
    }, LIVE_RELOAD_MS);
  });

  return (
    <section aria-labelledby={headingId} data-testid="activity-charts" data-range={range}>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {t("heading")}
        </h2>
        <fieldset className="flex gap-1">
          <legend className="sr-only">{t("rangeLabel")}</legend>
          {ACTIVITY_RANGES.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={range === value}
              onClick={() => setRange(value)}
              className="rounded border border-slate-300 px-3 py-1 text-sm font-medium text-slate-800 hover:bg-slate-100 aria-pressed:border-slate-900 aria-pressed:bg-slate-900 aria-pressed:text-white"
            >
              {t("range", { range: value })}
            </button>
          ))}
        </fieldset>
      </div>
      {state.status === "loading" ? (
        <p role="status" className="mt-2 text-slate-700">
          {t("loading")}
        </p>
      ) : null}
      {state.status === "error" ? (
        <p role="alert" className="mt-2 text-red-900">
          {t("loadError")}
        </p>
      ) : null}
      {state.status === "ready" ? <Charts data={state.data} /> : null}
    </section>
  );
}

function Charts({ data }: { data: ActivityStats }) {
  const t = useTranslations("ActivityCharts");
  const tLabel = useTranslations("HaltLabels");
  const format = useFormatter();
  const label = (iso: string) =>
    format.dateTime(new Date(iso), {
      timeZone: "UTC",
      ...(data.range === "24h"
        ? { hour: "2-digit", minute: "2-digit" }
        : data.range === "7d"
          ? { weekday: "short", hour: "2-digit" }
          : { day: "numeric", month: "short" }),
    });
  const unit = (value: number, name: "second" | "minute" | "hour") =>
    format.number(value, { style: "unit", unit: name, unitDisplay: "short", maximumFractionDigits: 1 });
  const duration = (seconds: number | null) =>
    seconds === null
      ? t("none")
      : seconds < 120
        ? unit(Math.round(seconds), "second")
        : seconds < 7200
          ? unit(Math.round(seconds / 60), "minute")
          : unit(seconds / 3600, "hour");

  const halts = data.halts.map((bucket) => ({ ...bucket, label: label(bucket.start) }));
  const interventions = data.interventions.map((bucket) => ({ ...bucket, label: label(bucket.start) }));
  // The wait axis in the unit that fits the longest p90: seconds, minutes or hours.
  const longest = Math.max(0, ...data.acknowledgement.buckets.map((bucket) => bucket.p90Seconds ?? 0));
  const waitUnit = longest < 120 ? "second" : longest < 7200 ? "minute" : "hour";
  const perUnit = { second: 1, minute: 60, hour: 3600 }[waitUnit];
  const inUnit = (seconds: number | null) =>
    seconds === null ? null : Math.round((seconds / perUnit) * 10) / 10;
  const waits = data.acknowledgement.buckets.map((bucket) => ({
    label: label(bucket.start),
    start: bucket.start,
    median: inUnit(bucket.medianSeconds),
    p90: inUnit(bucket.p90Seconds),
    count: bucket.count,
  }));
  const severityName = (severity: string) => tLabel("severity", { severity });
  const interventionName = (kind: string) => t("intervention", { kind });
  const totalHalts = halts.reduce(
    (sum, bucket) => sum + bucket.low + bucket.medium + bucket.high + bucket.critical,
    0,
  );
  const totalInterventions = interventions.reduce(
    (sum, bucket) => sum + INTERVENTION_KINDS.reduce((inner, kind) => inner + bucket[kind], 0),
    0,
  );

  return (
    <div className="mt-3 grid gap-6 lg:grid-cols-2">
      <ChartCard
        testId="chart-halts"
        title={t("haltsTitle")}
        summary={t("haltsSummary", { count: totalHalts, range: data.range })}
        table={
          <DataTable
            caption={t("haltsTitle")}
            columns={[t("bucket"), ...[...SEVERITY_LEVELS].reverse().map(severityName)]}
            rows={halts.map((bucket) => [
              bucket.label,
              ...[...SEVERITY_LEVELS].reverse().map((severity) => format.number(bucket[severity])),
            ])}
          />
        }
      >
        {stackedBars(
          halts,
          [...SEVERITY_LEVELS].reverse().map((severity) => ({
            key: severity,
            name: severityName(severity),
            colour: SEVERITY_COLOUR[severity],
          })),
        )}
      </ChartCard>

      <ChartCard
        testId="chart-interventions"
        title={t("interventionsTitle")}
        summary={t("interventionsSummary", { count: totalInterventions, range: data.range })}
        table={
          <DataTable
            caption={t("interventionsTitle")}
            columns={[t("bucket"), ...INTERVENTION_KINDS.map(interventionName)]}
            rows={interventions.map((bucket) => [
              bucket.label,
              ...INTERVENTION_KINDS.map((kind) => format.number(bucket[kind])),
            ])}
          />
        }
      >
        {stackedBars(
          interventions,
          INTERVENTION_KINDS.map((kind) => ({
            key: kind,
            name: interventionName(kind),
            colour: INTERVENTION_COLOUR[kind],
          })),
        )}
      </ChartCard>

      <ChartCard
        testId="chart-acknowledge"
        title={t("acknowledgeTitle")}
        summary={t("acknowledgeSummary", {
          count: data.acknowledgement.count,
          median: duration(data.acknowledgement.medianSeconds),
          p90: duration(data.acknowledgement.p90Seconds),
        })}
        table={
          <DataTable
            caption={t("acknowledgeTitle")}
            columns={[t("bucket"), t("acknowledgedCount"), t("median"), t("p90")]}
            rows={data.acknowledgement.buckets.map((bucket) => [
              label(bucket.start),
              format.number(bucket.count),
              duration(bucket.medianSeconds),
              duration(bucket.p90Seconds),
            ])}
          />
        }
        wide
      >
        <LineChart
          accessibilityLayer={false}
          data={waits}
          margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} minTickGap={12} />
          <YAxis tick={{ fontSize: 11 }} tickFormatter={(value: number) => unit(value, waitUnit)} />
          <Tooltip />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Line
            type="monotone"
            dataKey="median"
            name={t("median")}
            stroke="#1d4ed8"
            strokeWidth={2}
            dot={false}
            connectNulls
            isAnimationActive={false}
          />
          <Line
            type="monotone"
            dataKey="p90"
            name={t("p90")}
            stroke="#b91c1c"
            strokeWidth={2}
            strokeDasharray="6 3"
            dot={false}
            connectNulls
            isAnimationActive={false}
          />
        </LineChart>
      </ChartCard>
    </div>
  );
}

/**
 * A stacked bar chart of `series` over the buckets (a function, not a component: ResponsiveContainer
 * sizes its direct child, which must be the chart itself).
 */
function stackedBars(data: object[], series: { key: string; name: string; colour: string }[]): ReactElement {
  return (
    <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" tick={{ fontSize: 11 }} minTickGap={12} />
      <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
      <Tooltip />
      <Legend wrapperStyle={{ fontSize: 12 }} />
      {series.map((entry) => (
        <Bar
          key={entry.key}
          dataKey={entry.key}
          name={entry.name}
          stackId="stack"
          fill={entry.colour}
          isAnimationActive={false}
        />
      ))}
    </BarChart>
  );
}

/** One chart: a heading, a one-sentence summary, the picture, and its numbers as a table. */
function ChartCard({
  testId,
  title,
  summary,
  table,
  wide = false,
  children,
}: {
  testId: string;
  title: string;
  summary: string;
  table: ReactNode;
  wide?: boolean;
  children: ReactElement;
}) {
  const t = useTranslations("ActivityCharts");
  const headingId = useId();
  return (
    <figure
      aria-labelledby={headingId}
      data-testid={testId}
      className={`rounded-md border border-slate-200 bg-white p-4 ${wide ? "lg:col-span-2" : ""}`}
    >
      <h3 id={headingId} className="font-semibold text-slate-900">
        {title}
      </h3>
      <figcaption className="mt-1 text-sm text-slate-700" data-testid="chart-summary">
        {summary}
      </figcaption>
      {/* The picture repeats the table below for sighted users; assistive technology reads the table. */}
      <div aria-hidden="true" className="mt-3 h-56 w-full">
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-medium text-blue-800 underline">{t("showTable")}</summary>
        {table}
      </details>
    </figure>
  );
}

function DataTable({ caption, columns, rows }: { caption: string; columns: string[]; rows: string[][] }) {
  return (
    <div className="mt-2 max-h-72 overflow-auto">
      <table className="w-full border-collapse text-left text-xs">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="border-b border-slate-300 px-2 py-1 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row[0]} className="odd:bg-slate-50">
              {row.map((cell, index) =>
                index === 0 ? (
                  <th key={columns[index]} scope="row" className="px-2 py-1 font-normal whitespace-nowrap">
                    {cell}
                  </th>
                ) : (
                  <td key={columns[index]} className="px-2 py-1 tabular-nums">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
