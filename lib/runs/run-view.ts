/** Maps `agent_runs` / `run_events` rows to the API shapes of lib/schemas/runs.ts. */
import type { AgentRun, RunEvent as RunEventRow } from "@/lib/generated/prisma/client";
import type { Run, RunEvent } from "@/lib/schemas/runs";
import { runOutcome } from "./run-outcome";

export function toRunView(row: AgentRun): Run {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    outcome: runOutcome({
      status: row.status,
      completionVerdict: row.completionVerdict,
      caveatCount: row.caveats?.length ?? 0,
      toolBudgetExhausted: row.toolBudgetExhausted,
    }),
    task: row.task,
    model: row.model,
    createdBy: row.createdBy,
    sessionId: row.sessionId,
    steered: row.steered,
    finalText: row.finalText,
    delivery: row.delivery,
    toolBudgetExhausted: row.toolBudgetExhausted,
    toolSteps: row.toolSteps,
    completionVerdict: row.completionVerdict,
    caveats: row.caveats ?? [],
    continuationUsed: row.continuationUsed,
    locale: row.locale as Run["locale"],
    error: row.error,
    guardCounts: {
      quarantinedSegments: row.quarantinedSegments,
      scaffoldStripped: row.scaffoldStripped,
      auditVerdicts: row.auditVerdicts,
      interventions: row.interventions,
    },
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export function toRunEventView(row: RunEventRow): RunEvent {
  return {
    runId: row.runId,
    seq: row.seq,
    type: row.type,
    at: row.at.toISOString(),
    data: (row.data ?? {}) as Record<string, unknown>,
  };
}
