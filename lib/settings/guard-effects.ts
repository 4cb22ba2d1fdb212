/**
 * What each shadowable guard did (On) or would have done (Shadow) over the last 24 hours and 7 days:
 * runs and results affected, and results per day. Two aggregate statements over `guard_decisions`
 * (index guard, at), written by the run event writer (lib/runs/guard-decisions.ts).
 */
import type { Database } from "@/lib/db/client";
import { guardMode } from "@/lib/guards/guard-mode";
import { type GuardEffects, type RuntimeFlags, SHADOWABLE_GUARDS } from "@/lib/schemas/settings";

const DAY_MS = 24 * 60 * 60_000;

interface WindowRow {
  guard: string;
  shadow: boolean;
  runs_24h: number;
  results_24h: number;
  runs_7d: number;
  results_7d: number;
}

interface DailyRow {
  guard: string;
  shadow: boolean;
  day: string;
  results: number;
}

/** The figures at `now` (the database's clock decides what is inside a window). */
export async function readGuardEffects(database: Database, flags: RuntimeFlags): Promise<GuardEffects> {
  const [now] = await database.$queryRaw<{ now: Date }[]>`select now() as now`;
  const at = now!.now;
  const since24h = new Date(at.getTime() - DAY_MS);
  const since7d = new Date(at.getTime() - 7 * DAY_MS);
  const [windows, daily] = await Promise.all([
    database.$queryRaw<WindowRow[]>`
      select guard, shadow,
        count(distinct run_id) filter (where at >= ${since24h})::int as runs_24h,
        count(*) filter (where at >= ${since24h})::int as results_24h,
        count(distinct run_id)::int as runs_7d,
        count(*)::int as results_7d
      from guard_decisions
      where at >= ${since7d} and at <= ${at}
      group by guard, shadow`,
    database.$queryRaw<DailyRow[]>`
      select guard, shadow, to_char(date_trunc('day', at at time zone 'UTC'), 'YYYY-MM-DD') as day,
        count(*)::int as results
      from guard_decisions
      where at >= ${new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()) - 6 * DAY_MS)}
        and at <= ${at}
      group by 1, 2, 3`,
  ]);
  const days = Array.from({ length: 7 }, (_, index) =>
    new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()) - (6 - index) * DAY_MS)
      .toISOString()
      .slice(0, 10),
  );
  const counts = (guard: string, shadow: boolean) =>
    windows.find((row) => row.guard === guard && row.shadow === shadow);
  return {
    generatedAt: at.toISOString(),
    guards: SHADOWABLE_GUARDS.map((guard) => {
      const enforced = counts(guard, false);
      const shadow = counts(guard, true);
      return {
        guard,
        mode: guardMode(flags, guard),
        last24h: {
          enforced: { runs: enforced?.runs_24h ?? 0, results: enforced?.results_24h ?? 0 },
          shadow: { runs: shadow?.runs_24h ?? 0, results: shadow?.results_24h ?? 0 },
          since: since24h.toISOString(),
        },
        last7d: {
          enforced: { runs: enforced?.runs_7d ?? 0, results: enforced?.results_7d ?? 0 },
          shadow: { runs: shadow?.runs_7d ?? 0, results: shadow?.results_7d ?? 0 },
          since: since7d.toISOString(),
        },
        daily: days.map((day) => ({
          day,
          enforced: daily.find((row) => row.guard === guard && !row.shadow && row.day === day)?.results ?? 0,
          shadow: daily.find((row) => row.guard === guard && row.shadow && row.day === day)?.results ?? 0,
        })),
      };
    }),
  };
}
