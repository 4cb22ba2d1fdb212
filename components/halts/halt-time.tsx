"use client";

import { useFormatter, useNow } from "next-intl";

/**
 * A point in time shown relative ("5 minutes ago") with the absolute, localized date and time (UTC)
 * next to it; `<time dateTime>` carries the machine-readable value.
 */
export function HaltTime({ iso, layout = "inline" }: { iso: string; layout?: "inline" | "stacked" }) {
  const format = useFormatter();
  const now = useNow({ updateInterval: 30_000 });
  const date = new Date(iso);
  const absolute = format.dateTime(date, { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });
  return (
    <time
      dateTime={iso}
      title={`${absolute} UTC`}
      className={layout === "stacked" ? "flex flex-col" : undefined}
    >
      <span>{format.relativeTime(date, now)}</span>
      <span className="text-xs text-slate-600">
        {layout === "inline" ? " · " : null}
        {absolute} UTC
      </span>
    </time>
  );
}
