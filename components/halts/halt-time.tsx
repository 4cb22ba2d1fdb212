"use client";

import { useFormatter } from "next-intl";
import { useClock } from "@/components/ui/clock";

/**
 * A point in time shown relative ("5 minutes ago", updated every second by the shared clock) with the
 * absolute, localized date and time (UTC) next to it; `<time dateTime>` carries the machine-readable
 * value. The relative part appears once the page is hydrated (see useClock); a time a little ahead of
 * the browser's clock reads "now", never "in 2 seconds".
 */
export function HaltTime({ iso, layout = "inline" }: { iso: string; layout?: "inline" | "stacked" }) {
  const format = useFormatter();
  const now = useClock();
  const date = new Date(iso);
  const absolute = format.dateTime(date, { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });
  return (
    <time
      dateTime={iso}
      title={`${absolute} UTC`}
      className={layout === "stacked" ? "flex flex-col" : undefined}
    >
      <span data-testid="relative-time">
        {now === null ? null : format.relativeTime(Math.min(date.getTime(), now), now)}
      </span>
      <span className="text-xs text-slate-600">
        {layout === "inline" ? " · " : null}
        {absolute} UTC
      </span>
    </time>
  );
}
