import { describedBy, FieldError } from "./field-message";

export type SwitchFieldProps = {
  /** Id of the switch; its label, description and error derive their ids from it. */
  id: string;
  label: string;
  description: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** While true the switch shows `busyText` and ignores activation (it stays focusable). */
  busy?: boolean;
  /** While true the switch only shows its state (aria-disabled, stays focusable) and ignores activation. */
  readOnly?: boolean;
  error?: string;
  stateText: { on: string; off: string; busy: string };
};

/**
 * A labelled on/off switch (`role="switch"`, `aria-checked`) with a one-line description. The state is
 * also written out next to the track, so it never depends on colour alone.
 */
export function SwitchField({
  id,
  label,
  description,
  checked,
  onCheckedChange,
  busy = false,
  readOnly = false,
  error,
  stateText,
}: SwitchFieldProps) {
  const labelId = `${id}-label`;
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
      <div className="min-w-0 flex-1">
        <label id={labelId} htmlFor={id} className="font-medium text-slate-900">
          {label}
        </label>
        <p id={descriptionId} className="mt-1 text-sm text-slate-600">
          {description}
        </p>
        {error ? <FieldError id={errorId}>{error}</FieldError> : null}
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={describedBy(descriptionId, error && errorId)}
        aria-disabled={busy || readOnly || undefined}
        aria-busy={busy || undefined}
        onClick={() => {
          if (!busy && !readOnly) onCheckedChange(!checked);
        }}
        className={`group inline-flex shrink-0 items-center gap-3 self-start rounded-full p-1 ${
          busy ? "cursor-progress opacity-70" : readOnly ? "cursor-not-allowed opacity-60" : "cursor-pointer"
        }`}
      >
        <span
          aria-hidden="true"
          className={`relative inline-flex h-7 w-12 items-center rounded-full border-2 transition-colors ${
            checked ? "border-emerald-800 bg-emerald-700" : "border-slate-500 bg-slate-200"
          }`}
        >
          <span
            className={`inline-block size-5 rounded-full bg-white shadow ring-1 ring-slate-400 transition-transform ${
              checked ? "translate-x-6" : "translate-x-0.5"
            }`}
          />
        </span>
        <span aria-hidden="true" className="min-w-16 text-left text-sm font-medium text-slate-800">
          {busy ? stateText.busy : checked ? stateText.on : stateText.off}
        </span>
      </button>
    </div>
  );
}
