"use client";

import { useFormatter, useTranslations } from "next-intl";
import { type FormEvent, useState } from "react";
import { callApi } from "@/components/api/api-client";
import { Link } from "@/i18n/navigation";
import { type ReplayItem, type ReplayReport, replayReportSchema } from "@/lib/schemas/replay";

type Selection = "lastRuns" | "hours";
type State =
  | { status: "idle" }
  | { status: "running" }
  | { status: "error"; message: string }
  | { status: "done"; report: ReplayReport };

/** `text` with the given ranges wrapped in <mark> (ranges sorted, non-overlapping as the scan returns them). */
function Highlighted({ text, ranges }: { text: string; ranges: readonly { start: number; end: number }[] }) {
  const parts: { text: string; removed: boolean }[] = [];
  let from = 0;
  for (const range of [...ranges].sort((a, b) => a.start - b.start)) {
    if (range.start < from) continue;
    if (range.start > from) parts.push({ text: text.slice(from, range.start), removed: false });
    parts.push({ text: text.slice(range.start, range.end), removed: true });
    from = range.end;
  }
  if (from < text.length) parts.push({ text: text.slice(from), removed: false });
  return (
    <pre className="max-h-80 overflow-auto whitespace-pre-wrap break-words rounded border border-slate-200 bg-white p-2 text-xs">
      {parts.map((part, index) =>
        part.removed ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts are an immutable ordered split of one text.
          <mark key={index} data-testid="replay-removed" className="bg-red-100 text-red-950 line-through">
            {part.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <span key={index}>{part.text}</span>
        ),
      )}
    </pre>
  );
}

function PreviewList({ previews, empty }: { previews: readonly string[]; empty: string }) {
  if (previews.length === 0) return <p className="text-xs text-slate-600">{empty}</p>;
  return (
    <ul className="space-y-1">
      {previews.map((preview, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: previews are an immutable ordered list.
        <li key={index} className="rounded bg-red-50 px-2 py-1 text-xs text-red-950">
          {preview}
        </li>
      ))}
    </ul>
  );
}

function ReplayItemView({ item }: { item: ReplayItem }) {
  const t = useTranslations("ReplayPanel");
  const format = useFormatter();
  return (
    <li className="rounded-md border border-slate-200 bg-white p-4" data-testid="replay-item">
      <p className="text-sm text-slate-800">
        <code className="font-mono">{item.toolName}</code> ·{" "}
        {format.dateTime(new Date(item.at), { dateStyle: "medium", timeStyle: "short" })} ·{" "}
        <Link href={`/runs/${item.runId}`} className="text-blue-800 underline underline-offset-2">
          {t("openRun")}
        </Link>
        {item.truncated ? ` · ${t("truncated")}` : ""}
      </p>
      <div className="mt-3 grid gap-4 md:grid-cols-2">
        <div>
          <h3 className="mb-1 text-sm font-semibold text-slate-900">{t("before")}</h3>
          <PreviewList previews={item.before.previews} empty={t("nothingRemoved")} />
        </div>
        <div>
          <h3 className="mb-1 text-sm font-semibold text-slate-900">{t("after")}</h3>
          <PreviewList previews={item.after.previews} empty={t("nothingRemoved")} />
        </div>
      </div>
      <details className="mt-3">
        <summary className="cursor-pointer text-sm text-slate-700">{t("textNow")}</summary>
        <Highlighted text={item.text} ranges={item.after.segments} />
      </details>
    </li>
  );
}

/**
 * Admin: replays the stored tool results of the last N runs or of the last hours through the quarantine
 * as it is now (POST /api/replay), and shows the results it treats differently, before and after side by
 * side, removed text highlighted. Nothing about the runs changes.
 */
export function ReplayPanel() {
  const t = useTranslations("ReplayPanel");
  const [selection, setSelection] = useState<Selection>("lastRuns");
  const [amount, setAmount] = useState("50");
  const [state, setState] = useState<State>({ status: "idle" });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = Number(amount);
    if (!Number.isInteger(value) || value < 1 || value > 10_000) {
      setState({ status: "error", message: t("invalidAmount") });
      return;
    }
    setState({ status: "running" });
    const json =
      selection === "lastRuns"
        ? { lastRuns: value, maxItems: 100 }
        : { since: new Date(Date.now() - value * 3_600_000).toISOString(), maxItems: 100 };
    const result = await callApi(replayReportSchema, "/api/replay", { method: "POST", json });
    setState(
      result.type === "ok"
        ? { status: "done", report: result.data }
        : { status: "error", message: t("failed", { reason: result.failure.kind }) },
    );
  };

  return (
    <div>
      <form
        onSubmit={submit}
        className="flex flex-wrap items-end gap-3 rounded-md border border-slate-200 bg-white p-4"
      >
        <label className="flex flex-col text-sm text-slate-800">
          {t("selection")}
          <select
            value={selection}
            onChange={(event) => setSelection(event.target.value as Selection)}
            className="mt-1 rounded border border-slate-300 px-2 py-1"
          >
            <option value="lastRuns">{t("lastRuns")}</option>
            <option value="hours">{t("lastHours")}</option>
          </select>
        </label>
        <label className="flex flex-col text-sm text-slate-800">
          {t("amount")}
          <input
            type="number"
            min={1}
            max={10_000}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            className="mt-1 w-28 rounded border border-slate-300 px-2 py-1"
          />
        </label>
        <button
          type="submit"
          disabled={state.status === "running"}
          className="rounded-md bg-slate-900 px-4 py-2 text-sm font-medium text-white disabled:opacity-60"
        >
          {state.status === "running" ? t("running") : t("run")}
        </button>
      </form>
      {state.status === "error" ? (
        <p role="alert" className="mt-4 text-sm text-red-800">
          {state.message}
        </p>
      ) : null}
      {state.status === "done" ? (
        <section className="mt-6" aria-live="polite">
          <p className="text-sm text-slate-800" data-testid="replay-summary">
            {t("summary", {
              scanned: state.report.scanned,
              runs: state.report.runs,
              changed: state.report.changed,
              more: state.report.nowRemoving,
              less: state.report.noLongerRemoving,
            })}
          </p>
          {state.report.itemsLeftOut > 0 ? (
            <p className="text-sm text-slate-600">{t("leftOut", { count: state.report.itemsLeftOut })}</p>
          ) : null}
          <ul className="mt-4 space-y-4">
            {state.report.items.map((item) => (
              <ReplayItemView key={item.sampleId} item={item} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
