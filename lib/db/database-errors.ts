/**
 * Recognises failures that mean "the database is away or too slow right now" (refused or dropped
 * connections, a server starting up or shutting down, a deadline of lib/db/deadlines.ts) as opposed to a
 * bug or bad data, so callers can answer 503 / fail safe with a generic text. Texts meant for clients
 * never carry the error's own message: Prisma's messages quote source code, SQL states and driver
 * details.
 */
import { TimeoutError } from "./with-timeout";

/** SQLSTATE classes and codes that mean unavailable or timed out (not a bad statement). */
const UNAVAILABLE_SQLSTATES = /^(08...|57P0[1-4]|57014|55P03|53300|40P01)$/;
const UNAVAILABLE_TEXT =
  /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|P1001|P1002|P1008|P1017|P2024|DatabaseNotReachable|Connection terminated|connection timeout|Query read timeout|timeout exceeded when trying to connect|Server has closed the connection|Can't reach database server|Connection refused|connect ECONN|the database system is (starting up|shutting down|in recovery mode)|terminating connection due to administrator command|canceling statement due to (statement|lock) timeout|Timed out fetching a new connection|Transaction already closed|Unable to start a transaction in the given time/i;

function sqlStateOf(error: unknown): string | null {
  const candidates = [
    (error as { meta?: { driverAdapterError?: { cause?: { originalCode?: unknown; code?: unknown } } } })
      ?.meta?.driverAdapterError?.cause?.originalCode,
    (error as { cause?: { originalCode?: unknown } })?.cause?.originalCode,
    (error as { code?: unknown })?.code,
  ];
  for (const candidate of candidates)
    if (typeof candidate === "string" && /^[0-9A-Z]{5}$/.test(candidate)) return candidate;
  return null;
}

/** True when `error` says the database cannot be reached or did not answer in time. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (error === null || error === undefined || depth > 4) return false;
  if (error instanceof TimeoutError) return true;
  if ((error as Error)?.name === "DatabaseNotConfiguredError") return true;
  const state = sqlStateOf(error);
  if (state !== null && UNAVAILABLE_SQLSTATES.test(state)) return true;
  const text = `${(error as { code?: unknown })?.code ?? ""} ${(error as Error)?.message ?? ""}`;
  if (UNAVAILABLE_TEXT.test(text)) return true;
  return isDatabaseUnavailable((error as { cause?: unknown })?.cause, depth + 1);
}

export const DATABASE_FAILURE_TEXT = "the database is not reachable or did not answer in time";
export const INTERNAL_FAILURE_TEXT = "an internal error occurred (it has been logged)";

/** A client-safe phrase for why a database-backed step failed (never the error's own text). */
export function publicFailureText(error: unknown): string {
  return isDatabaseUnavailable(error) ? DATABASE_FAILURE_TEXT : INTERNAL_FAILURE_TEXT;
}
