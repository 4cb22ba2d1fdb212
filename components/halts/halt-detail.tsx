"use client";

import { useFormatter, useTranslations } from "next-intl";
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import type { ApiFailure } from "@/components/api/api-client";
import { useHasRole, useSignedInUser } from "@/components/auth/signed-in-user";
import { useFailureMessage } from "@/components/auth/use-failure-message";
import { buttonClass } from "@/components/ui/buttons";
import { useClock } from "@/components/ui/clock";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { LoadErrorAlert, LoadingStatus } from "@/components/ui/load-state";
import { Link } from "@/i18n/navigation";
import {
  ACKNOWLEDGE_RESOLUTIONS,
  type AcknowledgeResolution,
  type HaltConfigList,
  type HaltEvent,
} from "@/lib/schemas/halts";
import { escalationStatus } from "./escalation-status";
import { HaltStatus, useHaltDescription } from "./halt-labels";
import { HaltTime } from "./halt-time";
import { acknowledgeHalt, getHalt, getHaltConfig, getSessionHalts } from "./halts-api";
import { resyncs, useLiveEvents } from "./live-events";
import { SeverityBadge } from "./severity-badge";

type LoadState<T> =
  | { status: "loading" }
  | { status: "error"; failure: ApiFailure }
  | { status: "ready"; data: T };

type Outcome = { tone: "success"; canResume: boolean; warnings: string[] } | { tone: "error"; text: string };

/**
 * One halt: description, redacted context, attempts, escalation status, the session's other halts and,
 * for operators, the acknowledge form (optimistic, rolled back on failure; a 409 names who was first).
 */
