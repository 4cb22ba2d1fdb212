"use client";

import { useFormatter, useTranslations } from "next-intl";
import { type FormEvent, type RefObject, useCallback, useEffect, useId, useRef, useState } from "react";
import type { ApiFailure, ApiResult } from "@/components/api/api-client";
import {
  AGENT_SCOPES,
  type AgentScope,
  type ApiKey,
  type CreatedToken,
  createAgentKey,
  createPersonalToken,
  listAgentKeys,
  listPersonalTokens,
  revokeAgentKey,
  revokePersonalToken,
} from "@/components/auth/auth-api";
import { useFailureMessage } from "@/components/auth/use-failure-message";
import { buttonClass } from "@/components/ui/buttons";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CopyableSecret } from "@/components/ui/copyable-secret";
import { describedBy, FieldError } from "@/components/ui/field-message";
import { LoadErrorAlert, LoadingStatus } from "@/components/ui/load-state";
import { TextField } from "@/components/ui/text-field";

export type ApiKeyKind = "personal" | "agent";

/** The API calls behind one kind of key. */
const CLIENTS: Record<
  ApiKeyKind,
  {
    list: (signal?: AbortSignal) => Promise<ApiResult<ApiKey[]>>;
    create: (name: string, scopes: AgentScope[]) => Promise<ApiResult<CreatedToken>>;
    revoke: (id: string) => Promise<ApiResult<ApiKey>>;
  }
> = {
  personal: {
    list: listPersonalTokens,
    create: (name) => createPersonalToken(name),
    revoke: revokePersonalToken,
  },
  agent: {
    list: listAgentKeys,
    create: (name, scopes) => createAgentKey({ name, scopes }),
    revoke: revokeAgentKey,
  },
};

type ListState =
  | { status: "loading" }
  | { status: "error"; failure: ApiFailure }
  | { status: "ready"; keys: ApiKey[] };

/**
 * Personal access tokens (Account page) or agent API keys (admin): the list with prefix, scopes,
 * created / last used and revoked dates; a create form (name, and scopes for agent keys) whose result,
 * the token itself, is shown exactly once; and revoke behind a confirmation dialog. Every list and result
 * change is announced in a polite status region.
 */
