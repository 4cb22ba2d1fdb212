/**
 * Authenticated bearer tokens, cached per process for at most BEARER_CACHE_TTL_MS, so a busy agent's
 * `POST /api/halts/check` does not read its key row on every call. Only successful lookups are kept
 * (an unknown token is looked up again every time, and cannot fill the memory), keyed by the SHA-256 of
 * the token, never the token itself. Revocation: a trigger NOTIFYs `keel_credentials` on every change that
 * can withdraw a token (migration `credential_change_notify`), and every process drops its whole cache
 * at once; when notifications are lost the TTL bounds how long a revoked token still works.
 */
import { createHash } from "node:crypto";
import { processWideCache, startInvalidatingListener } from "@/lib/cache/process-wide-cache";
import type { Database } from "@/lib/db/client";
import { authenticateBearer, type BearerIdentity } from "./api-keys";

export const CREDENTIALS_CHANNEL = "keel_credentials";
export const BEARER_CACHE_TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;

export class BearerCache {
  private readonly entries = new Map<string, { identity: BearerIdentity; at: number }>();
  private generation = 0;

  constructor(private readonly options: { ttlMs?: number; now?: () => number } = {}) {}

  async authenticate(database: Database, token: string): Promise<BearerIdentity | null> {
    const now = this.options.now ?? Date.now;
    const key = createHash("sha256").update(token).digest("base64");
    const cached = this.entries.get(key);
    if (cached && now() - cached.at < (this.options.ttlMs ?? BEARER_CACHE_TTL_MS)) return cached.identity;
    const generation = this.generation;
    const identity = await authenticateBearer(database, token);
    // A change notified while the lookup ran may have withdrawn it: serve it once, do not keep it.
    if (identity && generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(key, { identity, at: now() });
    } else this.entries.delete(key);
    return identity;
  }

  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
  }
}

/** The process-wide bearer cache, invalidated by `keel_credentials` notifications. */
export function processBearerCache(): BearerCache {
  return processWideCache("bearer-identities", {
    create: () => new BearerCache(),
    listen: (cache, connectionString) =>
      startInvalidatingListener(cache, {
        connectionString,
        channel: CREDENTIALS_CHANNEL,
        lostMessage: "credential change notifications lost; cached tokens expire by their TTL",
      }),
  });
}
