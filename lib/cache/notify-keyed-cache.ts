/**
 * Rows kept in memory by key, dropped by NOTIFY: the halt check's hot path reads its agent key
 * (lib/auth/api-key-cache.ts) and its agent session (lib/auth/agent-session-cache.ts) from caches of this
 * kind. A trigger on the table NOTIFYs `channel` with the row's key on every change the cache must not
 * miss, and each process drops that key at once (an empty payload drops everything).
 *
 * Fail safe: the cache is used only while its LISTEN connection is up. Before it has connected, after it
 * reports an error or ends, and until it has reconnected, every lookup reads the database (and nothing
 * is kept); on each (re)connect everything is dropped, because notifications sent while disconnected are
 * lost. The connection is probed every second: a database that stops answering (hung, stopped) takes
 * the cache out of use within about two seconds, like a lost connection. An entry older than the TTL
 * is read again regardless (a connection that died without telling us
 * cannot keep a stale row alive longer than that). A write in this process drops the row here before it
 * answers (`invalidate`), so the very next request of this process reads the new row; other processes
 * drop it as soon as the notification arrives (milliseconds). A row whose read an invalidation overtook
 * is not kept (`ticket`).
 *
 * Written here rather than with a cache library because the rules that matter (no use without a live
 * LISTEN, a read overtaken by an invalidation is not kept) are the NOTIFY wiring itself; the TTL cache of
 * lib/cache holds one value, not a keyed set.
 */
import { NotifyListener } from "@/lib/db/notify-listener";
import { createLogger, errorFields } from "@/lib/log/logger";

const log = createLogger({ component: "notify-cache" });

/**
 * The LISTEN connection is probed this often; a probe unanswered for this long takes the cache out of
 * use (lib/db/notify-listener.ts), so a database that hangs (its sockets stay open) stops the cache
 * within about two intervals, and requests read (and wait on, and fail safe on) the database again.
 */
export const HEARTBEAT_MS = 1_000;

/** At most this many rows are kept by default (the oldest entry goes first). */
const MAX_ENTRIES = 10_000;

export interface NotifyKeyedCacheOptions<Value> {
  /** The NOTIFY channel of the table's trigger; the payload is the key to drop. */
  channel: string;
  /** An entry is read again after this long even while the LISTEN connection looks healthy. */
  ttlMs: number;
  /** Rows that may be kept (e.g. no revoked key); others are read every time. */
  keep?: (value: Value) => boolean;
  /** Logged when the LISTEN connection is lost, e.g. "api key notifications lost". */
  lostMessage: string;
  now?: () => number;
  maxEntries?: number;
  /** See HEARTBEAT_MS (tests shorten it). */
  heartbeatMs?: number;
}

export class NotifyKeyedCache<Value> {
  private readonly entries = new Map<string, { value: Value; loadedAt: number }>();
  private generation = 0;
  private live = false;
  private listener: NotifyListener | null = null;

  constructor(private readonly options: NotifyKeyedCacheOptions<Value>) {}

  /** Whether lookups may use the cache (the LISTEN connection is up). */
  get isLive(): boolean {
    return this.live;
  }

  /** The cached row of `key`, or undefined (not cached, too old, or the cache is not live). */
  get(key: string): Value | undefined {
    if (!this.live) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const now = this.options.now ?? Date.now;
    if (now() - entry.loadedAt >= this.options.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /**
   * A token to pass to `set` with a row read after taking it: a row whose read an invalidation overtook
   * (a change committed meanwhile) is not kept.
   */
  ticket(): number {
    return this.generation;
  }

  set(key: string, value: Value, ticket: number): void {
    if (!this.live || ticket !== this.generation || !(this.options.keep?.(value) ?? true)) return;
    if (this.entries.size >= (this.options.maxEntries ?? MAX_ENTRIES) && !this.entries.has(key)) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, loadedAt: (this.options.now ?? Date.now)() });
  }

  /** Drops one row (`key`) or every row (no argument). */
  invalidate(key?: string): void {
    this.generation += 1;
    if (key === undefined) this.entries.clear();
    else this.entries.delete(key);
  }

  /** Marks the cache live or not; going down or coming up drops everything. */
  setLive(live: boolean): void {
    this.invalidate();
    this.live = live;
  }

  /** LISTENs on the channel on `connectionString`; the cache is live while that connection is. */
  async listen(connectionString: string): Promise<void> {
    const listener = new NotifyListener({
      connectionString,
      channel: this.options.channel,
      heartbeatMs: this.options.heartbeatMs ?? HEARTBEAT_MS,
      onChange: (payload) => this.invalidate(payload === undefined || payload === "" ? undefined : payload),
      onStateChange: (state, error) => {
        this.setLive(state === "connected");
        if (state === "disconnected") log.warn(this.options.lostMessage, errorFields(error));
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

/** What the process-wide registry needs of a cache. */
type Registered = Pick<NotifyKeyedCache<unknown>, "listen" | "invalidate" | "stop">;

/** Caches by name, then by database URL (a lookup on every request of the hot path: two map reads). */
const registry = globalThis as unknown as { keelNotifyKeyedCaches?: Map<string, Map<string, Registered>> };

function caches(name: string): Map<string, Registered> {
  registry.keelNotifyKeyedCaches ??= new Map();
  let byUrl = registry.keelNotifyKeyedCaches.get(name);
  if (!byUrl) {
    byUrl = new Map();
    registry.keelNotifyKeyedCaches.set(name, byUrl);
  }
  return byUrl;
}

const warnedSettings = new Set<string>();

/**
 * The process-wide cache `name` for DATABASE_URL, listening (started on first use; until its LISTEN is
 * up it is not used). Null without DATABASE_URL or when the environment variable `setting` is "off"; a
 * value other than on or off is logged once (the cache stays on).
 */
export function processNotifyKeyedCache<Cache extends Registered>(
  name: string,
  setting: string,
  create: () => Cache,
): Cache | null {
  const url = process.env.DATABASE_URL;
  const value = process.env[setting];
  if (!url || value === "off") return null;
  if (value !== undefined && value !== "" && value !== "on" && !warnedSettings.has(setting)) {
    warnedSettings.add(setting);
    log.warn(`${setting} must be on or off; using on`, { value: value.slice(0, 20) });
  }
  const byUrl = caches(name);
  const existing = byUrl.get(url);
  if (existing) return existing as Cache;
  const cache = create();
  byUrl.set(url, cache);
  cache.listen(url).catch((error: unknown) => {
    log.warn(`could not listen for ${name} changes; reading them from the database`, errorFields(error));
  });
  return cache;
}

/** Drops `key` (or everything) from every process-wide cache `name` of this process (a write here). */
export function invalidateProcessNotifyKeyedCaches(name: string, key?: string): void {
  for (const cache of caches(name).values()) cache.invalidate(key);
}

/** Stops and forgets every process-wide cache `name` (tests, shutdown). */
export async function stopProcessNotifyKeyedCaches(name: string): Promise<void> {
  const byUrl = caches(name);
  const all = [...byUrl.values()];
  byUrl.clear();
  await Promise.all(all.map((cache) => cache.stop()));
}
