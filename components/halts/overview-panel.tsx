"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { ActivityCharts } from "@/components/overview/activity-charts";
import { summarizeRuntimeStatus } from "@/components/settings/runtime-status";
import { Link } from "@/i18n/navigation";
import { type HaltEvent, SEVERITY_LEVELS, type SeverityLevel } from "@/lib/schemas/halts";
import type { RuntimeStatus } from "@/lib/schemas/settings";
import { CompactHaltList } from "./halt-detail";
import { getRuntimeStatus, listHalts } from "./halts-api";
import { useLiveEvents } from "./live-events";
import { SeverityBadge } from "./severity-badge";

type Loadable<T> = { status: "loading" } | { status: "error" } | { status: "ready"; data: T };

/**
 * The console's overview: open halts by severity (each a link to the filtered list), the runtime
 * status, and the latest halts; refreshed on live events.
 */
export function OverviewPanel() {
  const t = useTranslations("OverviewPanel");
  // Per severity: the open count and whether the API capped it (HALT_COUNT_CAP, shown as "10,000+").
  const [counts, setCounts] = useState<Loadable<Record<SeverityLevel, { count: number; capped: boolean }>>>({
    status: "loading",
  });
  const [recent, setRecent] = useState<Loadable<HaltEvent[]>>({ status: "loading" });
  const [runtime, setRuntime] = useState<Loadable<RuntimeStatus>>({ status: "loading" });

  const loadHalts = useCallback(async (signal?: AbortSignal) => {
    const [perSeverity, latest] = await Promise.all([
      Promise.all(
        SEVERITY_LEVELS.map((severity) => listHalts({ acknowledged: "false", severity, limit: 1 }, signal)),
      ),
      listHalts({ limit: 8 }, signal),
    ]);
    if (signal?.aborted) return;
    if (perSeverity.every((result) => result.type === "ok")) {
      const values = Object.fromEntries(
        SEVERITY_LEVELS.map((severity, index) => {
          const result = perSeverity[index];
          return [
            severity,
            result?.type === "ok"
              ? { count: result.data.total_count, capped: result.data.total_count_capped }
              : { count: 0, capped: false },
          ];
        }),
      ) as Record<SeverityLevel, { count: number; capped: boolean }>;
      setCounts({ status: "ready", data: values });
    } else setCounts({ status: "error" });
    setRecent(latest.type === "ok" ? { status: "ready", data: latest.data.halts } : { status: "error" });
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    loadHalts(controller.signal).catch(() => {});
    getRuntimeStatus(controller.signal)
      .then((result) =>
        setRuntime(result.type === "ok" ? { status: "ready", data: result.data } : { status: "error" }),
      )
      .catch(() => {});
    return () => controller.abort();
  }, [loadHalts]);

  useLiveEvents((event) => {
    if (event.type !== "settings") loadHalts().catch(() => {});
  });

  return (
    <div className="space-y-8">
      <section aria-labelledby="overview-open">
        <h2 id="overview-open" className="text-lg font-semibold text-slate-900">
          {t("openHeading")}
        </h2>
        {counts.status === "loading" ? (
          <p role="status" className="mt-2 text-slate-700">
            {t("loading")}
          </p>
        ) : null}
        {counts.status === "error" ? (
          <p role="alert" className="mt-2 text-red-900">
            {t("loadError")}
          </p>
        ) : null}
        {counts.status === "ready" ? (
          <ul aria-live="polite" className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {[...SEVERITY_LEVELS].reverse().map((severity) => (
              <li key={severity} data-testid="open-count" data-severity={severity}>
                <Link
                  href={{ pathname: "/halts", query: { severity, acknowledged: "false" } }}
                  className="block rounded-md border border-slate-200 bg-white p-4 hover:bg-slate-50"
                >
                  <SeverityBadge severity={severity} />
                  <span className="mt-2 block text-3xl font-semibold text-slate-900">
                    {counts.data[severity].count}
                    {counts.data[severity].capped ? "+" : ""}
                  </span>
                  <span className="sr-only">
                    {counts.data[severity].capped
                      ? t("openCountCapped", { count: counts.data[severity].count })
                      : t("openCount", { count: counts.data[severity].count })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <ActivityCharts />

      <section aria-labelledby="overview-runtime">
        <h2 id="overview-runtime" className="text-lg font-semibold text-slate-900">
          {t("runtimeHeading")}
        </h2>
        <p className="mt-2 text-slate-800" data-testid="overview-runtime">
          {runtime.status === "loading" ? t("loading") : null}
          {runtime.status === "error" ? t("runtimeError") : null}
          {runtime.status === "ready" ? <RuntimeSummary status={runtime.data} /> : null}
        </p>
      </section>

      <section aria-labelledby="overview-recent">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="overview-recent" className="text-lg font-semibold text-slate-900">
            {t("recentHeading")}
          </h2>
          <Link href="/halts" className="text-sm font-medium text-blue-800 underline">
            {t("allHalts")}
          </Link>
        </div>
        {recent.status === "loading" ? <p className="mt-2 text-slate-700">{t("loading")}</p> : null}
        {recent.status === "error" ? <p className="mt-2 text-red-900">{t("loadError")}</p> : null}
        {recent.status === "ready" && recent.data.length === 0 ? (
          <p className="mt-2 text-slate-700">{t("noHalts")}</p>
        ) : null}
        {recent.status === "ready" && recent.data.length > 0 ? <CompactHaltList halts={recent.data} /> : null}
      </section>
    </div>
  );
}

function RuntimeSummary({ status }: { status: RuntimeStatus }) {
  const t = useTranslations("OverviewPanel");
  const summary = summarizeRuntimeStatus(status);
  switch (summary.kind) {
    case "none":
      return <>{t("runtimeNone", { version: summary.version })}</>;
    case "waiting":
      return <>{t("runtimeWaiting", { version: summary.version })}</>;
    case "applied":
      return (
        <>{t("runtimeApplied", { count: summary.count, total: summary.total, version: summary.version })}</>
      );
  }
}
