import { describedBy, FieldError } from "./field-message";

export type RadioOption<Value extends string> = { value: Value; label: string; description: string };

export type RadioGroupFieldProps<Value extends string> = {
  /** Name of the radio group; ids of its parts derive from it. */
  name: string;
  legend: string;
  description: string;
  options: ReadonlyArray<RadioOption<Value>>;
  value: Value;
  onValueChange: (value: Value) => void;
  /** While true a choice is ignored (the radios stay focusable) and `busyText` is shown. */
  busy?: boolean;
  busyText: string;
  /** While true the choice is shown but cannot change (aria-disabled, the radios stay focusable). */
  readOnly?: boolean;
  error?: string;
};

/** A fieldset of native radio buttons: one choice out of a few, each option with its own explanation. */
export function RadioGroupField<Value extends string>({
  name,
  legend,
  description,
  options,
  value,
  onValueChange,
  busy = false,
  busyText,
  readOnly = false,
  error,
}: RadioGroupFieldProps<Value>) {
  const descriptionId = `${name}-description`;
  const errorId = `${name}-error`;
  return (
    <fieldset
      className="py-4"
      aria-describedby={describedBy(descriptionId, error && errorId)}
      aria-busy={busy || undefined}
    >
      <legend className="font-medium text-slate-900">{legend}</legend>
      <p id={descriptionId} className="mt-1 text-sm text-slate-600">
        {description}
      </p>
      <div className="mt-3 grid gap-2 sm:grid-cols-3">
        {options.map((option) => {
          const optionId = `${name}-${option.value}`;
          const checked = option.value === value;
          return (
            <div
              key={option.value}
              className={`flex gap-3 rounded-md border p-3 ${checked ? "border-blue-800 bg-blue-50" : "border-slate-300 bg-white"}`}
            >
              <input
                id={optionId}
                type="radio"
                name={name}
                value={option.value}
                checked={checked}
                aria-describedby={`${optionId}-description`}
                aria-disabled={busy || readOnly || undefined}
                onChange={() => {
                  if (!busy && !readOnly) onValueChange(option.value);
                }}
                className="mt-1 size-4 shrink-0 accent-blue-800"
              />
              <div>
                <label htmlFor={optionId} className="font-medium text-slate-900">
                  {option.label}
                </label>
                <p id={`${optionId}-description`} className="text-sm text-slate-600">
                  {option.description}
                </p>
              </div>
            </div>
          );
        })}
      </div>
      {busy ? (
        <p aria-hidden="true" className="mt-2 text-sm text-slate-600">
          {busyText}
        </p>
      ) : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </fieldset>
  );
}
