/**
 * Seeds what a fresh database needs: the settings row with its safe defaults. Idempotent: existing
 * rows are never overwritten, so a second `npm start` keeps every operator change.
 */
import { createPrismaClient } from "@/lib/db/client";
import { resolveDatabaseUrl } from "@/lib/db/database-url";

export async function seed(databaseUrl: string): Promise<void> {
  const database = createPrismaClient(databaseUrl);
  try {
    await database.appSettings.upsert({ where: { id: 1 }, create: { id: 1 }, update: {} });
  } finally {
    await database.$disconnect();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  seed(await resolveDatabaseUrl())
    .then(() => console.log("Seeded defaults."))
    .catch((error: unknown) => {
      console.error(`Seeding failed: ${error instanceof Error ? error.message : error}`);
      process.exit(1);
    });
}
