/**
 * Agent session rows kept in memory for the halt check's hot path (POST /api/halts/check), by session
 * token, so a clean check with a cached key and session makes no database round trip. Every change
 * reaches the cache by NOTIFY: a trigger on `agent_sessions` (migration
 * 20261202064748_agent_session_notify) fires `keel_agent_sessions` with the session's token on every
 * update (a halt, an acknowledgement, a pause) and every delete, and each process drops that session at
 * once. Writes in this process drop the session here after they commit and before they answer
 * (`invalidateAgentSessionCaches`: record-halt.ts, acknowledge-halt.ts, the check's auto-record, the run
 * executor's audit halt), so an agent's next check after a halt sees the session halted even before the
 * notification has arrived; other processes see it as soon as the notification arrives (milliseconds).
 *
 * The rules (used only while the LISTEN connection is up, 30 s TTL, a read overtaken by a change is not
 * kept) are those of lib/cache/notify-keyed-cache.ts. An unknown token is never kept (a session opened
 * later is found on its first check).
 */

import {
  invalidateProcessNotifyKeyedCaches,
  NotifyKeyedCache,
  processNotifyKeyedCache,
  stopProcessNotifyKeyedCaches,
} from "@/lib/cache/notify-keyed-cache";
import type { AgentSession } from "@/lib/generated/prisma/client";

/** NOTIFY channel of the agent_sessions trigger; the payload is the session's token. */
export const AGENT_SESSION_CHANNEL = "keel_agent_sessions";

/** An entry is read again after this long even while the LISTEN connection looks healthy. */
export const AGENT_SESSION_CACHE_TTL_MS = 30_000;

/** The process-wide registry name of the cache (lib/cache/notify-keyed-cache.ts). */
export const AGENT_SESSION_CACHE_NAME = "agent-sessions";

/** Agent session rows by session token. */
export class AgentSessionCache extends NotifyKeyedCache<AgentSession> {
  constructor(options: { ttlMs?: number; now?: () => number; heartbeatMs?: number } = {}) {
    super({
      heartbeatMs: options.heartbeatMs,
      channel: AGENT_SESSION_CHANNEL,
      ttlMs: options.ttlMs ?? AGENT_SESSION_CACHE_TTL_MS,
      now: options.now,
      lostMessage: "agent session notifications lost; reading sessions from the database",
    });
  }
}

/**
 * The process-wide cache for DATABASE_URL, listening (started on first use; until its LISTEN is up it
 * is not used). Null without DATABASE_URL or with KEEL_AGENT_SESSION_CACHE=off.
 */
export function processAgentSessionCache(): AgentSessionCache | null {
  return processNotifyKeyedCache(
    AGENT_SESSION_CACHE_NAME,
    "KEEL_AGENT_SESSION_CACHE",
    () => new AgentSessionCache(),
  );
}

/** Drops a session (by token; none: every session) from every cache of this process (a write here). */
export function invalidateAgentSessionCaches(sessionToken?: string): void {
  invalidateProcessNotifyKeyedCaches(AGENT_SESSION_CACHE_NAME, sessionToken);
}

/** Stops and forgets every process-wide cache (tests, shutdown). */
export async function stopProcessAgentSessionCaches(): Promise<void> {
  await stopProcessNotifyKeyedCaches(AGENT_SESSION_CACHE_NAME);
}
