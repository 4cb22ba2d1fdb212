/**
 * The runtime's scheduled halt jobs on pg-boss (PostgreSQL-backed; two workers never run one slot
 * twice, and the escalation UPDATE itself is guarded, so an event escalates exactly once):
 *
 *   halt-escalation-scan   every minute: escalate overdue events, claim pending notifications, emit a
 *                          console event per escalation, enqueue one webhook delivery each
 *   halt-escalation-webhook deliver one signed webhook; a failure is retried with exponential backoff
 *   halt-archive           daily at 03:17: move events older than 90 days to the archive table, and delete
 *                          replay samples older than KEEL_REPLAY_RETENTION_DAYS (lib/replay)
 *
 * Environment: KEEL_ESCALATION_WEBHOOK_URL (optional, http/https) and KEEL_ESCALATION_WEBHOOK_SECRET
 * (required with the URL, at least 16 characters).
 */
import { PgBoss } from "pg-boss";
import type { Database } from "@/lib/db/client";
import {
  buildEscalationWebhook,
  deliverWebhook,
  type EscalatedHalt,
} from "@/lib/halts/escalation/escalation-webhook";
import {
  archiveOldHalts,
  claimEscalationNotifications,
  escalateOverdueHalts,
} from "@/lib/halts/escalation/halt-escalation";
import { errorFields, type Logger } from "@/lib/log/logger";
import { ageToolResultSamples, replayRetentionDays } from "@/lib/replay/replay-tool-results";

export const QUEUES = {
  scan: "halt-escalation-scan",
  webhook: "halt-escalation-webhook",
  archive: "halt-archive",
} as const;

export interface WebhookConfig {
  url: string;
  secret: string;
}

/** Reads and validates the webhook settings; throws a message meant for the operator. */
export function webhookConfigFromEnv(env: NodeJS.ProcessEnv): WebhookConfig | null {
  const url = env.KEEL_ESCALATION_WEBHOOK_URL;
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error("KEEL_ESCALATION_WEBHOOK_URL is not a valid URL.");
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:")
    throw new Error("KEEL_ESCALATION_WEBHOOK_URL must be http(s).");
  const secret = env.KEEL_ESCALATION_WEBHOOK_SECRET ?? "";
  if (secret.length < 16)
    throw new Error(
      "KEEL_ESCALATION_WEBHOOK_SECRET (at least 16 characters) is required with KEEL_ESCALATION_WEBHOOK_URL.",
    );
  return { url, secret };
}

export interface HaltJobs {
  boss: PgBoss;
  /** Runs one escalation scan now (also what the schedule triggers). */
  scanNow(): Promise<EscalatedHalt[]>;
  stop(): Promise<void>;
}

export async function startHaltJobs(input: {
  connectionString: string;
  database: Database;
  log: Logger;
  webhook: WebhookConfig | null;
  /** Seconds before the first webhook retry (doubling); tests shorten it. */
  webhookRetryDelaySeconds?: number;
  schedule?: boolean;
}): Promise<HaltJobs> {
  const { database, log, webhook } = input;
  const boss = new PgBoss({ connectionString: input.connectionString, schema: "pgboss" });
  boss.on("error", (error: unknown) => log.warn("job queue error", errorFields(error)));
  await boss.start();
  await boss.createQueue(QUEUES.scan);
  await boss.createQueue(QUEUES.archive);
  await boss.createQueue(QUEUES.webhook, {
    retryLimit: 8,
    retryDelay: input.webhookRetryDelaySeconds ?? 10,
    retryBackoff: true,
    retryDelayMax: 3_600,
  });

  const scanNow = async (): Promise<EscalatedHalt[]> => {
    const escalated = await escalateOverdueHalts(database);
    if (escalated.length > 0)
      log.warn("halts escalated after their acknowledgement deadline", {
        count: escalated.length,
        halts: escalated,
      });
    const claimed = await claimEscalationNotifications(database);
    for (const halt of claimed) {
      log.warn("halt escalated: a human must look at it", { ...halt });
      if (webhook) await boss.send(QUEUES.webhook, { halt });
    }
    return claimed;
  };

  await boss.work<Record<string, never>>(QUEUES.scan, async () => {
    await scanNow();
  });
  await boss.work<{ halt: EscalatedHalt }>(QUEUES.webhook, async ([job]) => {
    if (!job || !webhook) return;
    const status = await deliverWebhook(
      webhook.url,
      buildEscalationWebhook(job.data.halt, webhook.secret, new Date()),
    );
    log.info("escalation webhook delivered", { halt: job.data.halt.halt_id, status });
  });
  await boss.work<Record<string, never>>(QUEUES.archive, async () => {
    const moved = await archiveOldHalts(database);
    if (moved > 0) log.info("archived old halt events", { moved });
    const aged = await ageToolResultSamples(database, replayRetentionDays());
    if (aged > 0) log.info("deleted replay samples past their retention", { deleted: aged });
  });
  if (input.schedule !== false) {
    await boss.schedule(QUEUES.scan, "* * * * *");
    await boss.schedule(QUEUES.archive, "17 3 * * *");
  }
  return { boss, scanNow, stop: () => boss.stop({ graceful: true, timeout: 10_000 }) };
}
