"use client";

import { useTranslations } from "next-intl";
import type { RunEventOf } from "@/lib/schemas/runs";
import { EventSubheading, Pill, TextBlock } from "./event-parts";

/**
 * `guard.shadow`: a guard in Shadow mode would have acted (lib/guards/guard-mode.ts). Marked distinctly:
 * nothing was changed, the run went on as if the guard were off. The audit gate's event names the step's
 * tools and says why the gate would have blocked it.
 */
export function GuardShadowEvent({ data }: { data: RunEventOf<"guard.shadow"> }) {
  const t = useTranslations("RunTimeline");
  // The audit gate's one preview is its reason: the summary says it ("would have blocked this step: ...").
  const auditReason = data.guard === "audit_gate" ? data.previews.join("\n") : null;
  return (
    <div data-testid="guard-shadow" data-guard={data.guard}>
      <div className="flex flex-wrap items-center gap-2">
        <Pill tone="neutral" testId="shadow-badge">
          {t("shadowBadge")}
        </Pill>
        {data.name ? <code className="font-mono text-xs">{data.name}</code> : null}
      </div>
      <p className="mt-2 text-sm text-slate-800" data-testid="shadow-summary">
        {t("shadowSummary", {
          guard: data.guard,
          count: data.count,
          verdict: data.verdict ?? "",
          reason: auditReason ?? "",
        })}
      </p>
      {auditReason === null && data.previews.length > 0 ? (
        <>
          <EventSubheading>{t("shadowPreviews")}</EventSubheading>
          <ul className="mt-1 space-y-1">
            {data.previews.map((preview, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: previews are an immutable ordered list.
              <li key={index} data-testid="shadow-preview">
                <TextBlock>{preview}</TextBlock>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
