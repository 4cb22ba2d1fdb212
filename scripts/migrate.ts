/**
 * Migration runner on Prisma's WASM schema engine (works offline, unlike `prisma migrate`).
 *
 *   npm run db:migrate                 apply pending migrations to DATABASE_URL / the embedded database
 *                                      (`apply --seed` seeds afterwards); under a PostgreSQL advisory
 *                                      lock, so several processes starting at once apply them one by one
 *   npm run db:migration -- <name>     write prisma/migrations/<timestamp>_<name>/migration.sql from the
 *                                      difference between the last migration's schema and schema.prisma
 *   npm run db:check                   prove the committed migrations produce exactly schema.prisma
 *
 * Hand-written SQL that Prisma's schema language cannot express (partial indexes, triggers) goes into a
 * migration file by hand and its object names into prisma/manual-objects.txt, which `check` allows.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { MIGRATION_LOCK_KEY, withAdvisoryLock } from "../lib/db/advisory-lock";
import { catalogSnapshot, compareSnapshots } from "../lib/db/catalog-snapshot";
import { redactDatabaseUrl, resolveDatabaseUrl, withDatabaseName } from "../lib/db/database-url";
import {
  applyMigrations,
  diffEmptyToSchema,
  diffSnapshotToSchema,
  isEmptyMigration,
  MIGRATIONS_DIRECTORY,
  openSchemaEngine,
  SCHEMA_PATH,
  SNAPSHOT_PATH,
} from "../lib/db/schema-engine";

const USAGE = "usage: migrate.ts apply [--seed] | create <name> | check";

async function apply(withSeed: boolean): Promise<void> {
  const url = await resolveDatabaseUrl();
  await withAdvisoryLock(
    url,
    MIGRATION_LOCK_KEY,
    async () => {
      const engine = await openSchemaEngine(url);
      try {
        const applied = await applyMigrations(engine);
        console.log(
          applied.length === 0
            ? `Database ${redactDatabaseUrl(url)} is up to date.`
            : `Applied ${applied.length} migration(s) to ${redactDatabaseUrl(url)}: ${applied.join(", ")}`,
        );
      } finally {
        engine.free();
      }
      if (withSeed) {
        const { seed, printSeedResult } = await import("../prisma/seed");
        printSeedResult(await seed(url));
      }
    },
    () => console.log("Another process is migrating this database; waiting for it ..."),
  );
}

async function create(name: string | undefined): Promise<void> {
  if (!name || !/^[a-z0-9][a-z0-9_]{0,60}$/.test(name)) {
    throw new UsageError(
      "The migration name must be lower-case letters, digits and underscores, e.g. `add_halt_events`.",
    );
  }
  // The engine connects on start even though a datamodel-to-datamodel diff reads no database.
  const engine = await openSchemaEngine(await resolveDatabaseUrl());
  try {
    const sql = await diffSnapshotToSchema(engine);
    if (isEmptyMigration(sql)) {
      console.log("schema.prisma matches the last migration: nothing to create.");
      return;
    }
    const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
    const directory = path.join(MIGRATIONS_DIRECTORY, `${stamp}_${name}`);
    await fs.mkdir(directory, { recursive: true });
    await fs.writeFile(path.join(directory, "migration.sql"), sql);
    await fs.copyFile(SCHEMA_PATH, SNAPSHOT_PATH);
    const lockPath = path.join(MIGRATIONS_DIRECTORY, "migration_lock.toml");
    await fs.writeFile(
      lockPath,
      '# Written by scripts/migrate.ts; keep in version control.\nprovider = "postgresql"\n',
    );
    console.log(`Created ${path.relative(process.cwd(), directory)}/migration.sql`);
  } finally {
    engine.free();
  }
}

async function check(): Promise<void> {
  const url = await resolveDatabaseUrl();
  const engine = await openSchemaEngine(url);
  const failures: string[] = [];
  try {
    if (!isEmptyMigration(await diffSnapshotToSchema(engine))) {
      failures.push("schema.prisma differs from the last migration: run `npm run db:migration -- <name>`.");
    }
    const schemaSql = await diffEmptyToSchema(engine);
    const suffix = randomBytes(4).toString("hex");
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const fromMigrations = `keel_check_m_${suffix}`;
    const fromSchema = `keel_check_s_${suffix}`;
    try {
      await admin.query(`create database ${fromMigrations}`);
      await admin.query(`create database ${fromSchema}`);
      const migrationsUrl = withDatabaseName(url, fromMigrations);
      const migrationsEngine = await openSchemaEngine(migrationsUrl);
      try {
        await applyMigrations(migrationsEngine);
      } finally {
        migrationsEngine.free();
      }
      const snapshots: string[][] = [];
      for (const [database, script] of [
        [fromMigrations, null],
        [fromSchema, schemaSql],
      ] as const) {
        const client = new pg.Client({ connectionString: withDatabaseName(url, database) });
        await client.connect();
        try {
          if (script) await client.query(script);
          snapshots.push(await catalogSnapshot(client));
        } finally {
          await client.end();
        }
      }
      const manual = await readManualObjects();
      const { onlyInMigrations, onlyInSchema } = compareSnapshots(snapshots[0]!, snapshots[1]!);
      const unexpected = onlyInMigrations.filter((line) => !manual.some((name) => line.includes(name)));
      for (const line of unexpected) failures.push(`only in migrations: ${line}`);
      for (const line of onlyInSchema) failures.push(`only in schema.prisma: ${line}`);
    } finally {
      await admin.query(`drop database if exists ${fromMigrations} with (force)`);
      await admin.query(`drop database if exists ${fromSchema} with (force)`);
      await admin.end();
    }
  } finally {
    engine.free();
  }
  if (failures.length > 0) {
    console.error(`Migrations do not match prisma/schema.prisma:\n  ${failures.join("\n  ")}`);
    process.exit(1);
  }
  console.log(
    "Migrations produce exactly prisma/schema.prisma (plus the hand-written objects listed in prisma/manual-objects.txt).",
  );
}

async function readManualObjects(): Promise<string[]> {
  const text = await fs.readFile(path.resolve("prisma/manual-objects.txt"), "utf8").catch(() => "");
  return text
    .split("\n")
    .map((line) => line.replace(/#.*/, "").trim())
    .filter(Boolean);
}

class UsageError extends Error {}

async function usage(): Promise<void> {
  throw new UsageError(USAGE);
}

const [command, argument] = process.argv.slice(2);
const commands: Record<string, () => Promise<void>> = {
  apply: () => (argument === undefined || argument === "--seed" ? apply(argument === "--seed") : usage()),
  create: () => create(argument),
  check,
};
const run = command ? commands[command] : undefined;
if (!run) {
  console.error(USAGE);
  process.exit(2);
}
run().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(error instanceof UsageError ? 2 : 1);
});
