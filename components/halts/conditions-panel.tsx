"use client";

import { useFormatter, useTranslations } from "next-intl";
import { type FormEvent, useCallback, useEffect, useId, useState } from "react";
import type { ApiFailure } from "@/components/api/api-client";
import { useFailureMessage } from "@/components/auth/use-failure-message";
import { buttonClass } from "@/components/ui/buttons";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FieldError } from "@/components/ui/field-message";
import { LiveNotice, type Notice } from "@/components/ui/live-notice";
import { LoadErrorAlert, LoadingStatus } from "@/components/ui/load-state";
import {
  DEFAULT_CRITICAL_UNCERTAINTY,
  DEFAULT_UNCERTAINTY_THRESHOLD,
} from "@/lib/halts/conditions/uncertainty";
import {
  type HaltConditionValues,
  type HaltConfigList,
  SEVERITY_LEVELS,
  type SeverityLevel,
  type UpdateHaltConfigInput,
} from "@/lib/schemas/halts";
import { getHaltConfig, updateHaltConfig } from "./halts-api";
import { SeverityBadge } from "./severity-badge";
import {
  parseThresholdDraft,
  type ThresholdDraft,
  type ThresholdError,
  type ThresholdField,
  thresholdFields,
  toThresholdDraft,
} from "./threshold-fields";

type Row = HaltConfigList["conditions"][number];
type ListState =
  | { status: "loading" }
  | { status: "error"; failure: ApiFailure }
  | { status: "ready"; rows: Row[] };
type Draft = {
  enabled: boolean;
  severity: SeverityLevel;
  threshold: ThresholdDraft;
  auto_escalate: boolean;
  escalate_after: string;
};

const VALUE_KEYS = ["enabled", "severity", "threshold", "auto_escalate", "escalate_after_minutes"] as const;

function toDraft(row: Row): Draft {
  return {
    enabled: row.enabled,
    severity: row.severity,
    threshold: toThresholdDraft(thresholdFields(row.condition_name), row.threshold),
    auto_escalate: row.auto_escalate,
    escalate_after: row.escalate_after_minutes === null ? "" : String(row.escalate_after_minutes),
  };
}

/** Parses a draft with the condition's typed fields; returns the changed values or the first error. */
function parseDraft(
  row: Row,
  draft: Draft,
):
  | { type: "ok"; change: Partial<HaltConditionValues> }
  | { type: "invalid"; field: "threshold"; error: ThresholdError }
  | { type: "invalid"; field: "escalateAfter" } {
  const parsed = parseThresholdDraft(thresholdFields(row.condition_name), draft.threshold, row.threshold);
  if (parsed.type === "invalid") return { type: "invalid", field: "threshold", error: parsed.error };
  let minutes: number | null = null;
  if (draft.escalate_after.trim() !== "") {
    minutes = Number(draft.escalate_after);
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > 10_080)
      return { type: "invalid", field: "escalateAfter" };
  }
  const next: HaltConditionValues = {
    enabled: draft.enabled,
    severity: draft.severity,
    threshold: parsed.threshold,
    auto_escalate: draft.auto_escalate,
    escalate_after_minutes: minutes,
  };
  const change: Partial<HaltConditionValues> = {};
  for (const key of VALUE_KEYS)
    if (JSON.stringify(next[key]) !== JSON.stringify(row[key])) Object.assign(change, { [key]: next[key] });
  return { type: "ok", change };
}

/** A threshold value as words: on/off for booleans, the list joined, numbers as they are. */
function useThresholdValue() {
  const t = useTranslations("ConditionsPanel");
  const format = useFormatter();
  return (value: unknown): string => {
    if (typeof value === "boolean") return value ? t("yes") : t("no");
    if (typeof value === "number") return format.number(value);
    if (Array.isArray(value)) return value.length === 0 ? t("notSet") : value.join(", ");
    return typeof value === "string" ? value : JSON.stringify(value);
  };
}

/**
 * Admin table of the halt conditions: enabled, severity, threshold (JSON, checked against the
 * condition's schema before sending), auto-escalate and escalate-after. Each change shows
 * previous -> current in a confirmation before PATCH /api/halt-config.
 */
