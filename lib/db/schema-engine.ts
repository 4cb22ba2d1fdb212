/**
 * Prisma's WebAssembly schema engine, driven directly: `prisma migrate` cannot run on machines without
 * internet (it downloads a native engine), the WASM build of the same engine can. Used by
 * scripts/migrate.ts to apply and create migrations. Needs `node --experimental-wasm-modules` on Node 22
 * before 22.19 and 24 before 24.5; later lines accept the flag and do not need it
 * (scripts/migrate-node-flags.test.ts checks this on every line CI runs).
 */
import fs from "node:fs/promises";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import { type MigrationList, SchemaEngine, type SchemaFilter } from "@prisma/schema-engine-wasm";

export const SCHEMA_PATH = path.resolve("prisma/schema.prisma");
export const MIGRATIONS_DIRECTORY = path.resolve("prisma/migrations");
/** The datamodel the newest migration brings a database to; new migrations are diffed against it. */
export const SNAPSHOT_PATH = path.join(MIGRATIONS_DIRECTORY, "schema.snapshot.prisma");

const NO_FILTERS: SchemaFilter = { externalTables: [], externalEnums: [] };

/**
 * The pg adapter, except that a migration script runs as ONE simple-protocol query. The stock adapter
 * splits scripts on every ";" (breaking function bodies and comments) and runs the pieces one by one, so
 * a failing statement would leave a half-applied migration. PostgreSQL runs a multi-statement simple
 * query as one implicit transaction: a migration now applies completely or not at all.
 */
class WholeScriptPrismaPg extends PrismaPg {
  override async connect() {
    const adapter = await super.connect();
    const pool = adapter.underlyingDriver() as { query(sql: string): Promise<unknown> };
    adapter.executeScript = async (script: string) => {
      try {
        await pool.query(script);
      } catch (error) {
        (adapter as unknown as { onError(error: unknown): never }).onError(error);
      }
    };
    return adapter;
  }
}

/** Opens the engine on `databaseUrl` with the current schema loaded. Call `free()` when done. */
export async function openSchemaEngine(databaseUrl: string): Promise<SchemaEngine> {
  const schema = await fs.readFile(SCHEMA_PATH, "utf8");
  const adapter = bindMigrationAwareSqlAdapterFactory(
    new WholeScriptPrismaPg({ connectionString: databaseUrl }),
  );
  const log = () => {};
  return SchemaEngine.new({ datamodels: [[SCHEMA_PATH, schema]] }, log, adapter);
}

/** Reads `prisma/migrations/<timestamp>_<name>/migration.sql` in order. */
export async function loadMigrationList(): Promise<MigrationList> {
  await fs.mkdir(MIGRATIONS_DIRECTORY, { recursive: true });
  const entries = (await fs.readdir(MIGRATIONS_DIRECTORY, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const migrationDirectories = await Promise.all(
    entries.map(async (name) => {
      const file = path.join(MIGRATIONS_DIRECTORY, name, "migration.sql");
      try {
        return {
          path: name,
          migrationFile: {
            path: "migration.sql",
            content: { tag: "ok" as const, value: await fs.readFile(file, "utf8") },
          },
        };
      } catch (error) {
        return {
          path: name,
          migrationFile: { path: "migration.sql", content: { tag: "error" as const, value: String(error) } },
        };
      }
    }),
  );
  const lockPath = path.join(MIGRATIONS_DIRECTORY, "migration_lock.toml");
  const lockContent = await fs.readFile(lockPath, "utf8").catch(() => null);
  return {
    baseDir: MIGRATIONS_DIRECTORY,
    lockfile: { path: "migration_lock.toml", content: lockContent },
    shadowDbInitScript: "",
    migrationDirectories,
  };
}

/** Applies every migration not yet recorded in `_prisma_migrations`; returns the names applied. */
export async function applyMigrations(engine: SchemaEngine): Promise<string[]> {
  const result = await engine.applyMigrations({
    migrationsList: await loadMigrationList(),
    filters: NO_FILTERS,
  });
  return result.appliedMigrationNames;
}

/** SQL that takes a database from the snapshot datamodel (or an empty database) to the current schema. */
export async function diffSnapshotToSchema(engine: SchemaEngine): Promise<string> {
  const snapshot = await fs.readFile(SNAPSHOT_PATH, "utf8").catch(() => null);
  const schema = await fs.readFile(SCHEMA_PATH, "utf8");
  const result = await engine.diff({
    from:
      snapshot === null
        ? { tag: "empty" }
        : { tag: "schemaDatamodel", files: [{ path: SNAPSHOT_PATH, content: snapshot }] },
    to: { tag: "schemaDatamodel", files: [{ path: SCHEMA_PATH, content: schema }] },
    script: true,
    exitCode: null,
    filters: NO_FILTERS,
  });
  return result.stdout ?? "";
}

/** SQL that creates the current schema on an empty database. */
export async function diffEmptyToSchema(engine: SchemaEngine): Promise<string> {
  const schema = await fs.readFile(SCHEMA_PATH, "utf8");
  const result = await engine.diff({
    from: { tag: "empty" },
    to: { tag: "schemaDatamodel", files: [{ path: SCHEMA_PATH, content: schema }] },
    script: true,
    exitCode: null,
    filters: NO_FILTERS,
  });
  return result.stdout ?? "";
}

/** True when a diff script has no statements (only comments and blank lines). */
export function isEmptyMigration(sql: string): boolean {
  return sql
    .split("\n")
    .map((line) => line.trim())
    .every((line) => line === "" || line.startsWith("--"));
}
