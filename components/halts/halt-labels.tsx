"use client";

import { useTranslations } from "next-intl";
import { isHaltTextKey } from "@/lib/halts/halt-text";
import type { HaltEvent } from "@/lib/schemas/halts";

/**
 * A halt's description in the reader's language: a text Keel wrote (it has a message key) through the
 * catalog's `HaltTexts`, a text an agent wrote (or one from before keys, or with a key this version
 * does not know) as written.
 */
export function useHaltDescription(): (
  halt: Pick<HaltEvent, "description" | "description_key" | "description_params">,
) => string {
  const t = useTranslations("HaltTexts");
  return (halt) =>
    isHaltTextKey(halt.description_key)
      ? t(halt.description_key, halt.description_params ?? {})
      : halt.description;
}

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
