/**
 * The completion judge's circuit breaker (docs/design.md#judge-circuit-breaker: three consecutive judge
 * failures open a five-minute, process-local breaker). States: `closed` (calls allowed), `open` (no calls
 * until `openMs` passed), `half-open` (after the wait: calls allowed; the next success closes it, the next
 * failure opens it again for another `openMs`). A success in any state resets the failure count. The clock is
 * injected.
 */

export type BreakerState = "closed" | "open" | "half-open";

export interface CircuitBreakerOptions {
  /** Consecutive failures that open the breaker; default 3. */
  failureThreshold?: number;
  /** How long it stays open; default 5 minutes. */
  openMs?: number;
  /** Milliseconds since the epoch; default Date.now. */
  now?: () => number;
}

export interface CircuitBreaker {
  state(): BreakerState;
  /** False while open. */
  allowsCall(): boolean;
  recordSuccess(): void;
  recordFailure(): void;
  /** Consecutive failures so far. */
  failures(): number;
}

export const JUDGE_BREAKER_FAILURE_THRESHOLD = 3;
export const JUDGE_BREAKER_OPEN_MS = 5 * 60_000;

export function createCircuitBreaker(options: CircuitBreakerOptions = {}): CircuitBreaker {
  const threshold = options.failureThreshold ?? JUDGE_BREAKER_FAILURE_THRESHOLD;
  const openMs = options.openMs ?? JUDGE_BREAKER_OPEN_MS;
  const now = options.now ?? Date.now;
  let consecutive = 0;
  let openedAt: number | null = null;

  const state = (): BreakerState => {
    if (openedAt === null) return "closed";
    return now() - openedAt >= openMs ? "half-open" : "open";
  };
  return {
    state,
    allowsCall: () => state() !== "open",
    failures: () => consecutive,
    recordSuccess() {
      consecutive = 0;
      openedAt = null;
    },
    recordFailure() {
      consecutive++;
      if (state() === "half-open" || consecutive >= threshold) openedAt = now();
    },
  };
}
