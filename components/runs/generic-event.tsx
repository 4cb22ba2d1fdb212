"use client";

import { useTranslations } from "next-intl";
import { TextBlock } from "./event-parts";
import { toDisplayJson } from "./run-events";

/**
 * An event this console has no view for (a newer runtime's type, or a payload of another shape): its
 * type and its data as JSON, so nothing the runtime records is hidden.
 */
export function GenericEvent({ type, data }: { type: string; data: Record<string, unknown> }) {
  const t = useTranslations("RunTimeline");
  const { type: _type, ...rest } = data;
  return (
    <>
      <p className="text-sm text-slate-700">{t("genericText", { type })}</p>
      <TextBlock testId="generic-event-data">{toDisplayJson(rest)}</TextBlock>
    </>
  );
}
