/**
 * loadAppSettingsRuntimeFlags: how the agent runtime reads the switches.
 *
 * Failure policy (docs/design.md#switch-failure-policy): a field whose stored value is invalid falls back to
 * its safe default and is reported in `invalidFields`; a missing row means the defaults (version 0). A failed
 * read throws, and the poller keeps its last good flags.
 */
import type { Database } from "@/lib/db/client";
import {
  DEFAULT_RUNTIME_FLAGS,
  type FlagSnapshot,
  parseStoredFlags,
  type RuntimeFlagName,
} from "@/lib/schemas/settings";

export type { FlagSnapshot };

export interface LoadedRuntimeFlags extends FlagSnapshot {
  invalidFields: RuntimeFlagName[];
}

export async function loadAppSettingsRuntimeFlags(database: Database): Promise<LoadedRuntimeFlags> {
  const row = await database.appSettings.findUnique({ where: { id: 1 } });
  if (!row) return { flags: { ...DEFAULT_RUNTIME_FLAGS }, version: 0, invalidFields: [] };
  const { flags, invalidFields } = parseStoredFlags(row as unknown as Record<string, unknown>);
  return { flags, version: row.version, invalidFields };
}
