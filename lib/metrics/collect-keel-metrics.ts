/**
 * Keel's metrics, read from the database at scrape time (the truth every web instance shares; nothing is
 * counted in web-process memory):
 *
 *   keel_runs{kind,status}                         gauge    runs stored, by kind and status
 *   keel_run_outcomes{kind,outcome}                gauge    runs stored, by kind and outcome (status and
 *                                                            finalization in one word, lib/runs/run-outcome.ts)
 *   keel_run_completion_verdicts_total{verdict}    counter  judged runs by final verdict (agent_runs.completion_verdict)
 *   keel_run_completion_uncertified_total          counter  runs whose own evidence shows a failed side effect
 *                                                            (`run.caveats` events with uncertified: true)
 *   keel_run_continuations_total                   counter  runs that spent their bounded continuation
 *   keel_run_silent_deliveries_total               counter  runs delivered silently (sentinel)
 *   keel_quarantined_segments_total                counter  tool-result segments the quarantine removed
 *   keel_scaffold_stripped_chars_total             counter  characters the scaffolding filter removed
 *   keel_scaffold_strip_runs_total                 counter  runs in which the scaffolding filter removed anything
 *   keel_completion_judge_breaker_state{runtime,state} gauge 1 for each live runtime's breaker state as last
 *                                                            reported (breaker is process-local: it is read from
 *                                                            the runtime's latest judge event of the last day)
 *   keel_settings_version                          gauge    the current settings version
 *   keel_runtime_applied_settings_version{runtime} gauge    the version each live runtime applies
 *   keel_runtimes_alive                            gauge    live agent runtimes
 *
 * Counters are monotonic as long as runs are not deleted (Keel archives, it does not delete runs).
 */
import type { Database } from "@/lib/db/client";
import type { BreakerState } from "@/lib/guards/completion";
import { runOutcome } from "@/lib/runs/run-outcome";
import { RUN_KINDS, RUN_OUTCOMES, RUN_STATUSES, type RunStatus } from "@/lib/schemas/runs";
import { RUNTIME_ALIVE_WINDOW_MS } from "@/lib/settings/runtime-status";
import type { MetricFamily } from "./render-metrics";

export const COMPLETION_VERDICTS = ["complete", "incomplete", "blocked", "uncertified"] as const;
export const BREAKER_STATES: readonly BreakerState[] = ["closed", "open", "half-open"];
/** Judge events older than this do not report a breaker state (a quiet runtime's breaker is unknown). */
export const BREAKER_REPORT_WINDOW_MS = 24 * 60 * 60_000;

interface RunTotals {
  continuations: bigint;
  silent: bigint;
  quarantined: bigint;
  stripped: bigint;
  strip_runs: bigint;
}

interface OutcomeFactsRow {
  kind: string;
  status: RunStatus;
  completion_verdict: string | null;
  has_caveats: boolean;
  tool_budget_exhausted: boolean;
  runs: bigint;
}

const count = (value: bigint | number | null | undefined) => Number(value ?? 0);

/** Runs per `kind|outcome`. */
function countOutcomes(rows: OutcomeFactsRow[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const outcome = runOutcome({
      status: row.status,
      completionVerdict: row.completion_verdict,
      caveatCount: row.has_caveats ? 1 : 0,
      toolBudgetExhausted: row.tool_budget_exhausted,
    });
    const key = `${row.kind}|${outcome}`;
    counts.set(key, (counts.get(key) ?? 0) + count(row.runs));
  }
  return counts;
}

