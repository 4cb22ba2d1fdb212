/**
 * A fresh database per test file, cloned from the migrated template, and the process's DATABASE_URL
 * pointed at it (each test file runs in its own worker process).
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { createPrismaClient, type Database } from "@/lib/db/client";
import { withDatabaseName } from "@/lib/db/database-url";

const TEMPLATE_DATABASE = "keel_test_template";

export interface TestDatabase {
  url: string;
  adminUrl: string;
  database: Database;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject("adminDatabaseUrl");
  const name = `keel_test_${randomBytes(5).toString("hex")}`;
  await withAdmin(adminUrl, (admin) => admin.query(`create database ${name} template ${TEMPLATE_DATABASE}`));
  const url = withDatabaseName(adminUrl, name);
  process.env.DATABASE_URL = url;
  const database = createPrismaClient(url);
  return {
    url,
    adminUrl,
    database,
    drop: async () => {
      await database.$disconnect();
      const { stopRunQueueSender } = await import("@/lib/runs/run-queue");
      await stopRunQueueSender();
      const { stopProcessApiKeyCaches } = await import("@/lib/auth/api-key-cache");
      await stopProcessApiKeyCaches();
      const { stopProcessAgentSessionCaches } = await import("@/lib/auth/agent-session-cache");
      await stopProcessAgentSessionCaches();
      const { getPrisma } = await import("@/lib/db/client");
      await getPrisma()
        .$disconnect()
        .catch(() => {});
      await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

async function withAdmin<T>(url: string, action: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await action(client);
  } finally {
    await client.end();
  }
}
