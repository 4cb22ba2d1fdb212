"use client";

import { useFormatter, useTranslations } from "next-intl";
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import type { ApiFailure } from "@/components/api/api-client";
import {
  createUser,
  listUsers,
  PASSWORD_MIN_LENGTH,
  type PublicUser,
  ROLES,
  type Role,
  updateUser,
} from "@/components/auth/auth-api";
import { useSignedInUser } from "@/components/auth/signed-in-user";
import { useFailureMessage } from "@/components/auth/use-failure-message";
import { buttonClass } from "@/components/ui/buttons";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FieldError } from "@/components/ui/field-message";
import { LiveNotice, type Notice } from "@/components/ui/live-notice";
import { LoadErrorAlert, LoadingStatus } from "@/components/ui/load-state";
import { TextField } from "@/components/ui/text-field";
import { USERNAME_PATTERN } from "@/lib/auth/credential-rules";

/** Same rule as usernameSchema in lib/auth/users.ts (server-only), applied after trim and lower-casing. */

type ListState =
  | { status: "loading" }
  | { status: "error"; failure: ApiFailure }
  | { status: "ready"; users: PublicUser[] };

/**
 * User administration: the list of users, "add user" (name, optional display name, role, initial
 * password), and per user: change role, disable / enable, set a new password (in a dialog). Every
 * outcome is announced; a change that would leave no enabled admin (409) is explained and undone.
 */
