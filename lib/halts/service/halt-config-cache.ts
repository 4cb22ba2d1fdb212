/**
 * The halt-condition configuration as the check uses it: read from `halt_conditions_config`, cached in
 * memory for at most 60 s (seed 004), and dropped at once when any process writes the config (NOTIFY
 * `keel_halt_config`, see `startHaltConfigListener`). Failure policy: a failed read throws, and the check
 * answers fail-safe (halt, critical); a missing row means the condition's default row (enabled).
 */

import { TtlCache } from "@/lib/cache/ttl-cache";
import type { Database } from "@/lib/db/client";
import type { HaltConditionConfig as HaltConditionConfigRow } from "@/lib/generated/prisma/client";
import { createLogger, errorFields } from "@/lib/log/logger";
import type { HaltConditionConfig, JsonObject } from "@/lib/schemas/halts";
import { SettingsListener } from "@/lib/settings/settings-listener";

/** NOTIFY channel fired by every config write. */
export const HALT_CONFIG_CHANNEL = "keel_halt_config";

/** How long a loaded configuration is served before it is read again. */
export const HALT_CONFIG_TTL_MS = 60_000;

const log = createLogger({ component: "halt-config" });

/** Row -> the pure evaluator's config shape. */
export function toHaltConditionConfig(row: HaltConditionConfigRow): HaltConditionConfig {
  return {
    condition_name: row.conditionName,
    halt_type: row.haltType,
    enabled: row.enabled,
    severity: row.severity,
    threshold: (row.threshold as JsonObject | null) ?? {},
    auto_escalate: row.autoEscalate,
    escalate_after_minutes: row.escalateAfterMinutes,
  };
}

/** Reads every config row. */
export async function loadHaltConditionConfig(database: Database): Promise<HaltConditionConfig[]> {
  const rows = await database.haltConditionConfig.findMany({ orderBy: { conditionName: "asc" } });
  return rows.map(toHaltConditionConfig);
}

/** The configuration behind a TtlCache of HALT_CONFIG_TTL_MS; a failed read rejects (fail-safe check). */
export class HaltConfigCache extends TtlCache<HaltConditionConfig[]> {
  constructor(
    load: () => Promise<HaltConditionConfig[]>,
    options: { ttlMs?: number; now?: () => number } = {},
  ) {
    super(load, { ttlMs: HALT_CONFIG_TTL_MS, ...options });
  }
}

/**
 * LISTENs on `keel_halt_config` and invalidates `cache` on every notification and after every
 * reconnect. Returns the listener (call `stop()` to end it).
 */
export async function startHaltConfigListener(
  cache: HaltConfigCache,
  connectionString: string,
): Promise<SettingsListener> {
  const listener = new SettingsListener({
    connectionString,
    channel: HALT_CONFIG_CHANNEL,
    onChange: () => cache.invalidate(),
    onStateChange: (state, error) => {
      if (state === "disconnected")
        log.warn("halt config notifications lost; relying on the 60 s TTL", errorFields(error));
    },
  });
  await listener.start();
  return listener;
}

const globalForCache = globalThis as unknown as {
  keelHaltConfigCache?: { url: string; cache: HaltConfigCache; listener: Promise<SettingsListener> | null };
};

/**
 * The process-wide cache for `database` (the client of DATABASE_URL), listening for config writes.
 * Pass `listen: false` to skip the LISTEN connection (the 60 s TTL still bounds staleness).
 */
export function processHaltConfigCache(
  database: Database,
  options: { listen?: boolean } = {},
): HaltConfigCache {
  const url = process.env.DATABASE_URL ?? "";
  const existing = globalForCache.keelHaltConfigCache;
  if (existing && existing.url === url) return existing.cache;
  const cache = new HaltConfigCache(() => loadHaltConditionConfig(database));
  const listener =
    options.listen !== false && url !== "" && process.env.KEEL_HALT_CONFIG_NOTIFY !== "off"
      ? startHaltConfigListener(cache, url).catch((error) => {
          log.warn("could not listen for halt config changes", errorFields(error));
          return null as unknown as SettingsListener;
        })
      : null;
  globalForCache.keelHaltConfigCache = { url, cache, listener };
  return cache;
}

/** Stops the process-wide listener (tests and shutdown). */
export async function stopProcessHaltConfigCache(): Promise<void> {
  const existing = globalForCache.keelHaltConfigCache;
  globalForCache.keelHaltConfigCache = undefined;
  const listener = await existing?.listener;
  await listener?.stop();
}
