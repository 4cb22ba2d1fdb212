/**
 * Live notification of recorded and acknowledged halts: NOTIFY `keel_halts` (for the console's event
 * stream and the runtime) plus one structured log line. Escalations are delivered (console + webhook)
 * by the runtime's escalation job from `halt_events.escalated_at`, exactly once.
 */
import type { Prisma } from "@/lib/generated/prisma/client";
import { createLogger } from "@/lib/log/logger";

/** NOTIFY channel for halt events. */
export const HALTS_CHANNEL = "keel_halts";

/** Payload of a `keel_halts` notification. */
export type HaltNotification = {
  type: "halt.recorded" | "halt.acknowledged";
  halt_id: string;
  session_id: string;
  severity: string;
  escalated?: boolean;
  resolution?: string;
};

const log = createLogger({ component: "halts" });

/** Sends the notification inside `transaction` (delivered on commit) and logs it. */
export async function notifyHalt(
  transaction: Prisma.TransactionClient,
  notification: HaltNotification,
): Promise<void> {
  await transaction.$executeRaw`select pg_notify(${HALTS_CHANNEL}, ${JSON.stringify(notification)})`;
  const level = notification.escalated ? "warn" : "info";
  log[level](notification.type, notification);
}
