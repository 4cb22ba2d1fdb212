/**
 * A throwaway database for a benchmark: on DATABASE_URL's server when set, else on an embedded server
 * of its own (data in .data/bench, port KEEL_BENCH_DB_PORT or 54345). Migrated and seeded.
 */

import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { withDatabaseName } from "@/lib/db/database-url";
import { EmbeddedPostgres } from "@/lib/db/embedded-postgres";
import { seed } from "../../prisma/seed";

export interface BenchDatabase {
  url: string;
  close(): Promise<void>;
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
  await admin.query(`create database ${name}`);
  const url = withDatabaseName(adminUrl, name);
  const migrated = spawnSync(
    process.execPath,
    ["--experimental-wasm-modules", "--no-warnings", "--import", "tsx", "scripts/migrate.ts", "apply"],
    { env: { ...process.env, DATABASE_URL: url }, encoding: "utf8" },
  );
  if (migrated.status !== 0) throw new Error(`migrating the bench database failed: ${migrated.stderr}`);
  await seed(url);
  return {
    url,
    close: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      await server?.stop();
    },
  };
}
