"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { HaltTime } from "@/components/halts/halt-time";
import type { SettingsChange } from "@/lib/schemas/settings";
import { fetchSettingsChanges } from "./settings-api";
import { useSettingLabels } from "./use-setting-labels";

const CHANGE_LIMIT = 20;

type ChangeLogState =
  | { status: "loading" }
  | { status: "error"; changes: SettingsChange[] | null }
  | { status: "ready"; changes: SettingsChange[] };

/**
 * The latest settings changes, newest first, with localized field names, values and relative times.
 * Re-reads whenever `refreshKey` changes (after a save, or when the runtime status reports a new version);
 * keeps showing the previous list while it does.
 */
export function SettingsChangeLog({ refreshKey }: { refreshKey: string }) {
  const t = useTranslations("SettingsChangeLog");
  const labels = useSettingLabels();
  const [state, setState] = useState<ChangeLogState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  const load = useCallback(async (signal: AbortSignal) => {
    const result = await fetchSettingsChanges(CHANGE_LIMIT, signal);
    if (signal.aborted) return;
    if (result.type === "ok") setState({ status: "ready", changes: result.data });
    else
      setState((previous) => ({
        status: "error",
        changes: previous.status === "loading" ? null : previous.changes,
      }));
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey and attempt are the triggers for a re-read.
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).catch(() => {});
    return () => controller.abort();
  }, [load, refreshKey, attempt]);

  const changes = state.status === "loading" ? null : state.changes;
  return (
    <section aria-labelledby="settings-change-log-heading" className="mt-10">
      <h2 id="settings-change-log-heading" className="text-lg font-semibold text-slate-900">
        {t("heading")}
      </h2>
      {state.status === "loading" ? (
        <p role="status" className="mt-3 text-sm text-slate-600">
          {t("loading")}
        </p>
      ) : null}
      {state.status === "error" ? (
        <div role="alert" className="mt-3 flex flex-wrap items-center gap-3 text-sm text-red-800">
          <span>{t("error")}</span>
          <button
            type="button"
            onClick={() => setAttempt((count) => count + 1)}
            className="rounded border border-red-800 px-3 py-1 font-medium hover:bg-red-50"
          >
            {t("retry")}
          </button>
        </div>
      ) : null}
      {changes && changes.length === 0 ? <p className="mt-3 text-sm text-slate-600">{t("empty")}</p> : null}
      {changes && changes.length > 0 ? (
        <ol
          className="mt-3 divide-y divide-slate-200 rounded-md border border-slate-200 bg-white"
          data-testid="settings-change-log"
        >
          {changes.map((change) => (
            <li key={change.id} className="px-4 py-3">
              <p className="text-slate-900">
                {t("change", {
                  field: labels.label(change.field),
                  oldValue: labels.value(change.field, change.oldValue),
                  newValue: labels.value(change.field, change.newValue),
                })}
              </p>
              <p className="mt-0.5 text-sm text-slate-600">
                {t("details", { actor: change.actor, version: change.version })}
                {" · "}
                <HaltTime iso={change.at} />
              </p>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