export function UsersPanel() {
  const t = useTranslations("UsersPanel");
  const tRole = useTranslations("RoleName");
  const failureMessage = useFailureMessage();
  const format = useFormatter();
  const me = useSignedInUser();
  const [list, setList] = useState<ListState>({ status: "loading" });
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());
  const [passwordFor, setPasswordFor] = useState<PublicUser | null>(null);
  const headingId = useId();

  const load = useCallback(async (signal?: AbortSignal) => {
    setList((previous) => (previous.status === "ready" ? previous : { status: "loading" }));
    const result = await listUsers(signal);
    if (signal?.aborted) return;
    setList(
      result.type === "ok"
        ? { status: "ready", users: result.data }
        : { status: "error", failure: result.failure },
    );
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).catch(() => {});
    return () => controller.abort();
  }, [load]);

  const announce = (tone: Notice["tone"], text: string) => setNotice({ tone, text, id: Date.now() });

  function replaceUser(user: PublicUser) {
    setList((previous) =>
      previous.status === "ready"
        ? { status: "ready", users: previous.users.map((item) => (item.id === user.id ? user : item)) }
        : previous,
    );
  }

  async function change(user: PublicUser, update: { role?: Role; disabled?: boolean }) {
    if (busyIds.has(user.id)) return;
    setBusyIds((previous) => new Set(previous).add(user.id));
    const result = await updateUser(user.id, update);
    setBusyIds((previous) => {
      const next = new Set(previous);
      next.delete(user.id);
      return next;
    });
    if (result.type === "ok") {
      replaceUser(result.data);
      announce(
        "success",
        update.role !== undefined
          ? t("roleChanged", { username: user.username, role: tRole("name", { role: result.data.role }) })
          : t(result.data.disabled ? "disabledDone" : "enabledDone", { username: user.username }),
      );
    } else {
      // The row still shows the saved value (the select is controlled by the list), so nothing to undo.
      announce("error", failureMessage(result.failure, { conflict: t("lastAdmin") }));
    }
  }

  return (
    <div className="space-y-6">
      <LiveNotice notice={notice} testId="users-notice" />

      <AddUserForm
        onCreated={(user) => {
          setList((previous) =>
            previous.status === "ready" ? { status: "ready", users: [...previous.users, user] } : previous,
          );
          announce(
            "success",
            t("created", { username: user.username, role: tRole("name", { role: user.role }) }),
          );
        }}
      />

      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {t("listHeading")}
        </h2>
        {list.status === "loading" ? <LoadingStatus label={t("loading")} className="mt-2" /> : null}
        {list.status === "error" ? (
          <LoadErrorAlert
            title={t("loadError")}
            detail={failureMessage(list.failure)}
            retry={{ label: t("retry"), onRetry: () => load() }}
            className="mt-2"
          />
        ) : null}
        {list.status === "ready" && list.users.length === 0 ? (
          <p className="mt-2 text-slate-700">{t("empty")}</p>
        ) : null}
        {list.status === "ready" && list.users.length > 0 ? (
          <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
            {list.users.map((user) => {
              const busy = busyIds.has(user.id);
              const isMe = user.username === me?.username;
              const roleId = `role-${user.id}`;
              return (
                <li
                  key={user.id}
                  data-testid="user-row"
                  data-username={user.username}
                  aria-busy={busy || undefined}
                  className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">
                      {user.username}
                      {user.displayName ? (
                        <span className="font-normal text-slate-600"> ({user.displayName})</span>
                      ) : null}
                      {isMe ? (
                        <span className="ml-2 text-xs font-normal text-slate-600">{t("you")}</span>
                      ) : null}
                    </p>
                    <p className="text-sm text-slate-600">
                      {user.disabled ? t("statusDisabled") : t("statusActive")} ·{" "}
                      {t("createdAt", {
                        date: format.dateTime(new Date(user.createdAt), { dateStyle: "medium" }),
                      })}
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    <label htmlFor={roleId} className="sr-only">
                      {t("roleFor", { username: user.username })}
                    </label>
                    <select
                      id={roleId}
                      value={user.role}
                      aria-disabled={busy || undefined}
                      onChange={(event) => {
                        if (!busy) change(user, { role: event.target.value as Role });
                      }}
                      className="rounded border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900"
                    >
                      {ROLES.map((role) => (
                        <option key={role} value={role}>
                          {tRole("name", { role })}
                        </option>
                      ))}
                    </select>
                    <button
                      type="button"
                      aria-disabled={busy || undefined}
                      onClick={() => change(user, { disabled: !user.disabled })}
                      aria-label={t(user.disabled ? "enableNamed" : "disableNamed", {
                        username: user.username,
                      })}
                      className={user.disabled ? buttonClass.secondary : buttonClass.dangerOutline}
                    >
                      {user.disabled ? t("enable") : t("disable")}
                    </button>
                    <button
                      id={`set-password-${user.id}`}
                      type="button"
                      onClick={() => setPasswordFor(user)}
                      aria-label={t("setPasswordNamed", { username: user.username })}
                      className={buttonClass.secondary}
                    >
                      {t("setPassword")}
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        ) : null}
      </section>

      <SetPasswordDialog
        user={passwordFor}
        onClose={(done) => {
          const user = passwordFor;
          setPasswordFor(null);
          if (user && done) announce("success", t("passwordSet", { username: user.username }));
          if (user) document.getElementById(`set-password-${user.id}`)?.focus();
        }}
      />
    </div>
  );
}

/** "Add user": name, optional display name, role and initial password; a taken name is a localized 409. */
function AddUserForm({ onCreated }: { onCreated: (user: PublicUser) => void }) {
  const t = useTranslations("UsersPanel");
  const tRole = useTranslations("RoleName");
  const failureMessage = useFailureMessage();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<"username" | "password" | null>(null);
  const [failure, setFailure] = useState<{ failure: ApiFailure; username: string } | null>(null);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const formId = useId();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const username = String(form.get("username") ?? "")
      .trim()
      .toLowerCase();
    const displayName = String(form.get("displayName") ?? "").trim();
    const role = String(form.get("role") ?? "viewer") as Role;
    const password = String(form.get("password") ?? "");
    if (!USERNAME_PATTERN.test(username)) {
      setProblem("username");
      usernameRef.current?.focus();
      return;
    }
    if (password.length < PASSWORD_MIN_LENGTH) {
      setProblem("password");
      passwordRef.current?.focus();
      return;
    }
    setProblem(null);
    setFailure(null);
    setBusy(true);
    const result = await createUser({ username, password, role, ...(displayName ? { displayName } : {}) });
    setBusy(false);
    if (result.type === "failed") {
      setFailure({ failure: result.failure, username });
      if (result.failure.kind === "conflict") usernameRef.current?.focus();
      return;
    }
    formElement.reset();
    usernameRef.current?.focus();
    onCreated(result.data);
  }

  const conflict = failure?.failure.kind === "conflict";
  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      aria-labelledby={`${formId}-heading`}
      aria-busy={busy || undefined}
      className="rounded-md border border-slate-200 bg-white p-4"
    >
      <h2 id={`${formId}-heading`} className="text-lg font-semibold text-slate-900">
        {t("addHeading")}
      </h2>
      {failure && !conflict ? (
        <p
          role="alert"
          className="mt-3 rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900"
        >
          {failureMessage(failure.failure)}
        </p>
      ) : null}
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${formId}-username`}
          name="username"
          label={t("username")}
          hint={t("usernameHint")}
          inputRef={usernameRef}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          readOnly={busy}
          error={
            problem === "username"
              ? t("usernameInvalid")
              : conflict
                ? t("usernameTaken", { username: failure.username })
                : undefined
          }
        />
        <TextField
          id={`${formId}-display-name`}
          name="displayName"
          label={t("displayName")}
          hint={t("optional")}
          maxLength={100}
          autoComplete="off"
          readOnly={busy}
        />
        <div>
          <label htmlFor={`${formId}-role`} className="block text-sm font-medium text-slate-900">
            {t("role")}
          </label>
          <select
            id={`${formId}-role`}
            name="role"
            defaultValue="viewer"
            className="mt-1 block w-full rounded border border-slate-400 bg-white px-3 py-2 text-slate-900"
          >
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {tRole("name", { role })}
              </option>
            ))}
          </select>
        </div>
        <TextField
          id={`${formId}-password`}
          name="password"
          type="password"
          label={t("initialPassword")}
          hint={t("passwordHint", { min: PASSWORD_MIN_LENGTH })}
          inputRef={passwordRef}
          autoComplete="new-password"
          readOnly={busy}
          error={problem === "password" ? t("passwordTooShort", { min: PASSWORD_MIN_LENGTH }) : undefined}
        />
      </div>
      <button type="submit" aria-disabled={busy || undefined} className={`mt-4 ${buttonClass.primary}`}>
        {busy ? t("adding") : t("add")}
      </button>
    </form>
  );
}

/** Sets a new password for `user` (admin action); closes with `done` true after a successful save. */
function SetPasswordDialog({ user, onClose }: { user: PublicUser | null; onClose: (done: boolean) => void }) {
  const t = useTranslations("UsersPanel");
  const failureMessage = useFailureMessage();
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const inputId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a dialog for another user starts empty.
  useEffect(() => {
    setPassword("");
    setError(undefined);
  }, [user?.id]);

  async function handleConfirm() {
    if (!user || busy) return;
    if (password.length < PASSWORD_MIN_LENGTH) {
      setError(t("passwordTooShort", { min: PASSWORD_MIN_LENGTH }));
      return;
    }
    setBusy(true);
    const result = await updateUser(user.id, { password });
    setBusy(false);
    if (result.type === "failed") {
      setError(failureMessage(result.failure));
      return;
    }
    onClose(true);
  }

  return (
    <ConfirmDialog
      open={user !== null}
      tone="primary"
      title={t("setPasswordTitle", { username: user?.username ?? "" })}
      description={t("setPasswordDescription")}
      confirmLabel={t("setPasswordConfirm")}
      cancelLabel={t("cancel")}
      busyLabel={t("saving")}
      busy={busy}
      onConfirm={handleConfirm}
      onCancel={() => onClose(false)}
    >
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-900">
        {t("newPassword")}
      </label>
      <input
        id={inputId}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : `${inputId}-hint`}
        className="mt-1 block w-full rounded border border-slate-400 bg-white px-3 py-2 text-slate-900"
      />
      <p id={`${inputId}-hint`} className="mt-1 text-sm text-slate-600">
        {t("passwordHint", { min: PASSWORD_MIN_LENGTH })}
      </p>
      {error ? <FieldError id={`${inputId}-error`}>{error}</FieldError> : null}
    </ConfirmDialog>
  );
}
