/**
 * Live notification of run activity: NOTIFY `keel_runs` with `{ runId, seq, type, status? }` for every
 * stored event (the console's event stream and `keel run` follow a run with it). Payloads are tiny: the
 * reader fetches the events themselves, so nothing sensitive travels over NOTIFY.
 */
import type { Prisma } from "@/lib/generated/prisma/client";

export const RUNS_CHANNEL = "keel_runs";

export interface RunNotification {
  runId: string;
  seq: number;
  type: string;
  /** Set when the event changed the run's status. */
  status?: string;
}

type Executor = Pick<Prisma.TransactionClient, "$executeRaw">;

/** Sends the notification on `executor` (inside a transaction it is delivered on commit). */
export async function notifyRun(executor: Executor, notification: RunNotification): Promise<void> {
  await executor.$executeRaw`select pg_notify(${RUNS_CHANNEL}, ${JSON.stringify(notification)})`;
}
