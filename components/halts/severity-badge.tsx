"use client";

import { useTranslations } from "next-intl";
import type { SeverityLevel } from "@/lib/schemas/halts";

const TONE: Record<SeverityLevel, string> = {
  low: "border-slate-300 bg-slate-50 text-slate-800",
  medium: "border-amber-300 bg-amber-50 text-amber-900",
  high: "border-orange-400 bg-orange-50 text-orange-900",
  critical: "border-red-400 bg-red-50 text-red-900",
};

/** The severity as a word in a tinted pill (never colour alone). */
export function SeverityBadge({ severity }: { severity: SeverityLevel }) {
  const t = useTranslations("HaltLabels");
  return (
    <span
      data-severity={severity}
      className={`inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-semibold ${TONE[severity]}`}
    >
      {t("severity", { severity })}
    </span>
  );
}
