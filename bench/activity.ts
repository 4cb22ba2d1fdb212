/**
 * `npm run bench -- activity [--events N] [--samples S]` (throwaway database: bench/support/bench-database.ts).
 *
 * The overview's activity over 30 days (`activityStats`, halts and waits read from the rollups the
 * halt_events trigger keeps) with N halts in the database (default 1,000,000, all within the 30 days),
 * against the baseline a direct aggregate would cost: halts by day and severity and the exact median and
 * p90 wait, read from halt_events itself. The ratio says how much cheaper the rollups are at that size.
 */
import { activityStats } from "@/lib/activity/activity-stats";
import { createPrismaClient } from "@/lib/db/client";
import { openBenchDatabase } from "./support/bench-database";
import { option } from "./support/options";
import { summarize } from "./support/stats";
import { insertSyntheticHalts } from "./support/synthetic-halts";

export async function run(args: string[]) {
  const events = option(args, "--events", 1_000_000, 10_000_000, 2_000);
  const samples = option(args, "--samples", 15, 200, 2);
  const bench = await openBenchDatabase();
  const database = createPrismaClient(bench.url);
  try {
    const session = await database.agentSession.create({
      data: { sessionToken: `bench_${Date.now()}`, agentName: "bench" },
    });
    const inserting = performance.now();
    // One halt per second into the past: 1,000,000 halts span 11.6 days, inside the 30-day range.
    await insertSyntheticHalts(bench.url, session.id, events);
    const insertMs = performance.now() - inserting;

    const time = async (work: () => Promise<unknown>) => {
      const durations: number[] = [];
      await work(); // warm-up
      for (let sample = 0; sample < samples; sample++) {
        const started = performance.now();
        await work();
        durations.push(performance.now() - started);
      }
      return summarize(durations);
    };
    const rollups = await time(() => activityStats(database, "30d"));
    const direct = await time(() =>
      Promise.all([
        database.$queryRaw`
          select date_trunc('day', triggered_at, 'UTC') as day, severity, count(*) from halt_events
          where triggered_at >= now() - interval '30 days' group by 1, 2`,
        database.$queryRaw`
          select percentile_cont(0.5) within group (order by extract(epoch from acknowledged_at - triggered_at)),
                 percentile_cont(0.9) within group (order by extract(epoch from acknowledged_at - triggered_at))
          from halt_events where triggered_at >= now() - interval '30 days' and acknowledged_at is not null`,
      ]),
    );
    return {
      events,
      insertSeconds: Math.round(insertMs / 100) / 10,
      rollupsMs: rollups,
      directAggregateMs: direct,
      medianRatio: Math.round((direct.median / rollups.median) * 10) / 10,
    };
  } finally {
    await database.$disconnect();
    await bench.close();
  }
}
