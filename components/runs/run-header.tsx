"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { HaltTime } from "@/components/halts/halt-time";
import { Link } from "@/i18n/navigation";
import type { Run } from "@/lib/schemas/runs";
import { GuardCounters } from "./guard-counters";
import { isRunFinished } from "./run-events";
import { BudgetExhaustedMarker, RunKindTag, RunOutcomeBadge } from "./run-labels";

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-600">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/**
 * The run's summary: the task, status, kind, model, who created it, its times, tool steps, guard
 * counters, the budget marker, a link to its agent session (where its halts are), and below it the
 * final answer in a readable block and the error text of a failed run.
 */
export function RunHeader({ run }: { run: Run }) {
  const t = useTranslations("RunPage");
  const tLabel = useTranslations("RunLabels");
  const finished = isRunFinished(run.status);
  return (
    <>
      <section
        aria-labelledby="run-summary"
        className="rounded-md border border-slate-200 bg-white p-4 sm:p-6"
      >
        <h2 id="run-summary" className="sr-only">
          {t("summaryHeading")}
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <RunOutcomeBadge outcome={run.outcome} />
          <RunKindTag kind={run.kind} />
          {run.toolBudgetExhausted ? <BudgetExhaustedMarker /> : null}
        </div>
        <h3 className="mt-4 text-sm font-medium text-slate-700">{t("task")}</h3>
        <p className="mt-1 text-lg break-words whitespace-pre-wrap text-slate-900" data-testid="run-task">
          {run.task}
        </p>
        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
          <Field label={t("model")} testId="run-model">
            {run.model ? <code className="font-mono">{run.model}</code> : t("modelPending")}
          </Field>
          <Field label={t("createdBy")}>{run.createdBy}</Field>
          <Field label={t("created")}>
            <HaltTime iso={run.createdAt} layout="stacked" />
          </Field>
          <Field label={t("started")}>
            {run.startedAt ? <HaltTime iso={run.startedAt} layout="stacked" /> : t("notYet")}
          </Field>
          <Field label={t("finished")}>
            {run.finishedAt ? <HaltTime iso={run.finishedAt} layout="stacked" /> : t("notYet")}
          </Field>
          <Field label={t("toolSteps")} testId="run-tool-steps">
            {run.toolSteps}
          </Field>
          <Field label={t("guards")}>
            <GuardCounters counts={run.guardCounts} />
          </Field>
          <Field label={t("delivery")}>{tLabel("delivery", { delivery: run.delivery })}</Field>
          {run.completionVerdict ? (
            <Field label={t("completionVerdict")}>
              <code className="font-mono">{run.completionVerdict}</code>
            </Field>
          ) : null}
          <Field label={t("session")}>
            <Link
              href={`/sessions/${run.sessionId}`}
              className="font-medium text-blue-800 underline underline-offset-2 hover:text-blue-950"
              data-testid="run-session-link"
            >
              {t("sessionLink")}
            </Link>
          </Field>
        </dl>
      </section>

      {run.error ? (
        <section
          aria-labelledby="run-error"
          className="rounded-md border border-red-300 bg-red-50 p-4 text-red-900"
          data-testid="run-error"
        >
          <h2 id="run-error" className="flex items-center gap-1.5 font-semibold">
            <span aria-hidden="true">⚠</span>
            {t("errorHeading")}
          </h2>
          <p className="mt-1 break-words whitespace-pre-wrap">{run.error}</p>
        </section>
      ) : null}

      {finished || run.finalText ? (
        <section aria-labelledby="run-final">
          <h2 id="run-final" className="text-lg font-semibold text-slate-900">
            {t("finalHeading")}
          </h2>
          {run.finalText ? (
            <div
              className="mt-2 rounded-md border border-slate-200 bg-white p-4 leading-relaxed break-words whitespace-pre-wrap text-slate-900"
              data-testid="run-final-text"
            >
              {run.finalText}
            </div>
          ) : (
            <p className="mt-2 text-slate-700">
              {run.delivery === "silent" ? t("finalSilent") : t("finalNone")}
            </p>
          )}
        </section>
      ) : null}
    </>
  );
}
