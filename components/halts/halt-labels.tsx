"use client";

import { useTranslations } from "next-intl";
import type { HaltEvent } from "@/lib/schemas/halts";

/** "Open", "Resolved", "Dismissed", ... for a halt (acknowledged or not, and how). */
export function HaltStatus({
  halt,
}: {
  halt: Pick<HaltEvent, "acknowledged" | "resolution" | "escalated_at">;
}) {
  const t = useTranslations("HaltLabels");
  if (!halt.acknowledged)
    return (
      <span className="font-medium text-red-900">{halt.escalated_at ? t("openEscalated") : t("open")}</span>
    );
  return (
    <span className="text-slate-700">{t("resolution", { resolution: halt.resolution ?? "unknown" })}</span>
  );
}
