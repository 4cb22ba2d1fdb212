/**
 * The Prisma client on @prisma/adapter-pg. One client per process (kept on globalThis so Next's dev
 * reloads do not open a new pool each time). The URL comes from DATABASE_URL, which the supervisor
 * (`npm start`) sets for every process it starts; see lib/db/database-url.ts for how it is chosen.
 */
import { PrismaPg } from "@prisma/adapter-pg";
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
  return new PrismaClient({
    adapter: new PrismaPg({ connectionString, max: 10, ...deadlinePoolOptions() }),
  });
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
