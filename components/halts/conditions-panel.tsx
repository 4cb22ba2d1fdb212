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
  type HaltConditionName,
  type HaltConditionValues,
  type HaltConfigList,
  haltConditionNameSchema,
  haltConditionThresholdSchemas,
  SEVERITY_LEVELS,
  type SeverityLevel,
  type UpdateHaltConfigInput,
} from "@/lib/schemas/halts";
import { getHaltConfig, updateHaltConfig } from "./halts-api";
import { SeverityBadge } from "./severity-badge";

type Row = HaltConfigList["conditions"][number];
type ListState =
  | { status: "loading" }
  | { status: "error"; failure: ApiFailure }
  | { status: "ready"; rows: Row[] };
type Draft = {
  enabled: boolean;
  severity: SeverityLevel;
  threshold: string;
  auto_escalate: boolean;
  escalate_after: string;
};

const VALUE_KEYS = ["enabled", "severity", "threshold", "auto_escalate", "escalate_after_minutes"] as const;

function toDraft(row: Row): Draft {
  return {
    enabled: row.enabled,
    severity: row.severity,
    threshold: JSON.stringify(row.threshold, null, 2),
    auto_escalate: row.auto_escalate,
    escalate_after: row.escalate_after_minutes === null ? "" : String(row.escalate_after_minutes),
  };
}

/** Parses a draft against the condition's threshold schema; returns the changed values or an error key. */
function parseDraft(
  row: Row,
  draft: Draft,
):
  | { type: "ok"; change: Partial<HaltConditionValues> }
  | { type: "invalid"; field: "threshold" | "escalateAfter"; detail: string } {
  let threshold: unknown;
  try {
    threshold = JSON.parse(draft.threshold || "{}");
  } catch (error) {
    return { type: "invalid", field: "threshold", detail: error instanceof Error ? error.message : "JSON" };
  }
  const name = haltConditionNameSchema.safeParse(row.condition_name);
  const schema = name.success ? haltConditionThresholdSchemas[name.data as HaltConditionName] : null;
  const checked = schema
    ? schema.safeParse(threshold)
    : {
        success: typeof threshold === "object" && threshold !== null && !Array.isArray(threshold),
        error: null,
      };
  if (!checked.success)
    return {
      type: "invalid",
      field: "threshold",
      detail:
        checked.error?.issues
          .map((issue) => `${issue.path.join(".") || "{}"}: ${issue.message}`)
          .join("; ") ?? "",
    };
  let minutes: number | null = null;
  if (draft.escalate_after.trim() !== "") {
    minutes = Number(draft.escalate_after);
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > 10_080)
      return { type: "invalid", field: "escalateAfter", detail: draft.escalate_after };
  }
  const next: HaltConditionValues = {
    enabled: draft.enabled,
    severity: draft.severity,
    threshold: threshold as Record<string, unknown>,
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
                  setNotice({ tone: "success", text: t("saved", { name: updated }), id: Date.now() });
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
  const [error, setError] = useState<{ field: "threshold" | "escalateAfter" | "none"; text: string } | null>(
    null,
  );
  const [pending, setPending] = useState<Partial<HaltConditionValues> | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  function review(event: FormEvent) {
    event.preventDefault();
    const parsed = parseDraft(row, draft);
    if (parsed.type === "invalid") {
      setError({
        field: parsed.field,
        text:
          parsed.field === "threshold"
            ? t("thresholdInvalid", { detail: parsed.detail })
            : t("escalateAfterInvalid"),
      });
      document.getElementById(`${id}-${parsed.field}`)?.focus();
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

  const display = (key: (typeof VALUE_KEYS)[number], value: unknown): string => {
    if (key === "severity") return tLabel("severity", { severity: String(value) });
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
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-threshold`} className="block text-sm font-medium text-slate-900">
            {t("thresholdLabel")}
          </label>
          <textarea
            id={`${id}-threshold`}
            value={draft.threshold}
            onChange={(event) => setDraft({ ...draft, threshold: event.target.value })}
            rows={4}
            spellCheck={false}
            aria-invalid={error?.field === "threshold" || undefined}
            className="mt-1 block w-full rounded border border-slate-400 bg-white px-2 py-1.5 font-mono text-xs"
          />
        </div>
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
        title={t("confirmTitle", { name: row.condition_name })}
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
