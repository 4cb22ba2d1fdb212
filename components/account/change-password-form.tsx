"use client";

import { useLocale, useTranslations } from "next-intl";
import { type FormEvent, useRef, useState } from "react";
import type { ApiFailure } from "@/components/api/api-client";
import { changePassword, PASSWORD_MIN_LENGTH } from "@/components/auth/auth-api";
import { useFailureMessage } from "@/components/auth/use-failure-message";
import { buttonClass } from "@/components/ui/buttons";
import { TextField } from "@/components/ui/text-field";

type Problem = "currentMissing" | "tooShort" | "mismatch";
type FormState =
  | { status: "idle" }
  | { status: "submitting" }
  | { status: "invalid"; problem: Problem }
  | { status: "failed"; failure: ApiFailure };

/**
 * Change your own password: current, new (at least 12 characters) and confirmation, checked here first
 * and again by the server. The change ends every session of the user, this one included, so on success
 * the browser goes to the sign-in page, which says why.
 */
export function ChangePasswordForm() {
  const t = useTranslations("ChangePasswordForm");
  const locale = useLocale();
  const failureMessage = useFailureMessage();
  const [state, setState] = useState<FormState>({ status: "idle" });
  const currentRef = useRef<HTMLInputElement>(null);
  const newRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const busy = state.status === "submitting";

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const currentPassword = String(form.get("currentPassword") ?? "");
    const newPassword = String(form.get("newPassword") ?? "");
    const confirmation = String(form.get("confirmPassword") ?? "");
    const problem: Problem | null = !currentPassword
      ? "currentMissing"
      : newPassword.length < PASSWORD_MIN_LENGTH
        ? "tooShort"
        : newPassword !== confirmation
          ? "mismatch"
          : null;
    if (problem) {
      setState({ status: "invalid", problem });
      ({ currentMissing: currentRef, tooShort: newRef, mismatch: confirmRef })[problem].current?.focus();
      return;
    }
    setState({ status: "submitting" });
    const result = await changePassword({ currentPassword, newPassword });
    if (result.type === "ok") {
      window.location.assign(`/${locale}/sign-in?reason=password-changed`);
      return;
    }
    setState({ status: "failed", failure: result.failure });
    if (result.failure.kind === "invalid" && result.failure.code === "bad_request")
      currentRef.current?.focus();
  }

  const problem = state.status === "invalid" ? state.problem : null;
  const currentWrong =
    state.status === "failed" && state.failure.kind === "invalid" && state.failure.code === "bad_request";
  const formError =
    state.status === "failed" && !currentWrong
      ? failureMessage(state.failure, { unauthorized: t("sessionEnded") })
      : null;

  return (
    <form noValidate onSubmit={handleSubmit} aria-busy={busy || undefined} className="space-y-4">
      {formError ? (
        <p role="alert" className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
          {formError}
        </p>
      ) : null}
      <TextField
        id="current-password"
        name="currentPassword"
        type="password"
        label={t("current")}
        autoComplete="current-password"
        inputRef={currentRef}
        readOnly={busy}
        error={
          problem === "currentMissing" ? t("currentMissing") : currentWrong ? t("currentWrong") : undefined
        }
      />
      <TextField
        id="new-password"
        name="newPassword"
        type="password"
        label={t("new")}
        hint={t("newHint", { min: PASSWORD_MIN_LENGTH })}
        autoComplete="new-password"
        inputRef={newRef}
        readOnly={busy}
        error={problem === "tooShort" ? t("tooShort", { min: PASSWORD_MIN_LENGTH }) : undefined}
      />
      <TextField
        id="confirm-password"
        name="confirmPassword"
        type="password"
        label={t("confirm")}
        autoComplete="new-password"
        inputRef={confirmRef}
        readOnly={busy}
        error={problem === "mismatch" ? t("mismatch") : undefined}
      />
      <p className="text-sm text-slate-600">{t("signOutNote")}</p>
      <button type="submit" aria-disabled={busy || undefined} className={buttonClass.primary}>
        {busy ? t("submitting") : t("submit")}
      </button>
    </form>
  );
}
