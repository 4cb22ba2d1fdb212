/**
 * The halt-condition configuration as the check uses it: read from `halt_conditions_config`, cached in memory
 * for at most 60 s (docs/halt-conditions.md#housekeeping), and dropped at once when any process writes the
 * config (NOTIFY `keel_halt_config`, see `startHaltConfigListener`). Failure policy: a failed read throws,
 * and the check answers fail-safe (halt, critical); a missing row means the condition's default row
 * (enabled).
 */

import {
  processWideCache,
  startInvalidatingListener,
  stopProcessWideCache,
} from "@/lib/cache/process-wide-cache";
import { TtlCache } from "@/lib/cache/ttl-cache";
import type { Database } from "@/lib/db/client";
import type { NotifyListener } from "@/lib/db/notify-listener";
import type { HaltConditionConfig as HaltConditionConfigRow } from "@/lib/generated/prisma/client";
import type { HaltConditionConfig, JsonObject } from "@/lib/schemas/halts";

/** NOTIFY channel fired by every config write. */
export const HALT_CONFIG_CHANNEL = "keel_halt_config";

/** How long a loaded configuration is served before it is read again. */
export const HALT_CONFIG_TTL_MS = 60_000;

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
export function startHaltConfigListener(
  cache: HaltConfigCache,
  connectionString: string,
): Promise<NotifyListener> {
  return startInvalidatingListener(cache, {
    connectionString,
    channel: HALT_CONFIG_CHANNEL,
    lostMessage: "halt config notifications lost; relying on the 60 s TTL",
  });
}

const PROCESS_CACHE_NAME = "halt-config";

/**
 * The process-wide cache for `database` (the client of DATABASE_URL), listening for config writes.
 * Pass `listen: false` to skip the LISTEN connection (the 60 s TTL still bounds staleness).
 */
export function processHaltConfigCache(
  database: Database,
  options: { listen?: boolean } = {},
): HaltConfigCache {
  return processWideCache(PROCESS_CACHE_NAME, {
    create: () => new HaltConfigCache(() => loadHaltConditionConfig(database)),
    listen:
      options.listen !== false && process.env.KEEL_HALT_CONFIG_NOTIFY !== "off"
        ? startHaltConfigListener
        : undefined,
  });
}

/** Stops the process-wide listener (tests and shutdown). */
export function stopProcessHaltConfigCache(): Promise<void> {
  return stopProcessWideCache(PROCESS_CACHE_NAME);
}
