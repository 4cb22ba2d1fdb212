/** Whether the bench runs in quick mode (`npm run bench -- <name> --quick`: small sizes, seconds; CI). */
export function quickMode(args: readonly string[]): boolean {
  return args.includes("--quick") || process.env.KEEL_BENCH_QUICK === "1";
}

/**
 * `--name <whole number>` from a bench's arguments, from 1 to `max`; when absent, `quick` in quick mode
 * (see quickMode) and `fallback` otherwise.
 */
export function option(
  args: string[],
  name: string,
  fallback: number,
  max: number,
  quick = fallback,
): number {
  const index = args.indexOf(name);
  if (index < 0) return quickMode(args) ? quick : fallback;
  const value = Number(args[index + 1]);
  if (!Number.isInteger(value) || value < 1 || value > max)
    throw new Error(`${name} must be a whole number from 1 to ${max}`);
  return value;
}
