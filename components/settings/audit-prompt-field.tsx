"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { describedBy, FieldError } from "@/components/ui/field-message";
import { AUDIT_GATE_PROMPT_MAX_LENGTH, runtimeFlagsSchema } from "@/lib/schemas/settings";

export type AuditPromptFieldProps = {
  label: string;
  description: string;
  /** The saved prompt; null means the built-in prompt. */
  value: string | null;
  onSave: (prompt: string | null) => void;
  busy?: boolean;
  busyText: string;
  /** Shows the prompt without letting it change (no save button). */
  readOnly?: boolean;
  error?: string;
};

type DraftProblem = "empty" | "tooLong" | null;

/**
 * The audit prompt: "use the built-in prompt" (saves null at once) or a custom text saved with an
 * explicit button, checked against the shared schema (non-blank, at most the maximum length) first.
 */
export function AuditPromptField({
  label,
  description,
  value,
  onSave,
  busy = false,
  busyText,
  readOnly = false,
  error,
}: AuditPromptFieldProps) {
  const t = useTranslations("RuntimeSettingsPanel");
  const [useBuiltIn, setUseBuiltIn] = useState(value === null);
  const [draft, setDraft] = useState(value ?? "");
  const [problem, setProblem] = useState<DraftProblem>(null);

  useEffect(() => {
    setUseBuiltIn(value === null);
    setDraft(value ?? "");
    setProblem(null);
  }, [value]);

  function handleBuiltInChange(checked: boolean) {
    if (busy || readOnly) return;
    setUseBuiltIn(checked);
    setProblem(null);
    if (checked && value !== null) onSave(null);
  }

  function handleSave() {
    if (busy) return;
    const parsed = runtimeFlagsSchema.shape.auditGatePrompt.safeParse(draft);
    if (!parsed.success || parsed.data === null) {
      setProblem(draft.trim() === "" ? "empty" : "tooLong");
      return;
    }
    setProblem(null);
    if (parsed.data !== value) onSave(parsed.data);
  }

  const descriptionId = "auditGatePrompt-description";
  const hintId = "auditGatePrompt-hint";
  const errorId = "auditGatePrompt-error";
  const shownError =
    problem === "empty"
      ? t("promptEmpty")
      : problem === "tooLong"
        ? t("promptTooLong", { max: AUDIT_GATE_PROMPT_MAX_LENGTH })
        : error;
  return (
    <fieldset className="py-4" aria-describedby={descriptionId} aria-busy={busy || undefined}>
      <legend className="font-medium text-slate-900">{label}</legend>
      <p id={descriptionId} className="mt-1 text-sm text-slate-600">
        {description}
      </p>
      <div className="mt-3 flex items-center gap-2">
        <input
          id="auditGatePrompt-builtIn"
          type="checkbox"
          checked={useBuiltIn}
          aria-disabled={busy || readOnly || undefined}
          aria-describedby={describedBy(!useBuiltIn ? undefined : shownError && errorId)}
          onChange={(event) => handleBuiltInChange(event.target.checked)}
          className="size-4 accent-blue-800"
        />
        <label htmlFor="auditGatePrompt-builtIn" className="text-slate-900">
          {t("promptUseBuiltIn")}
        </label>
      </div>
      {useBuiltIn ? null : (
        <div className="mt-3">
          <label htmlFor="auditGatePrompt" className="text-sm font-medium text-slate-900">
            {t("promptLabel")}
          </label>
          <textarea
            id="auditGatePrompt"
            rows={6}
            value={draft}
            readOnly={busy || readOnly}
            aria-invalid={problem !== null || undefined}
            aria-describedby={describedBy(hintId, shownError && errorId)}
            onChange={(event) => setDraft(event.target.value)}
            className={`mt-1 block w-full rounded border bg-white px-3 py-2 font-mono text-sm text-slate-900 ${
              problem ? "border-red-700 ring-1 ring-red-700" : "border-slate-400"
            }`}
          />
          <div className="mt-2 flex flex-wrap items-center gap-3">
            {readOnly ? null : (
              <button
                type="button"
                onClick={handleSave}
                aria-disabled={busy || undefined}
                className="rounded bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-700 aria-disabled:cursor-progress aria-disabled:opacity-70"
              >
                {busy ? busyText : t("promptSave")}
              </button>
            )}
            <span id={hintId} className="text-sm text-slate-600">
              {t("promptHint", { max: AUDIT_GATE_PROMPT_MAX_LENGTH })} ({draft.length})
            </span>
          </div>
        </div>
      )}
      {shownError ? <FieldError id={errorId}>{shownError}</FieldError> : null}
    </fieldset>
  );
}
