"use client";

import { useLocale, useTranslations } from "next-intl";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useFailureMessage } from "@/components/auth/use-failure-message";
import { buttonClass } from "@/components/ui/buttons";
import { describedBy, FieldError } from "@/components/ui/field-message";
import { useRouter } from "@/i18n/navigation";
import { type CreateRunInput, RUN_TASK_MAX_LENGTH, STARTABLE_RUN_KINDS } from "@/lib/schemas/runs";
import {
  hasRunFormErrors,
  NO_RUN_FORM_ERRORS,
  type RunFieldError,
  type RunFormErrors,
  readCreateRunIssues,
} from "./run-form-errors";
import { createRun } from "./runs-api";

/**
 * "New run" (operators): the task (with a character counter, at most 8,000) and the kind, posted to
 * POST /api/runs with the console's locale. The API validates (the form does not duplicate its
 * rules): its issues are shown at their fields and focus moves to the first bad one; on success the
 * run's page opens.
 */
export function NewRunForm() {
  const t = useTranslations("NewRunForm");
  const tLabel = useTranslations("RunLabels");
  const failureMessage = useFailureMessage();
  const router = useRouter();
  const locale = useLocale();
  const id = useId();
  const [task, setTask] = useState("");
  const [kind, setKind] = useState<CreateRunInput["kind"]>("job");
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<RunFormErrors>(NO_RUN_FORM_ERRORS);
  const [failure, setFailure] = useState<string | null>(null);
  const taskRef = useRef<HTMLTextAreaElement>(null);
  const kindRef = useRef<HTMLSelectElement>(null);
  // Text typed before the page finished loading is in the DOM but not in state yet: keep it.
  useEffect(() => {
    const typed = taskRef.current?.value ?? "";
    if (typed) setTask(typed);
    const chosen = kindRef.current?.value;
    if (chosen) setKind(chosen as CreateRunInput["kind"]);
  }, []);

  const taskId = `${id}-task`;
  const kindId = `${id}-kind`;
  const counterId = `${id}-counter`;
  const hintId = `${id}-hint`;
  const kindHintId = `${id}-kind-hint`;

  function fieldText(error: RunFieldError): string {
    switch (error.type) {
      case "taskRequired":
        return t("taskRequired");
      case "taskTooLong":
        return t("taskTooLong", { max: RUN_TASK_MAX_LENGTH });
      case "kindInvalid":
        return t("kindInvalid");
      default:
        return error.message;
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailure(null);
    setErrors(NO_RUN_FORM_ERRORS);
    // The run's caveats and markers come in the console's language.
    const result = await createRun({ task, kind, locale });
    if (result.type === "ok") {
      router.push(`/runs/${result.data.id}`);
      return;
    }
    setBusy(false);
    if (result.type === "invalid") {
      const next = readCreateRunIssues(result.issues);
      setErrors(hasRunFormErrors(next) ? next : { ...NO_RUN_FORM_ERRORS, form: [result.message] });
      if (next.task) taskRef.current?.focus();
      else if (next.kind) kindRef.current?.focus();
    } else if (result.type === "queueUnavailable") setFailure(t("queueUnavailable"));
    else setFailure(failureMessage(result.failure));
  }

  const nearLimit = task.length > RUN_TASK_MAX_LENGTH * 0.9;
  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4"
      aria-busy={busy || undefined}
      data-testid="new-run-form"
    >
      <div>
        <label htmlFor={taskId} className="block text-sm font-medium text-slate-900">
          {t("task")}
        </label>
        <p id={hintId} className="mt-0.5 text-sm text-slate-600">
          {t("taskHint")}
        </p>
        <textarea
          id={taskId}
          ref={taskRef}
          value={task}
          onChange={(event) => setTask(event.target.value)}
          required
          rows={4}
          maxLength={RUN_TASK_MAX_LENGTH}
          aria-invalid={errors.task ? true : undefined}
          aria-describedby={describedBy(hintId, counterId, errors.task && `${taskId}-error`)}
          className={`mt-1 block w-full rounded border bg-white px-3 py-2 text-slate-900 ${
            errors.task ? "border-red-700 ring-1 ring-red-700" : "border-slate-400"
          }`}
        />
        <p
          id={counterId}
          className={`mt-1 text-right text-xs tabular-nums ${nearLimit ? "font-medium text-amber-900" : "text-slate-600"}`}
          data-testid="task-counter"
        >
          {t("counter", { count: task.length, max: RUN_TASK_MAX_LENGTH })}
        </p>
        {errors.task ? <FieldError id={`${taskId}-error`}>{fieldText(errors.task)}</FieldError> : null}
      </div>
      <div>
        <label htmlFor={kindId} className="block text-sm font-medium text-slate-900">
          {t("kind")}
        </label>
        <p id={kindHintId} className="mt-0.5 text-sm text-slate-600">
          {t("kindHint")}
        </p>
        <select
          id={kindId}
          ref={kindRef}
          value={kind}
          onChange={(event) => setKind(event.target.value as CreateRunInput["kind"])}
          aria-invalid={errors.kind ? true : undefined}
          aria-describedby={describedBy(kindHintId, errors.kind && `${kindId}-error`)}
          className="mt-1 block w-full rounded border border-slate-400 bg-white px-2 py-1.5 text-sm text-slate-900 sm:w-64"
        >
          {STARTABLE_RUN_KINDS.map((option) => (
            <option key={option} value={option}>
              {tLabel("kind", { kind: option })}
            </option>
          ))}
        </select>
        {errors.kind ? <FieldError id={`${kindId}-error`}>{fieldText(errors.kind)}</FieldError> : null}
      </div>
      {errors.form.length > 0 || failure ? (
        <div
          role="alert"
          className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900"
          data-testid="new-run-failure"
        >
          {failure ? <p>{failure}</p> : null}
          {errors.form.map((message) => (
            <p key={message}>{t("refused", { message })}</p>
          ))}
        </div>
      ) : null}
      <button type="submit" className={buttonClass.primary} aria-disabled={busy || undefined}>
        {busy ? t("submitting") : t("submit")}
      </button>
    </form>
  );
}
