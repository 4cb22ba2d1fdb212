/** `--name <whole number>` from a bench's arguments, from 1 to `max`; `fallback` when absent. */
export function option(args: string[], name: string, fallback: number, max: number): number {
  const index = args.indexOf(name);
  if (index < 0) return fallback;
  const value = Number(args[index + 1]);
  if (!Number.isInteger(value) || value < 1 || value > max)
    throw new Error(`${name} must be a whole number from 1 to ${max}`);
  return value;
}
