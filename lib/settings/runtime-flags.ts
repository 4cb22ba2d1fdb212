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
  parseStoredFlags,
  type RuntimeFlagName,
  type RuntimeFlags,
} from "@/lib/schemas/settings";

/** The switches and the settings version they came from. */
export interface FlagSnapshot {
  flags: RuntimeFlags;
  version: number;
}

export interface LoadedRuntimeFlags {
  flags: RuntimeFlags;
  /** The row's version; 0 when no row exists yet. */
  version: number;
  invalidFields: RuntimeFlagName[];
}

export async function loadAppSettingsRuntimeFlags(database: Database): Promise<LoadedRuntimeFlags> {
  const row = await database.appSettings.findUnique({ where: { id: 1 } });
  if (!row) return { flags: { ...DEFAULT_RUNTIME_FLAGS }, version: 0, invalidFields: [] };
  const { flags, invalidFields } = parseStoredFlags(row as unknown as Record<string, unknown>);
  return { flags, version: row.version, invalidFields };
}
