import type { InputHTMLAttributes, Ref } from "react";
import { describedBy, FieldError } from "./field-message";

export type TextFieldProps = {
  id: string;
  label: string;
  /** Help text under the label, linked with aria-describedby. */
  hint?: string;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "aria-describedby" | "aria-invalid">;

/** A labelled text input with an optional hint and error, both linked to the input for screen readers. */
export function TextField({ id, label, hint, error, inputRef, className, ...inputProps }: TextFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="mt-0.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        ref={inputRef}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && hintId, error && errorId)}
        className={`mt-1 block w-full rounded border bg-white px-3 py-2 text-slate-900 read-only:bg-slate-50 ${
          error ? "border-red-700 ring-1 ring-red-700" : "border-slate-400"
        }`}
        {...inputProps}
      />
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}
