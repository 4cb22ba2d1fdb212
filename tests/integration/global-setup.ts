/**
 * Integration tests run against a real PostgreSQL: DATABASE_URL when set, else an embedded server of
 * their own (data in .data/test, port KEEL_TEST_DB_PORT or 25439, so a running `npm start` is not
 * touched). A template database is migrated and seeded once; every test file clones it
 * (tests/integration/helpers/test-database.ts), so files never see each other's rows.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { withDatabaseName } from "../../lib/db/database-url";
import { EmbeddedPostgres } from "../../lib/db/embedded-postgres";
import { startRunQueue } from "../../lib/runs/run-queue";
import { seed } from "../../prisma/seed";

export const TEMPLATE_DATABASE = "keel_test_template";

declare module "vitest" {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}

let server: EmbeddedPostgres | null = null;

export async function setup(project: TestProject): Promise<void> {
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    server = new EmbeddedPostgres({
      dataRoot: path.resolve(".data/test"),
      port: Number(process.env.KEEL_TEST_DB_PORT ?? 25439),
      log: (line) => process.stderr.write(`[test-db] ${line}\n`),
    });
    adminUrl = await server.start();
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Leftovers of an interrupted earlier run.
    const stale = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'keel_test_%' or datname like 'keel_check_%'",
    );
    for (const { datname } of stale.rows)
      await admin.query(`drop database if exists "${datname}" with (force)`);
    await admin.query(`create database ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  const templateUrl = withDatabaseName(adminUrl, TEMPLATE_DATABASE);
  const migrated = spawnSync(
    process.execPath,
    ["--experimental-wasm-modules", "--no-warnings", "--import", "tsx", "scripts/migrate.ts", "apply"],
    { env: { ...process.env, DATABASE_URL: templateUrl }, encoding: "utf8" },
  );
  if (migrated.status !== 0)
    throw new Error(`migrating the test template failed:\n${migrated.stderr}${migrated.stdout}`);
  await seed(templateUrl);
  // Install pg-boss's schema and the run queue once, so every cloned database has them.
  const boss = await startRunQueue(templateUrl, { worker: false });
  await boss.stop({ graceful: false });
  project.provide("adminDatabaseUrl", adminUrl);
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
