"use client";

import { useTranslations } from "next-intl";
import type { Run } from "@/lib/schemas/runs";

type Counter = keyof Run["guardCounts"];

const COUNTERS: ReadonlyArray<{ key: Counter; icon: string }> = [
  { key: "quarantinedSegments", icon: "M10 2 3 5v5c0 4 3 7 7 8 4-1 7-4 7-8V5z" },
  { key: "scaffoldStripped", icon: "M4 4h12v2H4zm0 5h12v2H4zm0 5h7v2H4z" },
  { key: "auditVerdicts", icon: "M8 13.5 4.5 10 3 11.5l5 5 9-9L15.5 6z" },
  { key: "interventions", icon: "M9 3h2v9H9zm0 11h2v3H9z" },
];

/**
 * What the guards did in one run: quarantined segments, stripped scaffolding characters, audit
 * verdicts and interventions. Each counter is an icon with its number; the full wording is the
 * accessible name (and the tooltip), and counters that are zero are muted, not hidden.
 */
export function GuardCounters({ counts }: { counts: Run["guardCounts"] }) {
  const t = useTranslations("GuardCounters");
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={t("label")} data-testid="guard-counters">
      {COUNTERS.map(({ key, icon }) => {
        const value = counts[key];
        const text = t(key, { count: value });
        return (
          <li
            key={key}
            title={text}
            data-counter={key}
            data-value={value}
            className={`inline-flex items-center gap-1 rounded border px-1.5 py-0.5 text-xs tabular-nums ${
              value > 0
                ? "border-amber-400 bg-amber-50 font-semibold text-amber-950"
                : "border-slate-200 bg-white text-slate-600"
            }`}
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-3.5" fill="currentColor">
              <path d={icon} />
            </svg>
            <span aria-hidden="true">{value}</span>
            <span className="sr-only">{text}</span>
          </li>
        );
      })}
    </ul>
  );
}
