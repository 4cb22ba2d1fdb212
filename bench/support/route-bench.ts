/**
 * A bench database with the given route handlers served over real HTTP on it (DATABASE_URL set for the
 * handlers), a Prisma client for set-up, and one close() for all three.
 */
import { createPrismaClient, type Database } from "@/lib/db/client";
import { serveRoutes } from "../../tests/fixtures/route-server";
import { type BenchDatabase, openBenchDatabase } from "./bench-database";

export async function openRouteBench(routes: Parameters<typeof serveRoutes>[0]): Promise<{
  database: BenchDatabase;
  prisma: Database;
  server: { url: string };
  close(): Promise<void>;
}> {
  const database = await openBenchDatabase();
  process.env.DATABASE_URL = database.url;
  const prisma = createPrismaClient(database.url);
  const server = await serveRoutes(routes);
  return {
    database,
    prisma,
    server,
    close: async () => {
      await server.close();
      await prisma.$disconnect();
      await database.close();
    },
  };
}
