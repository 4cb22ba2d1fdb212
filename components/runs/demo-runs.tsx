"use client";

import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { useHasRole } from "@/components/auth/signed-in-user";
import { useFailureMessage } from "@/components/auth/use-failure-message";
import { usePolling } from "@/components/settings/use-polling";
import { buttonClass } from "@/components/ui/buttons";
import { LiveNotice, type Notice } from "@/components/ui/live-notice";
import type { RuntimeStatus } from "@/lib/schemas/settings";
import { describeRunRuntimes } from "./run-runtimes";
import { getRuntimeStatus, startDemoRuns } from "./runs-api";

/** How often the panel re-reads which runtimes (and models) are alive. */
const RUNTIME_POLL_MS = 15_000;

/**
 * Which model serves runs. With a live runtime on the scripted demo model it explains the demo and
 * (operators) offers "Run demo scenarios" (POST /api/runs/demo), then says how many runs were queued;
 * the list shows them through its live updates. With real models it names them; with no live runtime
 * it says that runs wait in the queue. The runtime status is re-read every 15 s.
 */
export function DemoRuns({ initialStatus }: { initialStatus: RuntimeStatus | null }) {
  const t = useTranslations("DemoRuns");
  const failureMessage = useFailureMessage();
  const canStart = useHasRole("operator");
  const [status, setStatus] = useState(initialStatus);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  const poll = useCallback(async (signal: AbortSignal) => {
    const result = await getRuntimeStatus(signal);
    if (!signal.aborted && result.type === "ok") setStatus(result.data);
  }, []);
  usePolling(poll, RUNTIME_POLL_MS);

  const runtimes = describeRunRuntimes(status);

  async function start() {
    if (busy) return;
    setBusy(true);
    const result = await startDemoRuns();
    setBusy(false);
    const id = Date.now();
    if (result.type === "ok")
      setNotice({ tone: "success", text: t("queued", { count: result.runs.length }), id });
    else if (result.type === "noDemoRuntime") setNotice({ tone: "error", text: t("noDemoRuntime"), id });
    else if (result.type === "queueUnavailable")
      setNotice({ tone: "error", text: t("queueUnavailable"), id });
    else setNotice({ tone: "error", text: failureMessage(result.failure), id });
  }

  return (
    <section
      aria-labelledby="demo-runs-heading"
      className="rounded-md border border-slate-200 bg-white p-4"
      data-testid="run-runtimes"
      data-runtimes={runtimes.type}
    >
      <h2 id="demo-runs-heading" className="text-lg font-semibold text-slate-900">
        {runtimes.type === "demo" ? t("demoHeading") : t("modelHeading")}
      </h2>
      {runtimes.type === "none" ? <p className="mt-2 text-sm text-slate-700">{t("noRuntime")}</p> : null}
      {runtimes.type === "models" ? (
        <>
          <p className="mt-2 text-sm text-slate-700">{t("modelsIntro", { count: runtimes.models.length })}</p>
          {runtimes.models.length > 0 ? (
            <ul className="mt-2 flex flex-wrap gap-2" data-testid="runtime-models">
              {runtimes.models.map((model) => (
                <li key={model}>
                  <code className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-sm">
                    {model}
                  </code>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
      {runtimes.type === "demo" ? (
        <>
          <p className="mt-2 text-sm text-slate-700">{t("demoIntro")}</p>
          <p className="mt-2 text-sm text-slate-700">{t("demoGuards")}</p>
          {canStart ? (
            <div className="mt-3 space-y-3">
              <button
                type="button"
                onClick={start}
                aria-disabled={busy || undefined}
                className={buttonClass.primary}
              >
                {busy ? t("starting") : t("start")}
              </button>
              <LiveNotice notice={notice} testId="demo-runs-notice" />
            </div>
          ) : (
            <p className="mt-2 text-sm text-slate-600">{t("operatorsOnly")}</p>
          )}
        </>
      ) : null}
    </section>
  );
}
