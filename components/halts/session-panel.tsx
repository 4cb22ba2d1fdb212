"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import type { ApiFailure } from "@/components/api/api-client";
import { useFailureMessage } from "@/components/auth/use-failure-message";
import { LoadErrorAlert, LoadingStatus } from "@/components/ui/load-state";
import type { AgentSessionView, GetSessionHaltsOutput } from "@/lib/schemas/halts";
import { CompactHaltList } from "./halt-detail";
import { HaltTime } from "./halt-time";
import { getAgentSession, getSessionHalts } from "./halts-api";
import { resyncs, useLiveEvents } from "./live-events";
import { deriveTaskStrikes } from "./task-strikes";

type State =
  | { status: "loading" }
  | { status: "error"; failure: ApiFailure }
  | { status: "ready"; session: AgentSessionView; halts: GetSessionHaltsOutput };

const STATE_TONE = {
  active: "border-emerald-300 bg-emerald-50 text-emerald-900",
  halted: "border-red-300 bg-red-50 text-red-900",
  paused: "border-amber-300 bg-amber-50 text-amber-900",
} as const;

/**
 * An agent session: its state (active / halted / paused), whether it can resume (no open halt that
 * needs acknowledgement), three-strikes counters per task and all its halts; follows live events.
 */
export function SessionPanel({ sessionId }: { sessionId: string }) {
  const t = useTranslations("SessionPanel");
  const tLabel = useTranslations("HaltLabels");
  const failureMessage = useFailureMessage();
  const [state, setState] = useState<State>({ status: "loading" });

  const load = useCallback(
    async (signal?: AbortSignal) => {
      const [session, halts] = await Promise.all([
        getAgentSession(sessionId, signal),
        getSessionHalts(sessionId, signal),
      ]);
      if (signal?.aborted) return;
      if (session.type === "failed") setState({ status: "error", failure: session.failure });
      else if (halts.type === "failed") setState({ status: "error", failure: halts.failure });
      else setState({ status: "ready", session: session.data, halts: halts.data });
    },
    [sessionId],
  );

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).catch(() => {});
    return () => controller.abort();
  }, [load]);

  useLiveEvents((event) => {
    if (resyncs(event, "halts") || (event.type === "halt" && event.data.session_id === sessionId))
      load().catch(() => {});
  });

  if (state.status === "loading") return <LoadingStatus label={t("loading")} />;
  if (state.status === "error")
    return (
      <LoadErrorAlert
        title={state.failure.kind === "notFound" ? t("notFound") : t("loadError")}
        detail={state.failure.kind === "notFound" ? t("notFoundDetail") : failureMessage(state.failure)}
        retry={state.failure.kind === "notFound" ? undefined : { label: t("retry"), onRetry: () => load() }}
      />
    );

  const { session, halts } = state;
  const blocking = halts.halts.filter(
    (halt) => !halt.acknowledged && (halt.severity !== "low" || Boolean(halt.escalated_at)),
  );
  const strikes = deriveTaskStrikes(halts.halts);

  return (
    <div className="space-y-6">
      <section
        aria-labelledby="session-state"
        className="rounded-md border border-slate-200 bg-white p-4 sm:p-6"
      >
        <h2 id="session-state" className="text-lg font-semibold text-slate-900">
          {t("stateHeading")}
        </h2>
        <div aria-live="polite" aria-atomic="true" className="mt-2 flex flex-wrap items-center gap-3">
          <span
            data-testid="session-state"
            data-state={session.state}
            className={`rounded-full border px-3 py-1 text-sm font-semibold ${STATE_TONE[session.state]}`}
          >
            {tLabel("sessionState", { state: session.state })}
          </span>
          <span data-testid="session-resume" className="text-slate-800">
            {session.state === "active"
              ? t("running")
              : session.state === "paused"
                ? t("pausedNote")
                : blocking.length === 0
                  ? t("canResume")
                  : t("cannotResume", { count: blocking.length })}
          </span>
        </div>
        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="font-medium text-slate-900">{t("agent")}</dt>
            <dd className="text-slate-800">{session.agent_name}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-900">{t("opened")}</dt>
            <dd className="text-slate-800">
              <HaltTime iso={session.created_at} />
            </dd>
          </div>
          <div>
            <dt className="font-medium text-slate-900">{t("counts")}</dt>
            <dd className="text-slate-800">
              {t("countsValue", { total: halts.total_count, unacknowledged: halts.unacknowledged_count })}
            </dd>
          </div>
        </dl>
      </section>

      {strikes.length > 0 ? (
        <section aria-labelledby="session-strikes">
          <h2 id="session-strikes" className="text-lg font-semibold text-slate-900">
            {t("strikesHeading")}
          </h2>
          <ul className="mt-2 space-y-1 text-sm">
            {strikes.map((entry) => (
              <li key={entry.taskId} data-testid="task-strikes">
                <span className="font-mono">{entry.taskId}</span>: {t("strikes", { count: entry.attempts })}
                {entry.struckOut ? <strong className="ml-2 text-red-900">{t("struckOut")}</strong> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="session-halts-heading">
        <h2 id="session-halts-heading" className="text-lg font-semibold text-slate-900">
          {t("haltsHeading")}
        </h2>
        {halts.halts.length === 0 ? (
          <p className="mt-2 text-slate-700">{t("noHalts")}</p>
        ) : (
          <CompactHaltList halts={halts.halts} />
        )}
      </section>
    </div>
  );
}