export function HaltDetail({ haltId }: { haltId: string }) {
  const tCondition = useTranslations("ConditionsPanel");
  const t = useTranslations("HaltDetail");
  const tLabel = useTranslations("HaltLabels");
  const haltDescription = useHaltDescription();
  const failureMessage = useFailureMessage();
  const [halt, setHalt] = useState<LoadState<HaltEvent>>({ status: "loading" });
  const [config, setConfig] = useState<HaltConfigList | null>(null);
  const [others, setOthers] = useState<LoadState<HaltEvent[]>>({ status: "loading" });

  const loadHalt = useCallback(
    async (signal?: AbortSignal) => {
      const result = await getHalt(haltId, signal);
      if (signal?.aborted) return;
      setHalt(
        result.type === "ok"
          ? { status: "ready", data: result.data }
          : { status: "error", failure: result.failure },
      );
      if (result.type === "ok" && result.data.session_id) {
        const session = await getSessionHalts(result.data.session_id, signal);
        if (signal?.aborted) return;
        setOthers(
          session.type === "ok"
            ? { status: "ready", data: session.data.halts.filter((other) => other.halt_id !== haltId) }
            : { status: "error", failure: session.failure },
        );
      }
    },
    [haltId],
  );

  useEffect(() => {
    const controller = new AbortController();
    loadHalt(controller.signal).catch(() => {});
    getHaltConfig(controller.signal)
      .then((result) => {
        if (result.type === "ok") setConfig(result.data);
      })
      .catch(() => {});
    return () => controller.abort();
  }, [loadHalt]);

  useLiveEvents((event) => {
    if (resyncs(event, "halts") || (event.type === "halt" && event.data.halt_id === haltId))
      loadHalt().catch(() => {});
  });

  if (halt.status === "loading") return <LoadingStatus label={t("loading")} />;
  if (halt.status === "error")
    return (
      <LoadErrorAlert
        title={halt.failure.kind === "notFound" ? t("notFound") : t("loadError")}
        detail={halt.failure.kind === "notFound" ? t("notFoundDetail") : failureMessage(halt.failure)}
      >
        <Link href="/halts" className="mt-3 inline-block font-medium underline">
          {t("backToList")}
        </Link>
      </LoadErrorAlert>
    );

  const event = halt.data;
  const condition = config?.conditions.find((row) => row.condition_name === event.condition_name);

  return (
    <div className="space-y-8">
      <Link href="/halts" className="text-sm font-medium text-blue-800 underline underline-offset-2">
        {t("backToList")}
      </Link>
      <section
        aria-labelledby="halt-summary"
        className="rounded-md border border-slate-200 bg-white p-4 sm:p-6"
      >
        <h2 id="halt-summary" className="sr-only">
          {t("summaryHeading")}
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <SeverityBadge severity={event.severity} />
          <span className="text-sm text-slate-700">{tLabel("haltType", { type: event.halt_type })}</span>
          {event.condition_name ? (
            <span className="text-sm text-slate-800" title={event.condition_name}>
              {tCondition("conditionName", { name: event.condition_name })}
            </span>
          ) : null}
        </div>
        <p
          className="mt-3 text-lg break-words whitespace-pre-wrap text-slate-900"
          data-testid="halt-description"
        >
          {haltDescription(event)}
        </p>
        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
          <Field label={t("triggered")}>
            <HaltTime iso={event.triggered_at} />
          </Field>
          <Field label={t("status")}>
            <span data-testid="halt-detail-status">
              <HaltStatus halt={event} />
            </span>
          </Field>
          {event.session_id ? (
            <Field label={t("session")}>
              <Link
                href={`/sessions/${event.session_id}`}
                className="font-mono text-xs break-all text-blue-800 underline"
              >
                {event.session_id}
              </Link>
            </Field>
          ) : null}
          {event.task_id ? <Field label={t("task")}>{event.task_id}</Field> : null}
          <Field label={t("attempts")}>{event.attempt_count ?? t("none")}</Field>
          <Field label={t("escalation")}>
            <EscalationText
              halt={event}
              minutes={condition?.escalate_after_minutes}
              configLoaded={config !== null}
            />
          </Field>
          {event.acknowledged ? (
            <Field label={t("acknowledgedBy")}>
              {t("acknowledgedByValue", { name: event.acknowledged_by ?? "?" })}
              {event.acknowledged_at ? (
                <>
                  {" "}
                  <HaltTime iso={event.acknowledged_at} />
                </>
              ) : null}
            </Field>
          ) : null}
          {event.resolution_notes ? <Field label={t("notes")}>{event.resolution_notes}</Field> : null}
        </dl>
        {event.previous_error ? (
          <div className="mt-4">
            <h3 className="text-sm font-medium text-slate-900">{t("previousError")}</h3>
            <pre className="mt-1 max-h-64 overflow-auto rounded bg-slate-100 p-3 text-xs whitespace-pre-wrap text-slate-900">
              {event.previous_error}
            </pre>
          </div>
        ) : null}
        <div className="mt-4">
          <h3 className="text-sm font-medium text-slate-900">{t("context")}</h3>
          <p className="text-xs text-slate-600">{t("contextRedacted")}</p>
          {event.context && Object.keys(event.context).length > 0 ? (
            <section
              // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must be able to scroll long context (axe scrollable-region-focusable).
              tabIndex={0}
              aria-label={t("context")}
              className="mt-1 max-h-96 overflow-auto rounded bg-slate-100 p-3"
              data-testid="halt-context"
            >
              <pre className="text-xs text-slate-900">{JSON.stringify(event.context, null, 2)}</pre>
            </section>
          ) : (
            <p className="mt-1 text-sm text-slate-700">{t("noContext")}</p>
          )}
        </div>
      </section>

      <AcknowledgeSection halt={event} onChange={(updated) => setHalt({ status: "ready", data: updated })} />

      <section aria-labelledby="session-halts">
        <h2 id="session-halts" className="text-lg font-semibold text-slate-900">
          {t("otherHalts")}
        </h2>
        {others.status === "loading" ? <p className="mt-2 text-slate-700">{t("loading")}</p> : null}
        {others.status === "error" ? (
          <p className="mt-2 text-red-900">{failureMessage(others.failure)}</p>
        ) : null}
        {others.status === "ready" && others.data.length === 0 ? (
          <p className="mt-2 text-slate-700">{t("noOtherHalts")}</p>
        ) : null}
        {others.status === "ready" && others.data.length > 0 ? <CompactHaltList halts={others.data} /> : null}
      </section>
    </div>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="font-medium text-slate-900">{label}</dt>
      <dd className="mt-0.5 text-slate-800">{children}</dd>
    </div>
  );
}

