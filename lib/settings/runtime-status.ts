/**
 * What the settings panel's status line shows: which agent runtimes are alive and which settings
 * version each has applied ("applied by N runtimes, version V, X s ago").
 */
import type { Database } from "@/lib/db/client";
import type { RuntimeStatus } from "@/lib/schemas/settings";

/** A runtime whose last poll is older than this is shown as not alive (it polls every 5 s). */
export const RUNTIME_ALIVE_WINDOW_MS = 30_000;
/** Stopped or silent runtimes stay listed this long, so an operator sees one go away. */
const RUNTIME_LISTED_WINDOW_MS = 10 * 60_000;

export async function getRuntimeStatus(database: Database, now: Date = new Date()): Promise<RuntimeStatus> {
  const [settings, rows] = await Promise.all([
    database.appSettings.findUnique({ where: { id: 1 }, select: { version: true } }),
    database.runtimeInstance.findMany({
      where: { lastPollAt: { gte: new Date(now.getTime() - RUNTIME_LISTED_WINDOW_MS) } },
      orderBy: { startedAt: "desc" },
      take: 50,
    }),
  ]);
  const settingsVersion = settings?.version ?? 1;
  const instances = rows.map((row) => ({
    id: row.id,
    host: row.host,
    pid: row.pid,
    startedAt: row.startedAt.toISOString(),
    lastPollAt: row.lastPollAt.toISOString(),
    appliedSettingsVersion: row.appliedSettingsVersion,
    model: row.model,
    demoModel: row.demoModel,
    alive: row.stoppedAt === null && now.getTime() - row.lastPollAt.getTime() <= RUNTIME_ALIVE_WINDOW_MS,
  }));
  const applied = rows.filter(
    (row, index) =>
      instances[index]!.alive && row.appliedSettingsVersion === settingsVersion && row.appliedAt,
  );
  const lastAppliedAt = applied.reduce<Date | null>(
    (latest, row) => (latest === null || row.appliedAt! > latest ? row.appliedAt! : latest),
    null,
  );
  return {
    settingsVersion,
    instances,
    appliedBy: applied.length,
    lastAppliedAt: lastAppliedAt?.toISOString() ?? null,
  };
}
