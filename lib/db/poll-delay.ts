/**
 * Delay before the next settings poll: the base interval while reads succeed, doubling per consecutive
 * failure up to a cap (so a database outage is not hammered), back to the base after one success.
 * Jitter (0..1, injected) spreads many runtimes apart by up to 10% of the delay.
 */
export function nextPollDelay(
  consecutiveFailures: number,
  options: { baseMs?: number; maxMs?: number; jitter?: number } = {},
): number {
  const baseMs = options.baseMs ?? 5_000;
  const maxMs = options.maxMs ?? 60_000;
  const failures = Math.max(0, Math.floor(consecutiveFailures));
  const delay = Math.min(maxMs, baseMs * 2 ** Math.min(failures, 20));
  const jitter = Math.min(1, Math.max(0, options.jitter ?? 0));
  return Math.round(delay * (1 - 0.1 * jitter));
}