/** A short list of halts (severity, description link, time, status), used on the detail and session pages. */
export function CompactHaltList({ halts }: { halts: HaltEvent[] }) {
  const haltDescription = useHaltDescription();
  return (
    <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
      {halts.map((halt) => (
        <li
          key={halt.halt_id}
          data-testid="compact-halt-row"
          className="flex flex-col gap-1 p-3 sm:flex-row sm:items-center sm:gap-3"
        >
          <SeverityBadge severity={halt.severity} />
          <Link
            href={`/halts/${halt.halt_id}`}
            className="min-w-0 flex-1 break-words text-blue-800 underline"
          >
            {haltDescription(halt)}
          </Link>
          <span className="text-xs text-slate-700">
            <HaltTime iso={halt.triggered_at} />
          </span>
          <span className="text-sm">
            <HaltStatus halt={halt} />
          </span>
        </li>
      ))}
    </ul>
  );
}

function EscalationText({
  halt,
  minutes,
  configLoaded,
}: {
  halt: HaltEvent;
  minutes: number | null | undefined;
  configLoaded: boolean;
}) {
  const t = useTranslations("HaltDetail");
  const format = useFormatter();
  const clock = useClock();
  if (clock === null || (!configLoaded && !halt.escalated_at && !halt.acknowledged))
    return <>{t("loading")}</>;
  const status = escalationStatus(halt, minutes, new Date(clock));
  switch (status.kind) {
    case "escalated":
      return (
        <span className="font-medium text-red-900">
          {t("escalatedAt")} <HaltTime iso={status.at} />
        </span>
      );
    case "acknowledged":
      return <>{t("escalationNone")}</>;
    case "notConfigured":
      return <>{t("escalationNotConfigured")}</>;
    case "overdue":
      return <>{t("escalationOverdue")}</>;
    case "pending":
      return (
        <>
          {t("escalationPending", {
            minutes: status.minutesLeft,
            at: format.dateTime(status.deadline, { timeStyle: "short", dateStyle: "short", timeZone: "UTC" }),
          })}
        </>
      );
  }
}