export function ApiKeysPanel({ kind }: { kind: ApiKeyKind }) {
  const t = useTranslations("ApiKeysPanel");
  const failureMessage = useFailureMessage();
  const client = CLIENTS[kind];
  const [list, setList] = useState<ListState>({ status: "loading" });
  const [created, setCreated] = useState<CreatedToken | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [revoking, setRevoking] = useState<{ key: ApiKey; busy: boolean; failure?: ApiFailure } | null>(null);
  const listHeadingRef = useRef<HTMLHeadingElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const headingId = useId();

  const load = useCallback(
    async (signal?: AbortSignal) => {
      setList((previous) => (previous.status === "ready" ? previous : { status: "loading" }));
      const result = await client.list(signal);
      if (signal?.aborted) return;
      setList(
        result.type === "ok"
          ? { status: "ready", keys: result.data }
          : { status: "error", failure: result.failure },
      );
    },
    [client],
  );

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).catch(() => {});
    return () => controller.abort();
  }, [load]);

  function handleCreated(token: CreatedToken) {
    setCreated(token);
    setAnnouncement(t("created", { kind, name: token.key.name }));
    setList((previous) =>
      previous.status === "ready" ? { status: "ready", keys: [token.key, ...previous.keys] } : previous,
    );
  }

  async function confirmRevoke() {
    if (!revoking || revoking.busy) return;
    const { key } = revoking;
    setRevoking({ key, busy: true });
    const result = await client.revoke(key.id);
    if (result.type === "failed") {
      setRevoking({ key, busy: false, failure: result.failure });
      return;
    }
    setRevoking(null);
    setList((previous) =>
      previous.status === "ready"
        ? { status: "ready", keys: previous.keys.map((item) => (item.id === key.id ? result.data : item)) }
        : previous,
    );
    setAnnouncement(t("revoked", { kind, name: key.name }));
    listHeadingRef.current?.focus();
  }

  function cancelRevoke() {
    const id = revoking?.key.id;
    setRevoking(null);
    if (id) document.getElementById(`revoke-${id}`)?.focus();
  }

  return (
    <div className="space-y-6">
      <p role="status" aria-live="polite" className="sr-only" data-testid="api-keys-status">
        {announcement}
      </p>

      {created ? (
        <CopyableSecret
          label={t("newSecretLabel", { kind, name: created.key.name })}
          secret={created.token}
          onDismiss={() => {
            setCreated(null);
            nameRef.current?.focus();
          }}
        />
      ) : null}

      <CreateKeyForm kind={kind} nameRef={nameRef} onCreated={handleCreated} />

      <section aria-labelledby={headingId}>
        <h3
          id={headingId}
          ref={listHeadingRef}
          tabIndex={-1}
          className="text-base font-semibold text-slate-900 focus:outline-none"
        >
          {t("listHeading", { kind })}
        </h3>
        {list.status === "loading" ? <LoadingStatus label={t("loading", { kind })} className="mt-2" /> : null}
        {list.status === "error" ? (
          <LoadErrorAlert
            title={t("loadError", { kind })}
            detail={failureMessage(list.failure)}
            retry={{ label: t("retry"), onRetry: () => load() }}
            className="mt-2"
          />
        ) : null}
        {list.status === "ready" && list.keys.length === 0 ? (
          <p className="mt-2 text-slate-700">{t("empty", { kind })}</p>
        ) : null}
        {list.status === "ready" && list.keys.length > 0 ? (
          <ApiKeyTable
            kind={kind}
            keys={list.keys}
            captionId={headingId}
            onRevoke={(key) => setRevoking({ key, busy: false })}
          />
        ) : null}
      </section>

      <ConfirmDialog
        open={revoking !== null}
        title={t("revokeTitle", { kind, name: revoking?.key.name ?? "" })}
        description={t("revokeDescription", { kind })}
        confirmLabel={t("revokeConfirm")}
        cancelLabel={t("cancel")}
        busyLabel={t("revoking")}
        busy={revoking?.busy}
        error={revoking?.failure ? failureMessage(revoking.failure) : undefined}
        onConfirm={confirmRevoke}
        onCancel={cancelRevoke}
      />
    </div>
  );
}

/** The create form: a name, and for agent keys at least one scope. */
function CreateKeyForm({
  kind,
  nameRef,
  onCreated,
}: {
  kind: ApiKeyKind;
  nameRef: RefObject<HTMLInputElement | null>;
  onCreated: (token: CreatedToken) => void;
}) {
  const t = useTranslations("ApiKeysPanel");
  const tScope = useTranslations("AgentScope");
  const failureMessage = useFailureMessage();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<"name" | "scopes" | null>(null);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const formId = useId();
  const scopesErrorId = `${formId}-scopes-error`;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const name = String(form.get("name") ?? "").trim();
    const scopes = form.getAll("scopes").map(String) as AgentScope[];
    if (!name || name.length > 100) {
      setProblem("name");
      nameRef.current?.focus();
      return;
    }
    if (kind === "agent" && scopes.length === 0) {
      setProblem("scopes");
      formElement.querySelector<HTMLInputElement>('input[name="scopes"]')?.focus();
      return;
    }
    setProblem(null);
    setFailure(null);
    setBusy(true);
    const client = CLIENTS[kind];
    const result = await client.create(name, scopes);
    setBusy(false);
    if (result.type === "failed") {
      setFailure(result.failure);
      return;
    }
    formElement.reset();
    onCreated(result.data);
  }

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      aria-labelledby={`${formId}-heading`}
      aria-busy={busy || undefined}
      className="space-y-4 rounded-md border border-slate-200 bg-white p-4"
    >
      <h3 id={`${formId}-heading`} className="text-base font-semibold text-slate-900">
        {t("createHeading", { kind })}
      </h3>
      {failure ? (
        <p role="alert" className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
          {failureMessage(failure)}
        </p>
      ) : null}
      <TextField
        id={`${formId}-name`}
        name="name"
        label={t("nameLabel")}
        hint={t("nameHint", { kind })}
        inputRef={nameRef}
        maxLength={100}
        autoComplete="off"
        readOnly={busy}
        error={problem === "name" ? t("nameMissing") : undefined}
        className="max-w-md"
      />
      {kind === "agent" ? (
        <fieldset aria-describedby={describedBy(problem === "scopes" && scopesErrorId)}>
          <legend className="text-sm font-medium text-slate-900">{t("scopesLegend")}</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {AGENT_SCOPES.map((scope) => (
              <label
                key={scope}
                className="flex items-start gap-2 rounded border border-slate-200 p-2 text-sm"
              >
                <input
                  type="checkbox"
                  name="scopes"
                  value={scope}
                  className="mt-0.5 size-4 shrink-0 accent-blue-800"
                />
                <span>
                  <span className="font-medium text-slate-900">
                    {tScope("label", { scope: scopeKey(scope) })}
                  </span>{" "}
                  <code className="text-xs text-slate-600">{scope}</code>
                </span>
              </label>
            ))}
          </div>
          {problem === "scopes" ? <FieldError id={scopesErrorId}>{t("scopesMissing")}</FieldError> : null}
        </fieldset>
      ) : null}
      <button type="submit" aria-disabled={busy || undefined} className={buttonClass.primary}>
        {busy ? t("creating") : t("create", { kind })}
      </button>
    </form>
  );
}

