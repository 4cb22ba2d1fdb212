/**
 * The Prisma client on @prisma/adapter-pg. One client per process (kept on globalThis so Next's dev
 * reloads do not open a new pool each time). The URL comes from DATABASE_URL, which the supervisor
 * (`npm start`) sets for every process it starts; see lib/db/database-url.ts for how it is chosen.
 */
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { deadlinePoolOptions } from "./deadlines";

export type Database = PrismaClient;

const globalForPrisma = globalThis as unknown as { keelPrisma?: PrismaClient; keelPrismaUrl?: string };

/** Thrown when a process that needs the database was started without DATABASE_URL. */
export class DatabaseNotConfiguredError extends Error {
  constructor() {
    super("DATABASE_URL is not set for this process. Start Keel with `npm start`, or set DATABASE_URL.");
    this.name = "DatabaseNotConfiguredError";
  }
}

/**
 * Creates a client for `connectionString` (tests and scripts that manage their own lifetime). Its pool
 * carries the deadlines of lib/db/deadlines.ts; a connection the server drops (a restart) is discarded
 * and the next query opens a new one, so the client recovers by itself when the database is back.
 */
export function createPrismaClient(connectionString: string): PrismaClient {
  const pool = new pg.Pool({ connectionString, max: 10, ...deadlinePoolOptions() });
  const client = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  pools.set(client, pool);
  return client;
}

const pools = new WeakMap<PrismaClient, pg.Pool>();

/**
 * The pg pool under a client made by createPrismaClient (the same connections, the same deadlines), for
 * the few statements on a hot path that go around the query builder: named (prepared once per
 * connection) statements through `pg` cost a fraction of a `$queryRaw`'s own work. Null for a client
 * made elsewhere (a transaction client) or after $disconnect; callers then use the client.
 */
export function poolOf(database: PrismaClient): pg.Pool | null {
  const pool = pools.get(database);
  // After $disconnect the pool is ended; the client reconnects on its own pool, so go through it.
  return pool && !pool.ended ? pool : null;
}

/** The process-wide client for DATABASE_URL. */
export function getPrisma(): PrismaClient {
  const url = process.env.DATABASE_URL;
  if (!url) throw new DatabaseNotConfiguredError();
  if (!globalForPrisma.keelPrisma || globalForPrisma.keelPrismaUrl !== url) {
    globalForPrisma.keelPrisma = createPrismaClient(url);
    globalForPrisma.keelPrismaUrl = url;
  }
  return globalForPrisma.keelPrisma;
}

/**
 * Runs one statement as a named prepared statement on the client's pool (see poolOf); through the
 * client's raw query when it has no pool of its own. `text` uses $1, $2 ... placeholders.
 */
export async function queryPrepared<Row>(
  database: Database,
  statement: { name: string; text: string; values: unknown[] },
): Promise<Row[]> {
  const pool = poolOf(database);
  if (pool) return (await pool.query(statement)).rows as Row[];
  return await database.$queryRawUnsafe<Row[]>(statement.text, ...statement.values);
}
