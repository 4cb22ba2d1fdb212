"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { type RuntimeStatusSummary, summarizeRuntimeStatus } from "./runtime-status";
import { fetchRuntimeStatus } from "./settings-api";
import { usePolling } from "./use-polling";

const POLL_INTERVAL_MS = 2_000;

type StatusState =
  | { status: "loading" }
  | { status: "error"; last: RuntimeStatusSummary | null }
  | { status: "ready"; summary: RuntimeStatusSummary; checkedAt: number };

/**
 * "Applied by N runtimes, version V, X seconds ago": polls GET /api/runtime/status every 2 s and reports
 * each new settings version through `onVersion`. The element carries data-testid="runtime-status",
 * data-state and data-version for tests. It is not a live region: it changes every poll.
 */
export function RuntimeStatusLine({ onVersion }: { onVersion?: (version: number) => void }) {
  const t = useTranslations("RuntimeStatusLine");
  const format = useFormatter();
  const [state, setState] = useState<StatusState>({ status: "loading" });

  const poll = useCallback(
    async (signal: AbortSignal) => {
      const result = await fetchRuntimeStatus(signal);
      if (signal.aborted) return;
      if (result.type === "ok") {
        const summary = summarizeRuntimeStatus(result.data);
        setState({ status: "ready", summary, checkedAt: Date.now() });
        onVersion?.(summary.version);
      } else {
        setState((previous) => ({
          status: "error",
          last:
            previous.status === "ready"
              ? previous.summary
              : previous.status === "error"
                ? previous.last
                : null,
        }));
      }
    },
    [onVersion],
  );
  usePolling(poll, POLL_INTERVAL_MS);

  let text: string;
  let summary: RuntimeStatusSummary | null = null;
  if (state.status === "loading") text = t("loading");
  else if (state.status === "error") {
    text = t("error");
    summary = state.last;
  } else {
    summary = state.summary;
    text = describeSummary(summary, state.checkedAt);
  }

  function describeSummary(current: RuntimeStatusSummary, now: number): string {
    if (current.kind === "none") return t("none", { version: current.version });
    if (current.kind === "waiting") return t("waiting", { version: current.version });
    const appliedAt = Math.min(current.lastAppliedAt?.getTime() ?? now, now);
    const ago = format.relativeTime(appliedAt, now);
    return current.count >= current.total
      ? t("applied", { count: current.count, version: current.version, ago })
      : t("appliedPartly", { count: current.count, total: current.total, version: current.version, ago });
  }

  const tone =
    state.status === "error"
      ? "border-amber-400 bg-amber-50 text-amber-950"
      : summary?.kind === "applied"
        ? "border-emerald-300 bg-emerald-50 text-emerald-950"
        : "border-slate-300 bg-white text-slate-800";
  return (
    <section aria-labelledby="runtime-status-heading" className={`rounded-md border px-4 py-3 ${tone}`}>
      <h2 id="runtime-status-heading" className="text-sm font-semibold">
        {t("heading")}
      </h2>
      <p
        data-testid="runtime-status"
        data-state={state.status === "ready" ? state.summary.kind : state.status}
        data-version={summary?.version}
        className="mt-1 text-sm"
      >
        {text}
      </p>
    </section>
  );
}
