"use client";

import { useTranslations } from "next-intl";
import { type FormEvent, useId, useState } from "react";
import { buttonClass } from "@/components/ui/buttons";
import { acknowledgeHalt } from "./halts-api";

const RESOLUTIONS = ["resolved", "escalated", "dismissed"] as const;

/**
 * Acknowledges the selected halts in one go (operators and admins). Critical halts are never
 * selectable here: dismissing one needs the explicit continue-with-caution step on its own page.
 * Each halt is a separate guarded write; the result line says how many went through, how many someone
 * else had acknowledged already, and how many failed (shown by the list, which outlives this form).
 */
export function BulkAcknowledge({
  selectedIds,
  onDone,
}: {
  selectedIds: readonly string[];
  /** Called with the localized result line once every selected halt was tried. */
  onDone: (result: string) => void;
}) {
  const t = useTranslations("HaltsList");
  const tLabel = useTranslations("HaltLabels");
  const [resolution, setResolution] = useState<(typeof RESOLUTIONS)[number]>("resolved");
  const [notes, setNotes] = useState("");
  const [busy, setBusy] = useState(false);
  const resolutionId = useId();
  const notesId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (selectedIds.length === 0 || busy) return;
    setBusy(true);
    let done = 0;
    let conflicts = 0;
    let failed = 0;
    for (const haltId of selectedIds) {
      const outcome = await acknowledgeHalt(haltId, {
        resolution,
        ...(notes.trim() ? { resolution_notes: notes.trim() } : {}),
      });
      if (outcome.type === "ok") done += 1;
      else if (outcome.type === "alreadyAcknowledged") conflicts += 1;
      else failed += 1;
    }
    setBusy(false);
    if (failed === 0) setNotes("");
    onDone(t("bulkResult", { done, conflicts, failed }));
  }

  return (
    <form
      onSubmit={submit}
      aria-label={t("bulkHeading")}
      className="flex flex-wrap items-end gap-3 rounded-md border border-slate-200 bg-white p-3"
      data-testid="bulk-acknowledge"
    >
      <p className="w-full text-sm text-slate-700">
        {t("bulkSelected", { count: selectedIds.length })} {t("bulkCriticalHint")}
      </p>
      <div className="flex flex-col gap-1">
        <label htmlFor={resolutionId} className="text-sm font-medium text-slate-900">
          {t("bulkResolution")}
        </label>
        <select
          id={resolutionId}
          value={resolution}
          onChange={(event) => setResolution(event.target.value as (typeof RESOLUTIONS)[number])}
          className="rounded-md border border-slate-400 bg-white px-2 py-1.5 text-sm"
        >
          {RESOLUTIONS.map((option) => (
            <option key={option} value={option}>
              {tLabel("resolution", { resolution: option })}
            </option>
          ))}
        </select>
      </div>
      <div className="flex min-w-48 flex-1 flex-col gap-1">
        <label htmlFor={notesId} className="text-sm font-medium text-slate-900">
          {t("bulkNotes")}
        </label>
        <input
          id={notesId}
          value={notes}
          maxLength={4000}
          onChange={(event) => setNotes(event.target.value)}
          className="rounded-md border border-slate-400 px-2 py-1.5 text-sm"
        />
      </div>
      <button type="submit" disabled={selectedIds.length === 0 || busy} className={buttonClass.primary}>
        {busy ? t("bulkWorking") : t("bulkSubmit", { count: selectedIds.length })}
      </button>
    </form>
  );
}