export function ConditionsPanel() {
  const t = useTranslations("ConditionsPanel");
  const thresholdValue = useThresholdValue();
  const failureMessage = useFailureMessage();
  const [list, setList] = useState<ListState>({ status: "loading" });
  const [editing, setEditing] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const load = useCallback(async (signal?: AbortSignal) => {
    const result = await getHaltConfig(signal);
    if (signal?.aborted) return;
    setList(
      result.type === "ok"
        ? { status: "ready", rows: result.data.conditions }
        : { status: "error", failure: result.failure },
    );
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).catch(() => {});
    return () => controller.abort();
  }, [load]);

  if (list.status === "loading") return <LoadingStatus label={t("loading")} />;
  if (list.status === "error")
    return (
      <LoadErrorAlert
        title={t("loadError")}
        detail={failureMessage(list.failure)}
        retry={{ label: t("retry"), onRetry: () => load() }}
      />
    );

  return (
    <div className="space-y-4">
      <LiveNotice notice={notice} testId="conditions-notice" />
      {list.rows.length === 0 ? <p className="text-slate-700">{t("empty")}</p> : null}
      <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
        {list.rows.map((row) => (
          <li
            key={row.condition_name}
            data-testid="condition-row"
            data-condition={row.condition_name}
            className="p-4"
          >
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900" data-testid="condition-name">
                  {t("conditionName", { name: row.condition_name })}
                </p>
                <p className="text-sm text-slate-700" data-testid="condition-description">
                  {t("conditionDescription", { name: row.condition_name })}
                </p>
                <p className="text-xs text-slate-600">{t("technicalName", { name: row.condition_name })}</p>
                <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
                  <SeverityBadge severity={row.severity} />
                  <span>{row.enabled ? t("enabled") : t("disabled")}</span>
                  <span>·</span>
                  <span data-testid="condition-escalation">
                    {row.severity === "critical"
                      ? t("criticalEscalates")
                      : row.auto_escalate
                        ? t("autoEscalateOn")
                        : t("autoEscalateOff")}
                    {row.escalate_after_minutes !== null
                      ? ` · ${t("afterMinutes", { minutes: row.escalate_after_minutes })}`
                      : ""}
                  </span>
                </p>
                {row.condition_name === "uncertainty_scale" ? (
                  <p className="mt-1 text-sm text-slate-700" data-testid="condition-severity-rises">
                    {t("severityRises", {
                      threshold: Number(row.threshold.threshold ?? DEFAULT_UNCERTAINTY_THRESHOLD),
                      critical: Number(row.threshold.critical_threshold ?? DEFAULT_CRITICAL_UNCERTAINTY),
                    })}
                  </p>
                ) : null}
                {Object.keys(row.threshold).length > 0 ? (
                  <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
                    {Object.entries(row.threshold).map(([key, value]) => (
                      <div key={key} className="flex gap-1">
                        <dt>{t("thresholdName", { key })}:</dt>
                        <dd className="font-medium text-slate-900">{thresholdValue(value)}</dd>
                      </div>
                    ))}
                  </dl>
                ) : null}
              </div>
              <button
                type="button"
                aria-expanded={editing === row.condition_name}
                aria-controls={`edit-${row.condition_name}`}
                aria-label={t("editNamed", { name: t("conditionName", { name: row.condition_name }) })}
                className={buttonClass.secondary}
                onClick={() =>
                  setEditing((current) => (current === row.condition_name ? null : row.condition_name))
                }
              >
                {editing === row.condition_name ? t("close") : t("edit")}
              </button>
            </div>
            {editing === row.condition_name ? (
              <ConditionForm
                row={row}
                onSaved={(updated, current) => {
                  setList((previous) =>
                    previous.status === "ready"
                      ? {
                          status: "ready",
                          rows: previous.rows.map((item) =>
                            item.condition_name === updated ? { ...item, ...current } : item,
                          ),
                        }
                      : previous,
                  );
                  setEditing(null);
                  setNotice({
                    tone: "success",
                    text: t("saved", { name: t("conditionName", { name: updated }) }),
                    id: Date.now(),
                  });
                }}
                onFailed={(text) => setNotice({ tone: "error", text, id: Date.now() })}
              />
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function ConditionForm({
  row,
  onSaved,
  onFailed,
}: {
  row: Row;
  onSaved: (name: string, current: HaltConditionValues) => void;
  onFailed: (text: string) => void;
}) {
  const t = useTranslations("ConditionsPanel");
  const tLabel = useTranslations("HaltLabels");
  const failureMessage = useFailureMessage();
  const [draft, setDraft] = useState<Draft>(() => toDraft(row));
  const [error, setError] = useState<{
    field: "threshold" | "escalateAfter" | "none";
    key?: string;
    text: string;
  } | null>(null);
  const fields = thresholdFields(row.condition_name);
  const thresholdValue = useThresholdValue();
  const [pending, setPending] = useState<Partial<HaltConditionValues> | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  function review(event: FormEvent) {
    event.preventDefault();
    const parsed = parseDraft(row, draft);
    if (parsed.type === "invalid") {
      if (parsed.field === "threshold") {
        setError({ field: "threshold", key: parsed.error.key, text: thresholdErrorText(parsed.error) });
        document.getElementById(`${id}-threshold-${parsed.error.key}`)?.focus();
      } else {
        setError({ field: "escalateAfter", text: t("escalateAfterInvalid") });
        document.getElementById(`${id}-escalateAfter`)?.focus();
      }
      return;
    }
    if (Object.keys(parsed.change).length === 0) {
      setError({ field: "none", text: t("noChange") });
      return;
    }
    setError(null);
    setPending(parsed.change);
  }

  async function save() {
    if (!pending || busy) return;
    setBusy(true);
    const result = await updateHaltConfig({
      condition_name: row.condition_name,
      ...pending,
    } as UpdateHaltConfigInput);
    setBusy(false);
    setPending(null);
    if (result.type === "ok") onSaved(row.condition_name, result.data.current_values);
    else onFailed(t("saveFailed", { reason: failureMessage(result.failure) }));
  }

  function thresholdErrorText(thresholdError: ThresholdError): string {
    const name = t("thresholdName", { key: thresholdError.key });
    if (thresholdError.kind === "list")
      return t("thresholdListInvalid", { name, entry: thresholdError.entry });
    if (thresholdError.kind === "listTooLong")
      return t("thresholdListTooLong", { name, max: thresholdError.max });
    return t(thresholdError.kind === "integer" ? "thresholdIntegerInvalid" : "thresholdNumberInvalid", {
      name,
      min: thresholdError.min,
      max: thresholdError.max,
    });
  }

  const display = (key: (typeof VALUE_KEYS)[number], value: unknown): string => {
    if (key === "severity") return tLabel("severity", { severity: String(value) });
    if (key === "threshold" && typeof value === "object" && value !== null) {
      const entries = Object.entries(value);
      return entries.length === 0
        ? t("useDefault")
        : entries
            .map(([name, item]) => `${t("thresholdName", { key: name })}: ${thresholdValue(item)}`)
            .join("; ");
    }
    if (typeof value === "boolean") return value ? t("yes") : t("no");
    if (value === null) return t("notSet");
    return typeof value === "object" ? JSON.stringify(value) : String(value);
  };

  return (
    <>
      <form
        id={`edit-${row.condition_name}`}
        onSubmit={review}
        noValidate
        className="mt-4 grid gap-4 sm:grid-cols-2"
      >
        <label className="flex items-center gap-2 text-sm font-medium text-slate-900">
          <input
            type="checkbox"
            checked={draft.enabled}
            onChange={(event) => setDraft({ ...draft, enabled: event.target.checked })}
            className="size-4 accent-blue-800"
          />
          {t("enabledLabel")}
        </label>
        <label className="flex items-center gap-2 text-sm font-medium text-slate-900">
          <input
            type="checkbox"
            checked={draft.auto_escalate}
            onChange={(event) => setDraft({ ...draft, auto_escalate: event.target.checked })}
            className="size-4 accent-blue-800"
          />
          {t("autoEscalateLabel")}
        </label>
        <div>
          <label htmlFor={`${id}-severity`} className="block text-sm font-medium text-slate-900">
            {t("severityLabel")}
          </label>
          <select
            id={`${id}-severity`}
            value={draft.severity}
            onChange={(event) => setDraft({ ...draft, severity: event.target.value as SeverityLevel })}
            className="mt-1 block w-full rounded border border-slate-400 bg-white px-2 py-1.5 text-sm"
          >
            {SEVERITY_LEVELS.map((severity) => (
              <option key={severity} value={severity}>
                {tLabel("severity", { severity })}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-escalateAfter`} className="block text-sm font-medium text-slate-900">
            {t("escalateAfterLabel")}
          </label>
          <input
            id={`${id}-escalateAfter`}
            type="number"
            inputMode="numeric"
            min={1}
            max={10_080}
            value={draft.escalate_after}
            onChange={(event) => setDraft({ ...draft, escalate_after: event.target.value })}
            aria-describedby={`${id}-escalateAfter-hint`}
            aria-invalid={error?.field === "escalateAfter" || undefined}
            className="mt-1 block w-full rounded border border-slate-400 bg-white px-2 py-1.5 text-sm"
          />
          <p id={`${id}-escalateAfter-hint`} className="mt-0.5 text-xs text-slate-600">
            {t("escalateAfterHint")}
          </p>
        </div>
        {draft.severity === "critical" ? (
          <p className="text-sm text-amber-900 sm:col-span-2" data-testid="condition-critical-note">
            {t("severityIsCritical")}
          </p>
        ) : null}
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium text-slate-900">{t("thresholdLabel")}</legend>
          {fields.length === 0 ? (
            <p className="mt-1 text-sm text-slate-700">{t("noThreshold")}</p>
          ) : (
            <div className="mt-1 grid gap-3 sm:grid-cols-2">
              {fields.map((field) => (
                <ThresholdEditor
                  key={field.key}
                  id={`${id}-threshold-${field.key}`}
                  field={field}
                  value={draft.threshold[field.key] ?? ""}
                  invalid={error?.field === "threshold" && error.key === field.key}
                  onChange={(value) =>
                    setDraft({ ...draft, threshold: { ...draft.threshold, [field.key]: value } })
                  }
                />
              ))}
            </div>
          )}
        </fieldset>
        {error ? (
          <div className="sm:col-span-2">
            <FieldError id={`${id}-error`}>{error.text}</FieldError>
          </div>
        ) : null}
        <div className="sm:col-span-2">
          <button type="submit" className={buttonClass.primary}>
            {t("review")}
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={pending !== null}
        tone="primary"
        title={t("confirmTitle", { name: t("conditionName", { name: row.condition_name }) })}
        description={t("confirmDescription")}
        confirmLabel={t("confirm")}
        cancelLabel={t("cancel")}
        busyLabel={t("saving")}
        busy={busy}
        onConfirm={() => void save()}
        onCancel={() => setPending(null)}
      >
        <ul className="space-y-1 text-sm" data-testid="condition-diff">
          {pending
            ? VALUE_KEYS.filter((key) => key in pending).map((key) => (
                <li key={key}>
                  <span className="font-medium">{t("field", { field: key })}</span>:{" "}
                  <span className="line-through decoration-red-700">{display(key, row[key])}</span> →{" "}
                  <span className="font-semibold">{display(key, pending[key])}</span>
                </li>
              ))
            : null}
        </ul>
      </ConfirmDialog>
    </>
  );
}

/** One threshold's editor: a checkbox, a number field with its bounds, or a list of command names. */
function ThresholdEditor({
  id,
  field,
  value,
  invalid,
  onChange,
}: {
  id: string;
  field: ThresholdField;
  value: boolean | string;
  invalid: boolean;
  onChange: (value: boolean | string) => void;
}) {
  const t = useTranslations("ConditionsPanel");
  const thresholdValue = useThresholdValue();
  const label = t("thresholdName", { key: field.key });
  if (field.kind === "boolean")
    return (
      <label className="flex items-center gap-2 text-sm text-slate-900">
        <input
          id={id}
          type="checkbox"
          checked={value === true}
          onChange={(event) => onChange(event.target.checked)}
          className="size-4 accent-blue-800"
        />
        {label}
      </label>
    );
  const hintId = `${id}-hint`;
  if (field.kind === "list")
    return (
      <div className="sm:col-span-2">
        <label htmlFor={id} className="block text-sm text-slate-900">
          {label}
        </label>
        <textarea
          id={id}
          value={String(value)}
          onChange={(event) => onChange(event.target.value)}
          rows={3}
          spellCheck={false}
          aria-describedby={hintId}
          aria-invalid={invalid || undefined}
          className="mt-1 block w-full rounded border border-slate-400 bg-white px-2 py-1.5 font-mono text-sm"
        />
        <p id={hintId} className="mt-0.5 text-xs text-slate-600">
          {t("thresholdListHint")}
        </p>
      </div>
    );
  return (
    <div>
      <label htmlFor={id} className="block text-sm text-slate-900">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode={field.kind === "integer" ? "numeric" : "decimal"}
        min={field.min}
        max={field.max}
        step={field.kind === "integer" ? 1 : "any"}
        value={String(value)}
        placeholder={thresholdValue(field.defaultValue)}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={hintId}
        aria-invalid={invalid || undefined}
        className="mt-1 block w-full rounded border border-slate-400 bg-white px-2 py-1.5 text-sm"
      />
      <p id={hintId} className="mt-0.5 text-xs text-slate-600">
        {t("thresholdRange", { min: thresholdValue(field.min), max: thresholdValue(field.max) })} ·{" "}
        {t("thresholdDefault", { value: thresholdValue(field.defaultValue) })}
      </p>
    </div>
  );
}