export async function collectKeelMetrics(
  database: Database,
  now: Date = new Date(),
): Promise<MetricFamily[]> {
  const aliveSince = new Date(now.getTime() - RUNTIME_ALIVE_WINDOW_MS);
  const [byKindStatus, outcomeFacts, verdicts, totals, uncertified, settings, runtimes] = await Promise.all([
    database.agentRun.groupBy({ by: ["kind", "status"], _count: { _all: true } }),
    // The facts the outcome is made of, grouped; runOutcome (the one definition) turns each group into one.
    database.$queryRaw<OutcomeFactsRow[]>`
      select kind::text as kind, status::text as status, completion_verdict,
             cardinality(caveats) > 0 as has_caveats, tool_budget_exhausted, count(*) as runs
      from agent_runs
      group by 1, 2, 3, 4, 5`,
    database.agentRun.groupBy({
      by: ["completionVerdict"],
      where: { completionVerdict: { not: null } },
      _count: { _all: true },
    }),
    database.$queryRaw<RunTotals[]>`
      select count(*) filter (where continuation_used) as continuations,
             count(*) filter (where delivery = 'silent') as silent,
             coalesce(sum(quarantined_segments), 0)::bigint as quarantined,
             coalesce(sum(scaffold_stripped), 0)::bigint as stripped,
             count(*) filter (where scaffold_stripped > 0) as strip_runs
      from agent_runs`,
    database.$queryRaw<{ total: bigint }[]>`
      select count(*) as total from run_events
      where type = 'run.caveats' and (data ->> 'uncertified') = 'true'`,
    database.appSettings.findUnique({ where: { id: 1 }, select: { version: true } }),
    database.runtimeInstance.findMany({
      where: { stoppedAt: null, lastPollAt: { gte: aliveSince } },
      select: { id: true, appliedSettingsVersion: true },
      orderBy: { startedAt: "asc" },
    }),
  ]);
  const breakers = await latestBreakerStates(
    database,
    runtimes.map((runtime) => runtime.id),
    new Date(now.getTime() - BREAKER_REPORT_WINDOW_MS),
  );

  const runCounts = new Map(byKindStatus.map((row) => [`${row.kind}|${row.status}`, row._count._all]));
  const outcomeCounts = countOutcomes(outcomeFacts);
  const verdictCounts = new Map(verdicts.map((row) => [row.completionVerdict, row._count._all]));
  const total = totals[0];
  return [
    {
      name: "keel_runs",
      help: "Agent runs stored, by kind and status.",
      type: "gauge",
      samples: RUN_KINDS.flatMap((kind) =>
        RUN_STATUSES.map((status) => ({
          labels: { kind, status },
          value: runCounts.get(`${kind}|${status}`) ?? 0,
        })),
      ),
    },
    {
      name: "keel_run_outcomes",
      help: "Agent runs stored, by kind and outcome (status and finalization in one word).",
      type: "gauge",
      samples: RUN_KINDS.flatMap((kind) =>
        RUN_OUTCOMES.map((outcome) => ({
          labels: { kind, outcome },
          value: outcomeCounts.get(`${kind}|${outcome}`) ?? 0,
        })),
      ),
    },
    {
      name: "keel_run_completion_verdicts_total",
      help: "Non-interactive runs by the completion judge's final verdict.",
      type: "counter",
      samples: COMPLETION_VERDICTS.map((verdict) => ({
        labels: { verdict },
        value: verdictCounts.get(verdict) ?? 0,
      })),
    },
    {
      name: "keel_run_completion_uncertified_total",
      help: "Runs whose own tool evidence shows a failed side-effecting action.",
      type: "counter",
      samples: [{ value: count(uncertified[0]?.total) }],
    },
    {
      name: "keel_run_continuations_total",
      help: "Runs that spent their single bounded continuation (todo gate or judge).",
      type: "counter",
      samples: [{ value: count(total?.continuations) }],
    },
    {
      name: "keel_run_silent_deliveries_total",
      help: "Runs delivered silently because of a silent-delivery sentinel.",
      type: "counter",
      samples: [{ value: count(total?.silent) }],
    },
    {
      name: "keel_quarantined_segments_total",
      help: "Tool-result segments the quarantine replaced.",
      type: "counter",
      samples: [{ value: count(total?.quarantined) }],
    },
    {
      name: "keel_scaffold_stripped_chars_total",
      help: "Characters of leaked tool-call scaffolding removed from answers.",
      type: "counter",
      samples: [{ value: count(total?.stripped) }],
    },
    {
      name: "keel_scaffold_strip_runs_total",
      help: "Runs in which the scaffolding filter removed something.",
      type: "counter",
      samples: [{ value: count(total?.strip_runs) }],
    },
    {
      name: "keel_completion_judge_breaker_state",
      help: "Completion judge circuit breaker of each live runtime, as last reported by its judge events (1 = current state).",
      type: "gauge",
      labelNames: ["runtime", "state"],
      samples: runtimes.flatMap((runtime) => {
        const state = breakers.get(runtime.id);
        return state
          ? BREAKER_STATES.map((candidate) => ({
              labels: { runtime: runtime.id, state: candidate },
              value: candidate === state ? 1 : 0,
            }))
          : [];
      }),
    },
    {
      name: "keel_settings_version",
      help: "The current runtime settings version.",
      type: "gauge",
      samples: [{ value: settings?.version ?? 1 }],
    },
    {
      name: "keel_runtime_applied_settings_version",
      help: "The settings version each live agent runtime applies.",
      type: "gauge",
      labelNames: ["runtime"],
      samples: runtimes
        .filter((runtime) => runtime.appliedSettingsVersion !== null)
        .map((runtime) => ({ labels: { runtime: runtime.id }, value: runtime.appliedSettingsVersion! })),
    },
    {
      name: "keel_runtimes_alive",
      help: "Agent runtimes alive (polled within the last 30 seconds).",
      type: "gauge",
      samples: [{ value: runtimes.length }],
    },
  ];
}

/**
 * The breaker state each runtime last reported: its latest `run.completion_judged` event (field
 * `breaker`) or `run.completion_judge_skipped` with reason "breaker open", among runs created since `since`.
 */
async function latestBreakerStates(
  database: Database,
  runtimeIds: readonly string[],
  since: Date,
): Promise<Map<string, BreakerState>> {
  if (runtimeIds.length === 0) return new Map();
  const rows = await database.$queryRaw<{ runtime_id: string; breaker: string | null }[]>`
    select distinct on (r.runtime_id) r.runtime_id::text as runtime_id,
      case when e.type = 'run.completion_judged' then e.data ->> 'breaker' else 'open' end as breaker
    from agent_runs r
    join run_events e on e.run_id = r.id
    where r.runtime_id = any(${runtimeIds as string[]}::uuid[])
      and r.created_at >= ${since}
      and (e.type = 'run.completion_judged'
           or (e.type = 'run.completion_judge_skipped' and e.data ->> 'reason' = 'breaker open'))
    order by r.runtime_id, e.at desc, e.seq desc`;
  const states = new Map<string, BreakerState>();
  for (const row of rows)
    if (row.breaker && (BREAKER_STATES as readonly string[]).includes(row.breaker))
      states.set(row.runtime_id, row.breaker as BreakerState);
  return states;
}
