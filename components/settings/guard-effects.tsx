"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Bar, BarChart, ResponsiveContainer, Tooltip, XAxis } from "recharts";
import { callApi } from "@/components/api/api-client";
import { Link } from "@/i18n/navigation";
import { type GuardEffects, guardEffectsSchema, type ShadowableGuard } from "@/lib/schemas/settings";

type GuardEffect = GuardEffects["guards"][number];
type Window = GuardEffect["last24h"];

/** Loads GET /api/app-settings/guard-effects again whenever `refreshKey` changes (a save, a new version). */
export function useGuardEffects(refreshKey: string): GuardEffects | null {
  const [effects, setEffects] = useState<GuardEffects | null>(null);
  useEffect(() => {
    // refreshKey is the trigger: a new settings version can change a guard's mode.
    void refreshKey;
    const controller = new AbortController();
    callApi(guardEffectsSchema, "/api/app-settings/guard-effects", { signal: controller.signal })
      .then((result) => {
        if (result.type === "ok") setEffects(result.data);
      })
      .catch(() => {});
    return () => controller.abort();
  }, [refreshKey]);
  return effects;
}

const ENFORCED_COLOUR = "#1d4ed8";
const SHADOW_COLOUR = "#94a3b8";

/**
 * Next to a guard's switch: what it did (On) or would have done (Shadow) over the last 24 hours and 7
 * days, runs and results affected, each linked to the runs list filtered to them, and a small chart of
 * results per day (its numbers are in the text beside it).
 */
export function GuardEffectsSummary({ effect }: { effect: GuardEffect | undefined }) {
  const t = useTranslations("GuardEffects");
  const format = useFormatter();
  if (!effect) return null;
  const line = (label: string, window: Window, windowKey: "24h" | "7d") => (
    <li className="flex flex-wrap gap-x-3 gap-y-1" data-testid={`guard-effects-${windowKey}`}>
      <span className="font-medium text-slate-800">{label}</span>
      {(["enforced", "shadow"] as const).map((decision) => {
        const counts = window[decision];
        return (
          <Link
            key={decision}
            href={{ pathname: "/runs", query: { guard: effect.guard, decision, since: window.since } }}
            className="text-blue-800 underline underline-offset-2 hover:text-blue-950"
            data-testid={`guard-effects-${windowKey}-${decision}`}
            data-runs={counts.runs}
            data-results={counts.results}
          >
            {t(decision === "enforced" ? "enforced" : "shadow", {
              runs: counts.runs,
              results: counts.results,
            })}
          </Link>
        );
      })}
    </li>
  );
  return (
    <div
      className="mb-4 flex flex-col gap-3 rounded-md bg-slate-50 px-3 py-2 text-sm sm:flex-row sm:items-center"
      data-testid={`guard-effects-${effect.guard}`}
      data-mode={effect.mode}
    >
      <div className="min-w-0 flex-1">
        <p className="text-slate-700">
          {t("mode", { mode: effect.mode })} · {t("heading", { guard: effect.guard as ShadowableGuard })}
        </p>
        <ul className="mt-1 space-y-1">
          {line(t("last24h"), effect.last24h, "24h")}
          {line(t("last7d"), effect.last7d, "7d")}
        </ul>
      </div>
      <div className="h-16 w-full sm:w-48" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            accessibilityLayer={false}
            data={effect.daily}
            margin={{ top: 2, right: 2, bottom: 0, left: 2 }}
          >
            <XAxis dataKey="day" hide />
            <Tooltip
              labelFormatter={(day) =>
                format.dateTime(new Date(`${String(day)}T00:00:00Z`), { dateStyle: "medium" })
              }
            />
            <Bar dataKey="enforced" name={t("enforcedSeries")} stackId="a" fill={ENFORCED_COLOUR} />
            <Bar dataKey="shadow" name={t("shadowSeries")} stackId="a" fill={SHADOW_COLOUR} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </div>
  );
}