/** The acknowledge form (operators and admins) or a read-only note (viewers). */
function AcknowledgeSection({ halt, onChange }: { halt: HaltEvent; onChange: (halt: HaltEvent) => void }) {
  const t = useTranslations("AcknowledgeForm");
  const tLabel = useTranslations("HaltLabels");
  const format = useFormatter();
  const failureMessage = useFailureMessage();
  const canAcknowledge = useHasRole("operator");
  const me = useSignedInUser();
  const [resolution, setResolution] = useState<AcknowledgeResolution>("resolved");
  const [notes, setNotes] = useState("");
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const needsCaution = resolution === "dismissed" && halt.severity === "critical";

  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  async function send(continueWithCaution: boolean) {
    if (busy) return;
    setBusy(true);
    const previous = halt;
    // Optimistic: show the halt as acknowledged at once; undone below when the server refuses.
    onChange({
      ...halt,
      acknowledged: true,
      resolution,
      acknowledged_by: me?.username ?? null,
      acknowledged_at: new Date().toISOString(),
      resolution_notes: notes.trim() || null,
    });
    const result = await acknowledgeHalt(halt.halt_id, {
      resolution,
      ...(notes.trim() ? { resolution_notes: notes.trim() } : {}),
      ...(continueWithCaution ? { continue_with_caution: true } : {}),
    });
    setBusy(false);
    setConfirming(false);
    if (result.type === "ok") {
      setOutcome({
        tone: "success",
        canResume: result.data.session_can_resume,
        // The API's warnings are English text for agents; the console says the same in the reader's
        // language (the other open halts are covered by sessionStillHalted).
        warnings: resolution === "dismissed" ? [t("dismissedWarning", { severity: halt.severity })] : [],
      });
      onChange({
        ...previous,
        acknowledged: true,
        resolution,
        acknowledged_by: me?.username ?? null,
        acknowledged_at: result.data.acknowledged_at,
        resolution_notes: notes.trim() || null,
      });
      return;
    }
    if (result.type === "alreadyAcknowledged") {
      const first = result.acknowledgement;
      onChange({
        ...previous,
        acknowledged: true,
        acknowledged_by: first?.acknowledged_by ?? null,
        acknowledged_at: first?.acknowledged_at ?? null,
        resolution: first?.resolution ?? null,
      });
      setOutcome({
        tone: "error",
        text: t("alreadyAcknowledged", {
          name: first?.acknowledged_by ?? "?",
          at: first?.acknowledged_at
            ? format.dateTime(new Date(first.acknowledged_at), {
                dateStyle: "medium",
                timeStyle: "medium",
                timeZone: "UTC",
              })
            : "?",
        }),
      });
      return;
    }
    onChange(previous);
    setOutcome({ tone: "error", text: t("failed", { reason: failureMessage(result.failure) }) });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (needsCaution) setConfirming(true);
    else void send(false);
  }

  const outcomeBox = outcome ? (
    <div
      ref={outcomeRef}
      tabIndex={-1}
      role={outcome.tone === "error" ? "alert" : "status"}
      data-testid="acknowledge-outcome"
      className={`mt-3 rounded border px-3 py-2 text-sm ${
        outcome.tone === "error"
          ? "border-red-300 bg-red-50 text-red-900"
          : "border-emerald-300 bg-emerald-50 text-emerald-900"
      }`}
    >
      {outcome.tone === "error" ? (
        outcome.text
      ) : (
        <>
          <p>{t("done")}</p>
          <p>{outcome.canResume ? t("sessionCanResume") : t("sessionStillHalted")}</p>
          {outcome.warnings.length > 0 ? (
            <ul className="mt-1 list-disc pl-5">
              {outcome.warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          ) : null}
        </>
      )}
    </div>
  ) : null;

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-md border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {t("heading")}
      </h2>
      {halt.acknowledged && !busy ? (
        <>
          <p className="mt-2 text-slate-700">
            {t("acknowledgedNote", {
              resolution: tLabel("resolution", { resolution: halt.resolution ?? "unknown" }),
            })}
          </p>
          {outcomeBox}
        </>
      ) : !canAcknowledge ? (
        <p className="mt-2 text-slate-700" data-testid="acknowledge-read-only">
          {t("readOnly")}
        </p>
      ) : (
        <form onSubmit={submit} noValidate aria-busy={busy || undefined} className="mt-3 space-y-4">
          <fieldset>
            <legend className="font-medium text-slate-900">{t("resolution")}</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-3">
              {ACKNOWLEDGE_RESOLUTIONS.map((value) => (
                <div
                  key={value}
                  className={`flex gap-2 rounded-md border p-3 ${resolution === value ? "border-blue-800 bg-blue-50" : "border-slate-300"}`}
                >
                  <input
                    id={`${id}-${value}`}
                    type="radio"
                    name={`${id}-resolution`}
                    value={value}
                    checked={resolution === value}
                    onChange={() => setResolution(value)}
                    aria-describedby={`${id}-${value}-description`}
                    className="mt-1 size-4 accent-blue-800"
                  />
                  <div>
                    <label htmlFor={`${id}-${value}`} className="font-medium text-slate-900">
                      {tLabel("resolution", { resolution: value })}
                    </label>
                    <p id={`${id}-${value}-description`} className="text-sm text-slate-600">
                      {t("resolutionDescription", { resolution: value })}
                    </p>
                  </div>
                </div>
              ))}
            </div>
          </fieldset>
          {needsCaution ? (
            <p
              className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900"
              data-testid="caution-warning"
            >
              <span aria-hidden="true">⚠ </span>
              {t("criticalDismissWarning")}
            </p>
          ) : null}
          <div>
            <label htmlFor={`${id}-notes`} className="block text-sm font-medium text-slate-900">
              {t("notes")}
            </label>
            <textarea
              id={`${id}-notes`}
              value={notes}
              onChange={(event) => setNotes(event.target.value)}
              maxLength={4000}
              rows={3}
              className="mt-1 block w-full rounded border border-slate-400 bg-white px-3 py-2 text-slate-900"
            />
          </div>
          <button
            ref={submitRef}
            type="submit"
            aria-disabled={busy || undefined}
            className={buttonClass.primary}
          >
            {busy ? t("submitting") : t("submit")}
          </button>
          {outcomeBox}
        </form>
      )}
      <ConfirmDialog
        open={confirming}
        title={t("cautionTitle")}
        description={t("cautionDescription")}
        confirmLabel={t("cautionConfirm")}
        cancelLabel={t("cancel")}
        busyLabel={t("submitting")}
        busy={busy}
        onConfirm={() => void send(true)}
        onCancel={() => {
          setConfirming(false);
          submitRef.current?.focus();
        }}
      />
    </section>
  );
}
