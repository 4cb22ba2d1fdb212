/**
 * Agent API key rows kept in memory for the halt check's hot path (POST /api/halts/check), so a check
 * need not read its key from the database. Revocation reaches the cache by NOTIFY: a trigger on
 * `api_keys` (migration 20261202041307_api_key_notify) fires `keel_api_keys` with the key's prefix on
 * every change of what authentication reads (not the minutely last_used_at write) and every delete, and
 * each process drops that key at once. A revocation in this process drops the key here before it returns
 * (`invalidateApiKeyCaches`), so the very next request of this process is refused; other processes
 * refuse it as soon as the notification arrives (milliseconds; docs/architecture.md, "Check speed").
 *
 * The rules (used only while the LISTEN connection is up, 30 s TTL, a read overtaken by a revocation is
 * not kept) are those of lib/cache/notify-keyed-cache.ts. Only the key row is cached (hash, kind, name,
 * scopes, revoked_at), never the secret: the presented secret is checked against the hash on every
 * request. Revoked keys and personal tokens are never kept.
 */
import {
  invalidateProcessNotifyKeyedCaches,
  NotifyKeyedCache,
  processNotifyKeyedCache,
  stopProcessNotifyKeyedCaches,
} from "@/lib/cache/notify-keyed-cache";

/** NOTIFY channel of the api_keys trigger; the payload is the key's prefix. */
export const API_KEY_CHANNEL = "keel_api_keys";

/** An entry is read again after this long even while the LISTEN connection looks healthy. */
export const API_KEY_CACHE_TTL_MS = 30_000;

const NAME = "api-keys";

/** The cached part of a key row (what authentication needs; no user columns: agent keys only). */
export interface CachedApiKey {
  id: string;
  kind: string;
  secretHash: string;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  name: string;
  scopes: string[];
}

/** Agent key rows by prefix. */
export class ApiKeyCache extends NotifyKeyedCache<CachedApiKey> {
  constructor(options: { ttlMs?: number; now?: () => number; heartbeatMs?: number } = {}) {
    super({
      heartbeatMs: options.heartbeatMs,
      channel: API_KEY_CHANNEL,
      ttlMs: options.ttlMs ?? API_KEY_CACHE_TTL_MS,
      now: options.now,
      keep: (key) => key.revokedAt === null && key.kind === "agent",
      lostMessage: "api key notifications lost; reading keys from the database",
    });
  }
}

/**
 * The process-wide cache for DATABASE_URL, listening (started on first use; until its LISTEN is up it
 * is not used). Null without DATABASE_URL or with KEEL_API_KEY_CACHE=off.
 */
export function processApiKeyCache(): ApiKeyCache | null {
  return processNotifyKeyedCache(NAME, "KEEL_API_KEY_CACHE", () => new ApiKeyCache());
}

/** Drops a key (or every key) from every cache of this process (a revocation here; see revokeApiKey). */
export function invalidateApiKeyCaches(prefix?: string): void {
  invalidateProcessNotifyKeyedCaches(NAME, prefix);
}

/** Stops and forgets every process-wide cache (tests, shutdown). */
export async function stopProcessApiKeyCaches(): Promise<void> {
  await stopProcessNotifyKeyedCaches(NAME);
}
