"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { buttonClass } from "./buttons";

/**
 * A secret shown once (a new token or key): a read-only field, focused and selected when it appears so
 * it can be copied right away, a Copy button, and a warning that it will not be shown again. "Done"
 * dismisses it for good.
 */
export function CopyableSecret({
  label,
  secret,
  onDismiss,
}: {
  label: string;
  secret: string;
  onDismiss: () => void;
}) {
  const t = useTranslations("CopyableSecret");
  const inputId = useId();
  const warningId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle");

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopy("copied");
    } catch {
      inputRef.current?.select();
      setCopy("failed");
    }
  }

  return (
    <div className="rounded-md border border-amber-300 bg-amber-50 p-4" data-testid="created-secret">
      <label htmlFor={inputId} className="block font-medium text-slate-900">
        {label}
      </label>
      <p id={warningId} className="mt-1 text-sm font-medium text-amber-900">
        {t("warning")}
      </p>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <input
          id={inputId}
          ref={inputRef}
          type="text"
          readOnly
          value={secret}
          aria-describedby={warningId}
          spellCheck={false}
          autoComplete="off"
          onFocus={(event) => event.currentTarget.select()}
          className="block w-full min-w-0 rounded border border-slate-400 bg-white px-3 py-2 font-mono text-sm text-slate-900"
        />
        <button type="button" onClick={handleCopy} className={buttonClass.secondary}>
          {t("copy")}
        </button>
        <button type="button" onClick={onDismiss} className={buttonClass.secondary}>
          {t("done")}
        </button>
      </div>
      <p role="status" className="mt-2 min-h-5 text-sm text-slate-700">
        {copy === "copied" ? t("copied") : copy === "failed" ? t("copyFailed") : ""}
      </p>
    </div>
  );
}
