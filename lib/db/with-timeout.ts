/** Rejects with a TimeoutError when `promise` has not settled within `timeoutMs`. */
export class TimeoutError extends Error {
  constructor(
    readonly operation: string,
    readonly timeoutMs: number,
  ) {
    super(`${operation} did not finish within ${Math.round(timeoutMs / 100) / 10} s`);
    this.name = "TimeoutError";
  }
}

/**
 * Races `promise` against a timer. The timer is cleared when the promise settles and never keeps the
 * process alive. The underlying work is not cancelled: callers clean up on TimeoutError.
 */
export function withTimeout<T>(promise: Promise<T>, timeoutMs: number, operation: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(operation, timeoutMs)), timeoutMs);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
