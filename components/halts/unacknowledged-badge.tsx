"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { listHalts } from "./halts-api";
import { resyncs, useLiveEvents } from "./live-events";

/**
 * The number of unacknowledged halts next to the "Halts" navigation link, kept current by the live
 * event stream. Hidden while zero or unknown; the link points at it with aria-describedby, so its name
 * stays "Halts" and the count is its description.
 */
export function UnacknowledgedBadge({ id }: { id: string }) {
  const t = useTranslations("MainNav");
  const [count, setCount] = useState<number | null>(null);

  const load = useCallback(async (signal?: AbortSignal) => {
    const result = await listHalts({ acknowledged: "false", limit: 1 }, signal);
    if (!signal?.aborted && result.type === "ok") setCount(result.data.unacknowledged_count);
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).catch(() => {});
    return () => controller.abort();
  }, [load]);

  useLiveEvents((event) => {
    // Only halt notifications change the count (run events and settings changes do not).
    if (event.type === "halt" || resyncs(event, "halts")) load().catch(() => {});
  });

  if (!count) return null;
  return (
    <span
      id={id}
      data-testid="unacknowledged-badge"
      className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs font-semibold text-white"
    >
      <span aria-hidden="true">{count > 99 ? "99+" : count}</span>
      <span className="sr-only">{t("unacknowledged", { count })}</span>
    </span>
  );
}
