"use client";

import { type ReactNode, useEffect, useId, useRef } from "react";
import { buttonClass } from "./buttons";
import { FieldError } from "./field-message";

export type ConfirmDialogProps = {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel: string;
  /** Shown on the confirm button while the action runs; the dialog stays open. */
  busyLabel: string;
  busy?: boolean;
  /** A failure of the action, shown in the dialog. */
  error?: string;
  onConfirm: () => void;
  /** Cancel button, Escape, or a click on the backdrop. */
  onCancel: () => void;
  /** Form fields the action needs (for example a new password); Enter in them confirms. */
  children?: ReactNode;
  tone?: "danger" | "primary";
};

/**
 * A modal confirmation for destructive actions, on the native `<dialog>` (`showModal`: focus moves in
 * and stays in, Escape cancels, the page behind is inert). Initial focus is on the first field when the
 * dialog has fields, else on Cancel, the safe choice.
 * Where focus goes after closing is the caller's decision (the element that opened it, or the result).
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel,
  busyLabel,
  busy = false,
  error,
  onConfirm,
  onCancel,
  children,
  tone = "danger",
}: ConfirmDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const errorId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      (dialog.querySelector<HTMLElement>("input, select, textarea") ?? cancelRef.current)?.focus();
    } else if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard way to dismiss, Escape, arrives as the cancel event.
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
      onClick={(event) => {
        if (event.target === dialogRef.current && !busy) onCancel();
      }}
      className="m-auto w-[calc(100vw-2rem)] max-w-md rounded-lg border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
    >
      <form
        noValidate
        className="p-5"
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) onConfirm();
        }}
      >
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <p id={descriptionId} className="mt-2 text-sm text-slate-700">
          {description}
        </p>
        {children ? <div className="mt-4">{children}</div> : null}
        {error ? <FieldError id={errorId}>{error}</FieldError> : null}
        <div className="mt-5 flex flex-wrap justify-end gap-3">
          <button
            ref={cancelRef}
            type="button"
            onClick={() => {
              if (!busy) onCancel();
            }}
            className={buttonClass.secondary}
          >
            {cancelLabel}
          </button>
          <button
            type="submit"
            aria-disabled={busy || undefined}
            className={tone === "danger" ? buttonClass.danger : buttonClass.primary}
          >
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
