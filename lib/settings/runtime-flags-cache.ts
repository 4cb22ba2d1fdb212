/**
 * The runtime switches as web-process front doors read them (the guard proxy per request, the MCP gateway
 * per call): one process-wide cache that serves a read for at most FLAGS_TTL_MS and is dropped at once on
 * NOTIFY `keel_settings` (every settings write fires it), the same pattern as the halt-config cache. The
 * agent runtime uses RuntimeFlagPoller instead (it must also write a heartbeat).
 *
 * Failure policy (docs/design.md#switch-failure-policy): a failed read keeps the last good flags; before the
 * first good read the defaults apply (every safety feature on). A read error never fails the proxied request.
 */
import {
  processWideCache,
  startInvalidatingListener,
  stopProcessWideCache,
} from "@/lib/cache/process-wide-cache";
import { TtlCache } from "@/lib/cache/ttl-cache";
import type { Database } from "@/lib/db/client";
import { createLogger, errorFields } from "@/lib/log/logger";
import { DEFAULT_RUNTIME_FLAGS } from "@/lib/schemas/settings";
import { SETTINGS_CHANNEL } from "./app-settings";
import { type FlagSnapshot, loadAppSettingsRuntimeFlags } from "./runtime-flags";

/** How long a read is served before the row is read again (the NOTIFY normally drops it sooner). */
export const FLAGS_TTL_MS = 3_000;

const log = createLogger({ component: "runtime-flags" });

/** The switches behind a TtlCache of FLAGS_TTL_MS, with the last good flags when a read fails. */
export class RuntimeFlagsCache {
  private lastGood: FlagSnapshot = { flags: { ...DEFAULT_RUNTIME_FLAGS }, version: 0 };
  private readonly cache: TtlCache<FlagSnapshot>;

  constructor(load: () => Promise<FlagSnapshot>, options: { ttlMs?: number; now?: () => number } = {}) {
    this.cache = new TtlCache(
      async () => {
        try {
          this.lastGood = await load();
          return this.lastGood;
        } catch (error) {
          // Logged here, once per failed read, not once per caller sharing it.
          log.warn("could not read the runtime switches; using the last good ones", errorFields(error));
          throw error;
        }
      },
      { ttlMs: FLAGS_TTL_MS, ...options },
    );
  }

  /** The cached flags when fresh, else a new read (the last good flags when it fails). Never rejects. */
  get(): Promise<FlagSnapshot> {
    return this.cache.get().catch(() => this.lastGood);
  }

  /** Drops the cached flags (NOTIFY from a settings write). */
  invalidate(): void {
    this.cache.invalidate();
  }
}

const PROCESS_CACHE_NAME = "runtime-flags";

/** The process-wide cache for `database`, listening on `keel_settings` (unless KEEL_SETTINGS_NOTIFY=off). */
export function processRuntimeFlagsCache(database: Database): RuntimeFlagsCache {
  return processWideCache(PROCESS_CACHE_NAME, {
    create: () =>
      new RuntimeFlagsCache(async () => {
        const loaded = await loadAppSettingsRuntimeFlags(database);
        return { flags: loaded.flags, version: loaded.version };
      }),
    listen:
      process.env.KEEL_SETTINGS_NOTIFY !== "off"
        ? (cache, connectionString) =>
            startInvalidatingListener(cache, {
              connectionString,
              channel: SETTINGS_CHANNEL,
              lostMessage: "settings notifications lost; relying on the 3 s cache",
            })
        : undefined,
  });
}

/** Stops the process-wide listener (tests, shutdown). */
export function stopProcessRuntimeFlagsCache(): Promise<void> {
  return stopProcessWideCache(PROCESS_CACHE_NAME);
}
