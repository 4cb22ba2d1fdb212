/**
 * Agent API key rows kept in memory for the halt check's hot path (POST /api/halts/check), so a check
 * reads only its session from the database. Revocation reaches the cache by NOTIFY: a trigger on
 * `api_keys` (migration 20261202041307_api_key_notify) fires `keel_api_keys` with the key's prefix on
 * every change of what authentication reads (not the minutely last_used_at write) and every delete, and
 * each process drops that key at once.
 *
 * Fail safe: the cache is used only while its LISTEN connection is up. Before it has connected, after it
 * reports an error or ends, and until it has reconnected, every lookup reads the database (and nothing
 * is kept); on each (re)connect everything is dropped, because notifications sent while disconnected are
 * lost. An entry older than API_KEY_CACHE_TTL_MS is read again regardless (a connection that died without
 * telling us cannot keep a revoked key alive longer than that). A revocation in this process drops the
 * key here before it returns (`invalidateApiKeyCaches`), so the very next request of this process is
 * refused; other processes refuse it as soon as the notification arrives (milliseconds; docs/architecture.md, "Check speed").
 *
 * Only the key row is cached (hash, kind, name, scopes, revoked_at), never the secret: the presented
 * secret is checked against the hash on every request. Written here rather than with a cache library
 * because the rules that matter (no use without a live LISTEN, a read overtaken by a revocation is not
 * kept) are the NOTIFY wiring itself; the TTL cache of lib/cache holds one value, not a keyed set.
 */
import { NotifyListener } from "@/lib/db/notify-listener";
import { createLogger, errorFields } from "@/lib/log/logger";

const log = createLogger({ component: "api-key-cache" });

/** NOTIFY channel of the api_keys trigger; the payload is the key's prefix. */
export const API_KEY_CHANNEL = "keel_api_keys";

/** An entry is read again after this long even while the LISTEN connection looks healthy. */
export const API_KEY_CACHE_TTL_MS = 30_000;

/** At most this many keys are kept (the oldest entry goes first). */
const MAX_ENTRIES = 10_000;

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

export class ApiKeyCache {
  private readonly entries = new Map<string, { key: CachedApiKey; loadedAt: number }>();
  private generation = 0;
  private live = false;
  private listener: NotifyListener | null = null;

  constructor(private readonly options: { ttlMs?: number; now?: () => number } = {}) {}

  /** Whether lookups may use the cache (the LISTEN connection is up). */
  get isLive(): boolean {
    return this.live;
  }

  /** The cached key of `prefix`, or undefined (not cached, too old, or the cache is not live). */
  get(prefix: string): CachedApiKey | undefined {
    if (!this.live) return undefined;
    const entry = this.entries.get(prefix);
    if (!entry) return undefined;
    const now = this.options.now ?? Date.now;
    if (now() - entry.loadedAt >= (this.options.ttlMs ?? API_KEY_CACHE_TTL_MS)) {
      this.entries.delete(prefix);
      return undefined;
    }
    return entry.key;
  }

  /**
   * A token to pass to `set` with a row read after taking it: a row whose read an invalidation overtook
   * (a revocation committed meanwhile) is not kept.
   */
  ticket(): number {
    return this.generation;
  }

  set(prefix: string, key: CachedApiKey, ticket: number): void {
    if (!this.live || ticket !== this.generation || key.revokedAt !== null || key.kind !== "agent") return;
    if (this.entries.size >= MAX_ENTRIES && !this.entries.has(prefix)) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(prefix, { key, loadedAt: (this.options.now ?? Date.now)() });
  }

  /** Drops one key (`prefix`) or every key (no argument). */
  invalidate(prefix?: string): void {
    this.generation += 1;
    if (prefix === undefined) this.entries.clear();
    else this.entries.delete(prefix);
  }

  /** Marks the cache live or not; going down or coming up drops everything. */
  setLive(live: boolean): void {
    this.invalidate();
    this.live = live;
  }

  /** LISTENs on API_KEY_CHANNEL on `connectionString`; the cache is live while that connection is. */
  async listen(connectionString: string): Promise<void> {
    const listener = new NotifyListener({
      connectionString,
      channel: API_KEY_CHANNEL,
      onChange: (payload) => this.invalidate(payload === undefined || payload === "" ? undefined : payload),
      onStateChange: (state, error) => {
        this.setLive(state === "connected");
        if (state === "disconnected")
          log.warn("api key notifications lost; reading keys from the database", errorFields(error));
      },
    });
    this.listener = listener;
    await listener.start();
  }

  async stop(): Promise<void> {
    this.setLive(false);
    const listener = this.listener;
    this.listener = null;
    await listener?.stop();
  }
}

const registry = globalThis as unknown as { keelApiKeyCaches?: Map<string, ApiKeyCache> };

function caches(): Map<string, ApiKeyCache> {
  registry.keelApiKeyCaches ??= new Map();
  return registry.keelApiKeyCaches;
}

let warnedAboutSetting = false;

/**
 * The process-wide cache for DATABASE_URL, listening (started on first use; until its LISTEN is up it
 * is not used). Null without DATABASE_URL or with KEEL_API_KEY_CACHE=off.
 */
export function processApiKeyCache(): ApiKeyCache | null {
  const url = process.env.DATABASE_URL;
  const setting = process.env.KEEL_API_KEY_CACHE;
  if (!url || setting === "off") return null;
  if (setting !== undefined && setting !== "" && setting !== "on" && !warnedAboutSetting) {
    warnedAboutSetting = true;
    log.warn("KEEL_API_KEY_CACHE must be on or off; using on", { value: setting.slice(0, 20) });
  }
  const existing = caches().get(url);
  if (existing) return existing;
  const cache = new ApiKeyCache();
  caches().set(url, cache);
  cache.listen(url).catch((error: unknown) => {
    log.warn("could not listen for api key changes; reading keys from the database", errorFields(error));
  });
  return cache;
}

/** Drops every key of every cache of this process (a revocation here; see revokeApiKey). */
export function invalidateApiKeyCaches(prefix?: string): void {
  for (const cache of caches().values()) cache.invalidate(prefix);
}

/** Stops and forgets every process-wide cache (tests, shutdown). */
export async function stopProcessApiKeyCaches(): Promise<void> {
  const all = [...caches().values()];
  caches().clear();
  await Promise.all(all.map((cache) => cache.stop()));
}
