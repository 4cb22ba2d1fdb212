/**
 * The escalation webhook: a JSON body signed with HMAC-SHA256 so the receiver can verify it came from
 * this Keel. Headers: `X-Keel-Event: halt.escalated`, `X-Keel-Delivery: <halt id>` (idempotency key: a
 * retried delivery carries the same id), `X-Keel-Timestamp: <unix seconds>` and
 * `X-Keel-Signature: sha256=<hex HMAC of "<timestamp>.<body>">`.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export interface EscalatedHalt {
  halt_id: string;
  session_id: string;
  task_id: string | null;
  halt_type: string;
  condition_name: string | null;
  severity: string;
  description: string;
  triggered_at: string;
  escalated_at: string;
  reason: "recorded_critical_or_auto_escalate" | "unacknowledged_timeout";
}

export interface WebhookDelivery {
  body: string;
  headers: Record<string, string>;
}

export function buildEscalationWebhook(halt: EscalatedHalt, secret: string, now: Date): WebhookDelivery {
  const body = JSON.stringify({ event: "halt.escalated", halt });
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return {
    body,
    headers: {
      "content-type": "application/json",
      "user-agent": "keel-escalation/1",
      "x-keel-event": "halt.escalated",
      "x-keel-delivery": halt.halt_id,
      "x-keel-timestamp": timestamp,
      "x-keel-signature": `sha256=${signWebhook(secret, timestamp, body)}`,
    },
  };
}

export function signWebhook(secret: string, timestamp: string, body: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

/** For receivers (and tests): constant-time check of a signature header. */
export function verifyWebhookSignature(
  secret: string,
  timestamp: string,
  body: string,
  header: string,
): boolean {
  const expected = Buffer.from(`sha256=${signWebhook(secret, timestamp, body)}`);
  const actual = Buffer.from(header);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** A delivery that did not get a 2xx; thrown so the job queue retries it with backoff. */
export class WebhookDeliveryError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = "WebhookDeliveryError";
  }
}

export async function deliverWebhook(
  url: string,
  delivery: WebhookDelivery,
  options: { timeoutMs?: number; fetch?: typeof fetch } = {},
): Promise<number> {
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      method: "POST",
      headers: delivery.headers,
      body: delivery.body,
      redirect: "manual",
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
  } catch (error) {
    throw new WebhookDeliveryError(`escalation webhook unreachable: ${(error as Error).message}`, null);
  }
  await response.body?.cancel().catch(() => {});
  if (response.status < 200 || response.status >= 300) {
    throw new WebhookDeliveryError(`escalation webhook answered ${response.status}`, response.status);
  }
  return response.status;
}
