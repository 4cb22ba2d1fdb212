"use client";

import { useTranslations } from "next-intl";
import { type KeyboardEvent, useEffect, useState } from "react";
import { describedBy, FieldError } from "@/components/ui/field-message";

export type BoundedNumberFieldProps = {
  id: string;
  label: string;
  description: string;
  value: number;
  min: number;
  max: number;
  /** Called with a valid whole number that differs from `value`, on blur or Enter. */
  onCommit: (value: number) => void;
  busy?: boolean;
  busyText: string;
  /** Shows the value without letting it change. */
  readOnly?: boolean;
  /** A failure of the last save (server side), shown under the field. */
  error?: string;
};

/** Parses the draft: a whole number within [min, max], or null. */
export function parseBoundedInteger(draft: string, min: number, max: number): number | null {
  const trimmed = draft.trim();
  if (!/^[+-]?\d+$/.test(trimmed)) return null;
  const parsed = Number(trimmed);
  return Number.isSafeInteger(parsed) && parsed >= min && parsed <= max ? parsed : null;
}

/**
 * A number input saved on blur or Enter (Escape restores the saved value). An out-of-range or
 * non-integer entry is not sent: the field says why (aria-invalid, aria-describedby) and keeps the entry
 * so it can be corrected.
 */
export function BoundedNumberField({
  id,
  label,
  description,
  value,
  min,
  max,
  onCommit,
  busy = false,
  busyText,
  readOnly = false,
  error,
}: BoundedNumberFieldProps) {
  const t = useTranslations("BoundedNumberField");
  const [draft, setDraft] = useState(String(value));
  const [invalid, setInvalid] = useState(false);

  // A new saved value (success, rollback or someone else's change) replaces the draft.
  useEffect(() => {
    setDraft(String(value));
    setInvalid(false);
  }, [value]);

  function commit() {
    if (busy || readOnly) return;
    const parsed = parseBoundedInteger(draft, min, max);
    if (parsed === null) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    if (parsed !== value) onCommit(parsed);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter") {
      event.preventDefault();
      commit();
    } else if (event.key === "Escape") {
      setDraft(String(value));
      setInvalid(false);
    }
  }

  const descriptionId = `${id}-description`;
  const rangeId = `${id}-range`;
  const errorId = `${id}-error`;
  const shownError = invalid ? t("outOfRange", { min, max }) : error;
  return (
    <div className="py-4">
      <label htmlFor={id} className="font-medium text-slate-900">
        {label}
      </label>
      <p id={descriptionId} className="mt-1 text-sm text-slate-600">
        {description}
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          value={draft}
          readOnly={busy || readOnly}
          aria-busy={busy || undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy(descriptionId, rangeId, shownError && errorId)}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={handleKeyDown}
          className={`w-28 rounded border bg-white px-3 py-2 text-slate-900 ${
            invalid ? "border-red-700 ring-1 ring-red-700" : "border-slate-400"
          } ${busy ? "cursor-progress opacity-70" : ""}`}
        />
        <span id={rangeId} className="text-sm text-slate-600">
          {t("range", { min, max })}
        </span>
        {busy ? (
          <span aria-hidden="true" className="text-sm text-slate-600">
            {busyText}
          </span>
        ) : null}
      </div>
      {shownError ? <FieldError id={errorId}>{shownError}</FieldError> : null}
    </div>
  );
}
