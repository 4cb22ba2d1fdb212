/**
 * A throwaway database for a benchmark: on DATABASE_URL's server when set, else on an embedded server
 * of its own (data in .data/bench, port KEEL_BENCH_DB_PORT or 54345). Migrated and seeded.
 *
 * Applying the migrations takes about ten seconds (the WASM schema engine loads each time), which the
 * quick benches of `npm test` paid once per bench. On the embedded server, which belongs to the benches,
 * the migrated schema is therefore kept as a template database named after a hash of the migration
 * files, and each bench clones it (`create database ... template ...`, well under a second) and seeds
 * its clone. A changed migration gives a new name, so a stale template is never cloned; older ones are
 * dropped. On an external server (DATABASE_URL) nothing is left behind: every bench migrates afresh.
 */

import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { withDatabaseName } from "@/lib/db/database-url";
import { EmbeddedPostgres } from "@/lib/db/embedded-postgres";
import { seed } from "../../prisma/seed";

export interface BenchDatabase {
  url: string;
  close(): Promise<void>;
}

const TEMPLATE_PREFIX = "keel_bench_template_";
// lib/db/schema-engine.ts's MIGRATIONS_DIRECTORY; not imported, because that module loads the WASM engine.
const MIGRATIONS_DIRECTORY = path.resolve("prisma/migrations");

/** The template's name: a hash of every migration's SQL, in order. */
export function templateDatabaseName(migrationsDirectory = MIGRATIONS_DIRECTORY): string {
  const hash = createHash("sha256");
  const folders = fs
    .readdirSync(migrationsDirectory, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  for (const folder of folders) {
    hash.update(`${folder}\n`);
    hash.update(fs.readFileSync(path.join(migrationsDirectory, folder, "migration.sql")));
  }
  return `${TEMPLATE_PREFIX}${hash.digest("hex").slice(0, 16)}`;
}

function migrate(url: string): void {
  const migrated = spawnSync(
    process.execPath,
    ["--experimental-wasm-modules", "--no-warnings", "--import", "tsx", "scripts/migrate.ts", "apply"],
    { env: { ...process.env, DATABASE_URL: url }, encoding: "utf8" },
  );
  if (migrated.status !== 0) throw new Error(`migrating the bench database failed: ${migrated.stderr}`);
}

async function databaseExists(admin: pg.Client, name: string): Promise<boolean> {
  const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
  return found.rowCount === 1;
}

/**
 * The migrated template on the embedded server, built when missing: migrated under a temporary name and
 * renamed when complete, so an interrupted build never leaves a half-migrated template to clone.
 */
async function ensureTemplate(admin: pg.Client, adminUrl: string): Promise<string> {
  const template = templateDatabaseName();
  if (await databaseExists(admin, template)) return template;
  const stale = await admin.query<{ datname: string }>(
    "select datname from pg_database where datname like 'keel_bench_%' and datname <> $1",
    [template],
  );
  for (const { datname } of stale.rows)
    await admin.query(`drop database if exists "${datname}" with (force)`);
  const building = `keel_bench_building_${randomBytes(4).toString("hex")}`;
  await admin.query(`create database ${building}`);
  try {
    migrate(withDatabaseName(adminUrl, building));
    await admin.query(`alter database ${building} rename to ${template}`);
  } catch (error) {
    await admin.query(`drop database if exists ${building} with (force)`);
    throw error;
  }
  return template;
}

export async function openBenchDatabase(): Promise<BenchDatabase> {
  let server: EmbeddedPostgres | null = null;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    server = new EmbeddedPostgres({
      dataRoot: path.resolve(".data/bench"),
      port: Number(process.env.KEEL_BENCH_DB_PORT ?? 54345),
      log: (line) => process.stderr.write(`[bench-db] ${line}\n`),
    });
    adminUrl = await server.start();
  }
  const name = `keel_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const url = withDatabaseName(adminUrl, name);
  try {
    if (server) {
      const template = await ensureTemplate(admin, adminUrl);
      await admin.query(`create database ${name} template ${template}`);
    } else {
      await admin.query(`create database ${name}`);
      migrate(url);
    }
    await seed(url);
  } catch (error) {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    await server?.stop();
    throw error;
  }
  return {
    url,
    close: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      await server?.stop();
    },
  };
}