/** ICU select keys cannot contain ":"; "halts:read" becomes "halts_read". */
function scopeKey(scope: string): string {
  return scope.replace(":", "_");
}

/** The keys as a table (scrolls sideways on narrow screens); revoked keys are marked and keep their row. */
function ApiKeyTable({
  kind,
  keys,
  captionId,
  onRevoke,
}: {
  kind: ApiKeyKind;
  keys: ApiKey[];
  captionId: string;
  onRevoke: (key: ApiKey) => void;
}) {
  const t = useTranslations("ApiKeysPanel");
  const tScope = useTranslations("AgentScope");
  const format = useFormatter();
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });

  return (
    // Scrolls sideways on narrow screens; keyboard users reach the hidden columns through the Revoke buttons.
    <div className="relative mt-2 overflow-x-auto rounded-md border border-slate-200 bg-white">
      <table aria-labelledby={captionId} className="w-full min-w-[40rem] text-left text-sm">
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              {t("columnName")}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t("columnPrefix")}
            </th>
            {kind === "agent" ? (
              <th scope="col" className="px-3 py-2 font-medium">
                {t("columnScopes")}
              </th>
            ) : null}
            <th scope="col" className="px-3 py-2 font-medium">
              {t("columnCreated")}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t("columnLastUsed")}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t("columnStatus")}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              <span className="sr-only">{t("columnActions")}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {keys.map((key) => (
            <tr
              key={key.id}
              data-testid="api-key-row"
              className={key.revokedAt ? "text-slate-600" : undefined}
            >
              <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                {key.name}
              </th>
              <td className="px-3 py-2 font-mono text-xs">{key.prefix}</td>
              {kind === "agent" ? (
                <td className="px-3 py-2">
                  <ul className="flex flex-wrap gap-1">
                    {key.scopes.map((scope) => (
                      <li key={scope} title={scope} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs">
                        {tScope("label", { scope: scopeKey(scope) })}
                      </li>
                    ))}
                  </ul>
                </td>
              ) : null}
              <td className="px-3 py-2">{date(key.createdAt)}</td>
              <td className="px-3 py-2">{key.lastUsedAt ? date(key.lastUsedAt) : t("neverUsed")}</td>
              <td className="px-3 py-2">
                {key.revokedAt ? t("revokedAt", { date: date(key.revokedAt) }) : t("active")}
              </td>
              <td className="px-3 py-2 text-right">
                {key.revokedAt ? null : (
                  <button
                    id={`revoke-${key.id}`}
                    type="button"
                    onClick={() => onRevoke(key)}
                    aria-label={t("revokeNamed", { name: key.name })}
                    className={buttonClass.dangerOutline}
                  >
                    {t("revoke")}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
