"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import type { ApiFailure } from "@/components/api/api-client";
import { useFailureMessage } from "@/components/auth/use-failure-message";
import { HaltTime } from "@/components/halts/halt-time";
import { buttonClass } from "@/components/ui/buttons";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { LiveNotice, type Notice } from "@/components/ui/live-notice";
import { LoadErrorAlert, LoadingStatus } from "@/components/ui/load-state";
import type { McpToolPin } from "@/lib/mcp-gateway/mcp-tool-pin-schemas";
import { approveMcpTool, listMcpTools } from "./mcp-tools-api";

type ListState =
  | { status: "loading" }
  | { status: "error"; failure: ApiFailure }
  | { status: "ready"; tools: McpToolPin[]; flagged: number };

const STATUS_CLASS: Record<McpToolPin["status"], string> = {
  flagged: "border-red-300 bg-red-50 text-red-900",
  approved: "border-sky-300 bg-sky-50 text-sky-900",
  trusted: "border-emerald-300 bg-emerald-50 text-emerald-900",
};

/**
 * The MCP gateway's pinned upstream tools (flagged first): status, why a tool is withheld, its
 * description and input schema exactly as the upstream sends them, and an Approve action for flagged
 * tools that approves the definition shown (its hash goes along; a definition that changed meanwhile
 * gets a 409 and the list reloads).
 */
export function McpToolsPanel() {
  const t = useTranslations("McpTools");
  const failureMessage = useFailureMessage();
  const [list, setList] = useState<ListState>({ status: "loading" });
  const [pending, setPending] = useState<McpToolPin | null>(null);
  const [busy, setBusy] = useState(false);
  const [dialogError, setDialogError] = useState<string | undefined>();
  const [notice, setNotice] = useState<Notice | null>(null);

  const load = useCallback(async (signal?: AbortSignal) => {
    const result = await listMcpTools(signal);
    if (signal?.aborted) return;
    setList(
      result.type === "ok"
        ? { status: "ready", tools: result.data.tools, flagged: result.data.counts.flagged }
        : { status: "error", failure: result.failure },
    );
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).catch(() => {});
    return () => controller.abort();
  }, [load]);

  const approve = async () => {
    if (!pending) return;
    setBusy(true);
    setDialogError(undefined);
    const result = await approveMcpTool(pending.id, pending.definitionHash);
    setBusy(false);
    const name = `${pending.server}/${pending.tool}`;
    if (result.type === "ok") {
      setPending(null);
      setNotice({ tone: "success", text: t("approved", { name }), id: Date.now() });
      await load();
      return;
    }
    if (result.failure.kind === "conflict") {
      setPending(null);
      setNotice({ tone: "error", text: t("conflict"), id: Date.now() });
      await load();
      return;
    }
    setDialogError(failureMessage(result.failure));
  };

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
      <LiveNotice notice={notice} testId="mcp-tools-notice" />
      <p className="text-sm text-slate-700" data-testid="mcp-tools-flagged-count">
        {t("flaggedCount", { count: list.flagged })}
      </p>
      {list.tools.length === 0 ? <p className="text-slate-700">{t("empty")}</p> : null}
      <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
        {list.tools.map((tool) => (
          <li key={tool.id} className="p-4" data-testid="mcp-tool-row" data-status={tool.status}>
            <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0 space-y-1">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-mono text-sm font-semibold break-all text-slate-900">
                    {tool.server}/{tool.tool}
                  </span>
                  <span
                    className={`rounded border px-2 py-0.5 text-xs font-medium ${STATUS_CLASS[tool.status]}`}
                  >
                    {t("status", { status: tool.status })}
                  </span>
                </p>
                {tool.reason ? (
                  <p className="text-sm text-red-900">{t("reason", { reason: tool.reason })}</p>
                ) : null}
                <p className="text-xs text-slate-600">
                  {t("firstSeen")} <HaltTime iso={tool.firstSeenAt} /> · {t("lastSeen")}{" "}
                  <HaltTime iso={tool.lastSeenAt} />
                </p>
                {tool.approvedAt && tool.approvedBy ? (
                  <p className="text-xs text-slate-600">
                    {t("approvedBy", { actor: tool.approvedBy })} <HaltTime iso={tool.approvedAt} />
                  </p>
                ) : null}
              </div>
              {tool.status === "flagged" ? (
                <button
                  type="button"
                  className={buttonClass.secondary}
                  aria-label={t("approveNamed", { name: `${tool.server}/${tool.tool}` })}
                  onClick={() => {
                    setDialogError(undefined);
                    setPending(tool);
                  }}
                >
                  {t("approve")}
                </button>
              ) : null}
            </div>
            <div className="mt-3 space-y-2">
              <p className="text-xs font-medium text-slate-700">{t("description")}</p>
              <pre className="max-h-48 overflow-auto rounded bg-slate-50 p-2 text-xs whitespace-pre-wrap break-words text-slate-900">
                {tool.description === "" ? t("noDescription") : tool.description}
              </pre>
              <details>
                <summary className="cursor-pointer text-xs font-medium text-slate-700">
                  {t("inputSchema")}
                </summary>
                <pre className="mt-1 max-h-64 overflow-auto rounded bg-slate-50 p-2 text-xs text-slate-900">
                  {JSON.stringify(tool.inputSchema, null, 2)}
                </pre>
              </details>
              <p className="font-mono text-xs break-all text-slate-600">
                {t("hash")}: {tool.definitionHash}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={pending !== null}
        tone="primary"
        title={t("approveConfirmTitle", { name: pending ? `${pending.server}/${pending.tool}` : "" })}
        description={t("approveConfirmBody")}
        confirmLabel={t("approve")}
        cancelLabel={t("cancel")}
        busyLabel={t("approving")}
        busy={busy}
        error={dialogError}
        onConfirm={() => void approve()}
        onCancel={() => setPending(null)}
      />
    </div>
  );
}
