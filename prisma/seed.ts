/**
 * Seeds what a fresh database needs: the settings row with its safe defaults, the default halt
 * conditions (the 21 of docs/halt-conditions.md; `lib/halts/conditions`) and, when no user exists,
 * the first admin (`admin`) with KEEL_ADMIN_PASSWORD or a random password printed once here. Idempotent:
 * existing rows are never overwritten, so a second `npm start` keeps every change.
 */
import { ensureFirstAdmin } from "@/lib/auth/users";
import { createPrismaClient, type Database } from "@/lib/db/client";
import { resolveDatabaseUrl } from "@/lib/db/database-url";
import type { Prisma } from "@/lib/generated/prisma/client";
import { DEFAULT_HALT_CONDITION_CONFIG } from "@/lib/halts/conditions";
import { passwordSchema } from "@/lib/schemas/auth";

export type SeedResult = Awaited<ReturnType<typeof ensureFirstAdmin>>;

export async function seed(
  databaseUrl: string,
  adminPassword = process.env.KEEL_ADMIN_PASSWORD,
): Promise<SeedResult> {
  if (adminPassword !== undefined && adminPassword !== "") {
    const checked = passwordSchema.safeParse(adminPassword);
    if (!checked.success)
      throw new Error(`KEEL_ADMIN_PASSWORD is not usable: ${checked.error.issues[0]?.message}`);
  }
  const database = createPrismaClient(databaseUrl);
  try {
    await database.appSettings.upsert({ where: { id: 1 }, create: { id: 1 }, update: {} });
    await seedHaltConditions(database);
    return await ensureFirstAdmin(database, adminPassword || undefined);
  } finally {
    await database.$disconnect();
  }
}

/** Inserts the default halt-condition rows that are missing; existing (possibly edited) rows are kept. */
export async function seedHaltConditions(database: Database): Promise<number> {
  const { count } = await database.haltConditionConfig.createMany({
    data: DEFAULT_HALT_CONDITION_CONFIG.map((config) => ({
      conditionName: config.condition_name,
      haltType: config.halt_type,
      enabled: config.enabled,
      severity: config.severity,
      threshold: config.threshold as Prisma.InputJsonObject,
      autoEscalate: config.auto_escalate,
      escalateAfterMinutes: config.escalate_after_minutes,
      updatedBy: "seed",
    })),
    skipDuplicates: true,
  });
  return count;
}

/** Prints what the seed did; the generated admin password is shown only here, once. */
export function printSeedResult(result: SeedResult): void {
  if (result.created && result.generated) {
    const line = "=".repeat(72);
    process.stdout.write(
      `\n${line}\n  First start: created the admin user.\n\n    user name: admin\n    password:  ${result.password}\n\n` +
        "  This password is shown only now and is not stored anywhere in plain text.\n" +
        "  Sign in and change it (Account page), or reset it: npm run keel -- user passwd admin\n" +
        `${line}\n\n`,
    );
  } else if (result.created) {
    console.log("Seeded defaults; created the admin user with the password from KEEL_ADMIN_PASSWORD.");
  } else console.log("Seeded defaults.");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    printSeedResult(await seed(await resolveDatabaseUrl()));
  } catch (error) {
    console.error(`Seeding failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
