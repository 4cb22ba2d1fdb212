/**
 * Writes a run's events: validates each against lib/schemas/runs.ts, redacts secrets (keys, tokens,
 * passwords, connection strings) and caps every string at RUN_EVENT_TEXT_LIMIT characters, then stores
 * it, bumps the run's guard counters, keeps its guard decision and replay sample (guard-decisions.ts)
 * and NOTIFYs `keel_runs`, all in ONE statement (one round trip per event). Events of one run are written by one executor, in order, so `seq` is a plain counter.
 *
 * Failure policy: an event that does not fit its schema is a bug; it is logged and dropped rather than
 * failing the run. A database error propagates (the executor then fails the run).
 */
import type { Database } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { createLogger } from "@/lib/log/logger";
import { redactSecretsDeep } from "@/lib/redact/redact";
import { RUN_EVENT_TEXT_LIMIT, type RunEventData, runEventDataSchema } from "@/lib/schemas/runs";
import { guardDecisionOf, takeReplaySample } from "./guard-decisions";
import { RUNS_CHANNEL } from "./run-notifications";

const log = createLogger({ component: "run-events" });

/** Caps every string in `value` (recursively) at `limit` characters, marking the cut with "…". */
export function capStrings<Value>(value: Value, limit = RUN_EVENT_TEXT_LIMIT, depth = 0): Value {
  if (typeof value === "string")
    return (value.length > limit ? `${value.slice(0, limit - 1)}…` : value) as Value;
  if (depth > 32 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => capStrings(item, limit, depth + 1)) as Value;
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) result[key] = capStrings(item, limit, depth + 1);
  return result as Value;
}

/** How an event moves the run's guard counters (shown in the runs list). */
export function counterDeltas(event: RunEventData): [number, number, number, number] {
  switch (event.type) {
    case "tool.end":
      return [event.quarantinedSegments.count, 0, 0, 0];
    case "proxy.request":
      return [event.quarantinedSegments.count, 0, 0, 0];
    case "scaffolding.stripped":
      return [0, event.strippedChars, 0, 0];
    case "audit.verdict":
      return [0, 0, 1, 0];
    case "run.intervention":
      return [0, 0, 0, 1];
    // Finalization intervenes too: caveats on the answer (or kept out of a silent one), a continuation.
    case "run.caveats":
      return [0, 0, 0, event.caveats.length > 0 ? 1 : 0];
    case "run.continuation":
      return [0, 0, 0, 1];
    default:
      return [0, 0, 0, 0];
  }
}

export class RunEventWriter {
  private seq: number;

  /** `lastSeq`: the highest seq already stored for the run. */
  constructor(
    private readonly database: Database,
    readonly runId: string,
    lastSeq: number,
  ) {
    this.seq = lastSeq;
  }

  /** The seq of the last stored event. */
  get lastSeq(): number {
    return this.seq;
  }

  /**
   * Validates, redacts, caps and stores one event. `status` goes into the notification when set.
   * `client`: a transaction to write in (the run's final status and its `run.finished` event commit
   * together, so a reader never sees a finished run without its last event).
   */
  async write(
    event: RunEventData,
    status?: string,
    client: Database | Prisma.TransactionClient = this.database,
  ): Promise<void> {
    const parsed = runEventDataSchema.safeParse(event);
    if (!parsed.success) {
      log.error("dropped a run event that does not fit its schema", {
        runId: this.runId,
        type: (event as { type?: unknown }).type,
        issues: parsed.error.issues.slice(0, 5).map((issue) => `${issue.path.join(".")}: ${issue.message}`),
      });
      return;
    }
    // The replay sample leaves the event before the cap (it has its own, larger one); both are redacted.
    const { event: stored, sample } = takeReplaySample(redactSecretsDeep(parsed.data));
    const decision = guardDecisionOf(parsed.data);
    const data = capStrings(stored);
    const seq = this.seq + 1;
    const [quarantined, stripped, verdicts, interventions] = counterDeltas(parsed.data);
    const touchesRun = quarantined + stripped + verdicts + interventions > 0;
    const notification = JSON.stringify({
      runId: this.runId,
      seq,
      type: data.type,
      ...(status ? { status } : {}),
    });
    await client.$executeRaw`
      with inserted as (
        insert into run_events (run_id, seq, type, data)
        values (${this.runId}::uuid, ${seq}, ${data.type}, ${JSON.stringify(data)}::jsonb)
        returning run_id
      ), counted as (
        update agent_runs set
          quarantined_segments = quarantined_segments + ${quarantined},
          scaffold_stripped = scaffold_stripped + ${stripped},
          audit_verdicts = audit_verdicts + ${verdicts},
          interventions = interventions + ${interventions},
          updated_at = now()
        where id = (select run_id from inserted) and ${touchesRun}
        returning id
      ), decided as (
        insert into guard_decisions (run_id, guard, shadow, items)
        select run_id, ${decision?.guard ?? ""}, ${decision?.shadow ?? false}, ${decision?.items ?? 0}
        from inserted where ${decision !== null}
      ), sampled as (
        insert into tool_result_samples (run_id, call_id, tool_name, text, truncated, previews)
        select run_id, ${sample?.callId ?? ""}, ${sample?.toolName ?? ""}, ${sample?.text ?? ""},
          ${sample?.truncated ?? false}, ${sample?.previews ?? []}::text[]
        from inserted where ${sample !== null}
      )
      select pg_notify(${RUNS_CHANNEL}, ${notification}) from inserted`;
    this.seq = seq;
  }
}
