"use client";

import { useTranslations } from "next-intl";
import { type FormEvent, useRef, useState } from "react";
import type { ApiFailure } from "@/components/api/api-client";
import { buttonClass } from "@/components/ui/buttons";
import { TextField } from "@/components/ui/text-field";
import { signIn } from "./auth-api";
import { useFailureMessage } from "./use-failure-message";

type FormState =
  | { status: "idle" }
  | { status: "submitting" }
  | { status: "missing" }
  | { status: "failed"; failure: ApiFailure };

/**
 * User name and password, posted to /api/auth/sign-in. A wrong name or password gets one generic message
 * (the server does not say which), throttling says how long to wait, and on success the browser loads
 * `nextPath` (already checked to be a path on this site) with a full navigation, so every server layout
 * sees the new session cookie.
 */
export function SignInForm({ nextPath }: { nextPath: string }) {
  const t = useTranslations("SignInForm");
  const failureMessage = useFailureMessage();
  const [state, setState] = useState<FormState>({ status: "idle" });
  const [attempt, setAttempt] = useState(0);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const busy = state.status === "submitting";

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setAttempt((previous) => previous + 1);
    const form = new FormData(event.currentTarget);
    const username = String(form.get("username") ?? "").trim();
    const password = String(form.get("password") ?? "");
    if (!username || !password) {
      setState({ status: "missing" });
      (username ? passwordRef : usernameRef).current?.focus();
      return;
    }
    setState({ status: "submitting" });
    const result = await signIn({ username, password });
    if (result.type === "ok") {
      window.location.assign(nextPath);
      return;
    }
    setState({ status: "failed", failure: result.failure });
    if (passwordRef.current) {
      passwordRef.current.value = "";
      passwordRef.current.focus();
    }
  }

  let error: string | null = null;
  if (state.status === "missing") error = t("missing");
  else if (state.status === "failed")
    error = failureMessage(state.failure, {
      unauthorized: t("wrongCredentials"),
      invalid: t("missing"),
      forbidden: t("refused"),
      tooManyAttempts: t("tooManyAttempts", { seconds: retrySeconds(state.failure) }),
    });

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      aria-busy={busy || undefined}
      aria-describedby={error ? "sign-in-error" : undefined}
      className="space-y-4 rounded-md border border-slate-200 bg-white p-4 sm:p-6"
    >
      {error ? (
        // A new key per attempt: the same message after a second failed attempt is announced again.
        <p
          key={attempt}
          id="sign-in-error"
          role="alert"
          className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-900"
        >
          {error}
        </p>
      ) : null}
      <TextField
        id="sign-in-username"
        name="username"
        label={t("username")}
        inputRef={usernameRef}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        readOnly={busy}
        required
      />
      <TextField
        id="sign-in-password"
        name="password"
        type="password"
        label={t("password")}
        inputRef={passwordRef}
        autoComplete="current-password"
        readOnly={busy}
        required
      />
      <button
        type="submit"
        aria-disabled={busy || undefined}
        className={`${buttonClass.primary} w-full sm:w-auto`}
      >
        {busy ? t("submitting") : t("submit")}
      </button>
    </form>
  );
}

function retrySeconds(failure: ApiFailure): number {
  return failure.kind === "tooManyAttempts" ? (failure.retryAfterSeconds ?? 60) : 60;
}
