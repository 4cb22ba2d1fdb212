/**
 * The quarantine switch as the gateway reads it: the same `tool_result_quarantine_enabled` column of the
 * settings row as the agent runtime.
 * - Web route: the process-wide runtime-flags cache shared with the guard proxy
 *   (lib/settings/runtime-flags-cache.ts: short TTL, dropped at once by the settings NOTIFY, last good
 *   value on a failed read, quarantine on before the first good read).
 * - The stdio gateway uses watchRuntimeFlags() like agent/main.ts (serve-stdio.ts).
 */
import type { Database } from "@/lib/db/client";
import { type GuardMode, guardMode } from "@/lib/guards/guard-mode";
import { processRuntimeFlagsCache } from "@/lib/settings/runtime-flags-cache";

/** What the gateway asks before each call and listing. */
export interface QuarantineSwitch {
  enabled(): Promise<boolean>;
  /** The quarantine's mode (Off / Shadow / On); without it, `enabled()` decides On or Off. */
  mode?(): Promise<GuardMode>;
}

/** The web process's switch for `database` (the client of DATABASE_URL). */
export function processQuarantineSwitch(database: Database): QuarantineSwitch {
  const cache = processRuntimeFlagsCache(database);
  return {
    enabled: async () => (await cache.get()).flags.toolResultQuarantineEnabled,
    mode: async () => guardMode((await cache.get()).flags, "quarantine"),
  };
}
