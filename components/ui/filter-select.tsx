/**
 * A labelled select of a list filter: an "any" option (value "") followed by the given options. Used by
 * the halts and runs filter forms, whose values live in the URL.
 */
export function FilterSelect<Value extends string>({
  id,
  label,
  anyLabel,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  anyLabel: string;
  value: Value | "";
  options: readonly { value: Value; label: string }[];
  onChange: (value: Value | "") => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as Value | "")}
        className="mt-1 block w-full rounded border border-slate-400 bg-white px-2 py-1.5 text-sm text-slate-900"
      >
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
