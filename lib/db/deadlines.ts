/**
 * Deadlines on every database path, so a database that is gone or hung (SIGSTOP, a full disk, a lock
 * held forever) turns into a quick, clean failure instead of a request that never answers.
 *
 *   connect        pool acquisition and connecting each wait at most CONNECT_TIMEOUT_MS
 *   server side    statement_timeout, lock_timeout and idle_in_transaction_session_timeout on every
 *                  pooled connection (sent as startup options, so they hold from the first statement)
 *   client side    a read timeout per query (QUERY_TIMEOUT_MS): a server that stops answering
 *                  altogether cannot enforce its own statement_timeout; the pool then drops the client
 *   per request    every route has a budget (lib/http/with-auth.ts, REQUEST_BUDGET_MS); POST
 *                  /api/halts/check answers its fail-safe after HALT_CHECK_BUDGET_MS
 *
 * Each value can be lowered or raised by an environment variable (whole milliseconds), read once.
 */

function fromEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  return Number.isInteger(value) && value >= min && value <= max ? value : fallback;
}

/** Waiting for a pooled connection, or for a new connection to be set up (TCP + authentication). */
export const CONNECT_TIMEOUT_MS = fromEnv("KEEL_DB_CONNECT_TIMEOUT_MS", 3_000, 100, 60_000);
/** The longest one statement may run on the server. */
export const STATEMENT_TIMEOUT_MS = fromEnv("KEEL_DB_STATEMENT_TIMEOUT_MS", 10_000, 100, 600_000);
/** The longest a statement waits for a row or table lock. */
export const LOCK_TIMEOUT_MS = fromEnv("KEEL_DB_LOCK_TIMEOUT_MS", 5_000, 100, 600_000);
/** A transaction left open without a statement is ended by the server after this long. */
export const IDLE_IN_TRANSACTION_TIMEOUT_MS = fromEnv(
  "KEEL_DB_IDLE_IN_TRANSACTION_TIMEOUT_MS",
  30_000,
  1_000,
  3_600_000,
);
/** Client-side read timeout of one query: the statement timeout plus slack for the round trip. */
export const QUERY_TIMEOUT_MS = STATEMENT_TIMEOUT_MS + 2_000;
/** The answer budget of an ordinary API request (503 after it). */
export const REQUEST_BUDGET_MS = fromEnv("KEEL_REQUEST_BUDGET_MS", 15_000, 500, 600_000);
/** The answer budget of POST /api/halts/check (the fail-safe `should_halt: true` after it). */
export const HALT_CHECK_BUDGET_MS = fromEnv("KEEL_HALT_CHECK_BUDGET_MS", 1_500, 200, 60_000);

/** node-postgres options carrying the deadlines (for the Prisma pool and other long-lived pools). */
export function deadlinePoolOptions(): {
  connectionTimeoutMillis: number;
  query_timeout: number;
  keepAlive: boolean;
  options: string;
} {
  return {
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    keepAlive: true,
    options: [
      `-c statement_timeout=${STATEMENT_TIMEOUT_MS}`,
      `-c lock_timeout=${LOCK_TIMEOUT_MS}`,
      `-c idle_in_transaction_session_timeout=${IDLE_IN_TRANSACTION_TIMEOUT_MS}`,
    ].join(" "),
  };
}
