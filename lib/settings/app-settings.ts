/**
 * Reading and writing the runtime switches (the single `app_settings` row) with optimistic
 * concurrency, one audit row per changed field, and a NOTIFY so every runtime reloads at once.
 */

import type { Database } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import type { AppSettings as AppSettingsRow } from "@/lib/generated/prisma/client";
import { redactSecretsDeep } from "@/lib/redact/redact";
import {
  type AppSettings,
  type AppSettingsUpdate,
  parseStoredFlags,
  RUNTIME_FLAG_NAMES,
  type RuntimeFlagName,
  type SettingsChange,
} from "@/lib/schemas/settings";

/** The PostgreSQL NOTIFY channel every settings write fires (payload: `{"version":N}`). */
export const SETTINGS_CHANNEL = "keel_settings";

/** The write named a version that is no longer current; `current` is what the caller should reload. */
export class StaleSettingsVersionError extends DomainError {
  constructor(
    readonly expectedVersion: number,
    readonly current: AppSettings,
  ) {
    super(
      "conflict",
      `The settings were changed by someone else (you sent version ${expectedVersion}, current is ${current.version}).`,
      { extra: { current } },
    );
  }
}

/** Maps a row to the API shape. Unreadable stored values show as their safe defaults. */
export function toAppSettings(row: AppSettingsRow): AppSettings {
  const { flags } = parseStoredFlags(row as unknown as Record<string, unknown>);
  return { ...flags, version: row.version, updatedAt: row.updatedAt.toISOString(), updatedBy: row.updatedBy };
}

/** Returns the settings row, creating it with the defaults if it does not exist yet. */
export async function getAppSettings(database: Database): Promise<AppSettings> {
  const row =
    (await database.appSettings.findUnique({ where: { id: 1 } })) ??
    (await database.appSettings.upsert({ where: { id: 1 }, create: { id: 1 }, update: {} }));
  return toAppSettings(row);
}

/**
 * Applies a partial update. With `expectedVersion`, refuses (StaleSettingsVersionError) unless it is the
 * current version. Fields whose value does not change are ignored; a write that changes nothing returns
 * the current settings without a new version. Otherwise the version goes up by one, one audit row per
 * changed field is written, and NOTIFY fires, all in one transaction: a failure changes nothing.
 */
export async function updateAppSettings(
  database: Database,
  input: { update: AppSettingsUpdate; expectedVersion?: number; actor: string },
): Promise<{ settings: AppSettings; changedFields: RuntimeFlagName[] }> {
  return database.$transaction(async (transaction) => {
    await transaction.$executeRaw`insert into app_settings (id) values (1) on conflict (id) do nothing`;
    const [locked] = await transaction.$queryRaw<
      AppSettingsRow[]
    >`select id from app_settings where id = 1 for update`;
    if (!locked) throw new Error("app_settings row missing after insert");
    const currentRow = await transaction.appSettings.findUniqueOrThrow({ where: { id: 1 } });
    const current = toAppSettings(currentRow);
    if (input.expectedVersion !== undefined && input.expectedVersion !== current.version) {
      throw new StaleSettingsVersionError(input.expectedVersion, current);
    }
    // Free text (the audit prompt) passes the one redactor before the row and the audit trail.
    const update = redactSecretsDeep(input.update);
    const changedFields = RUNTIME_FLAG_NAMES.filter(
      (name) => name in update && update[name] !== undefined && update[name] !== current[name],
    );
    if (changedFields.length === 0) return { settings: current, changedFields };

    const data: Record<string, unknown> = {};
    for (const name of changedFields) data[name] = update[name];
    const version = current.version + 1;
    const updatedRow = await transaction.appSettings.update({
      where: { id: 1 },
      data: { ...data, version, updatedAt: new Date(), updatedBy: input.actor },
    });
    await transaction.settingsChange.createMany({
      data: changedFields.map((field) => ({
        actor: input.actor,
        field,
        oldValue: current[field] ?? undefined,
        newValue: update[field] ?? undefined,
        version,
      })),
    });
    await transaction.$executeRaw`select pg_notify(${SETTINGS_CHANNEL}, ${JSON.stringify({ version })})`;
    return { settings: toAppSettings(updatedRow), changedFields };
  });
}

/** The audit log, newest first, with keyset pagination on the change id. */
export async function listSettingsChanges(
  database: Database,
  query: { limit: number; before?: string },
): Promise<{ changes: SettingsChange[]; nextCursor: string | null }> {
  const rows = await database.settingsChange.findMany({
    where: query.before ? { id: { lt: BigInt(query.before) } } : {},
    orderBy: { id: "desc" },
    take: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  return {
    changes: page.map((row) => ({
      id: row.id.toString(),
      at: row.at.toISOString(),
      actor: row.actor,
      field: row.field as RuntimeFlagName,
      oldValue: row.oldValue ?? null,
      newValue: row.newValue ?? null,
      version: row.version,
    })),
    nextCursor: rows.length > query.limit ? (page.at(-1)?.id.toString() ?? null) : null,
  };
}
