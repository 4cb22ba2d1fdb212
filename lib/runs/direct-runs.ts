/**
 * Runs that are not queued: conversations through the guard proxy and MCP client sessions through the
 * gateway. Their front door opens the run (status running, its own agent session), writes events as
 * they happen with the same RunEventWriter as the executor, and settles it. They show in the runs view
 * like any other run.
 */
import type { Database } from "@/lib/db/client";
import { generateSessionToken } from "@/lib/halts/service/open-session";
import { redactSecrets } from "@/lib/redact/redact";
import type { RunStatus } from "@/lib/schemas/runs";
import { RunEventWriter } from "./run-event-writer";
import { notifyRun } from "./run-notifications";

export interface DirectRun {
  id: string;
  sessionId: string;
  writer: RunEventWriter;
}

/** Opens a running run of kind proxy or gateway; `task` describes it in the runs list. */
export async function openDirectRun(
  database: Database,
  input: {
    kind: "proxy" | "gateway";
    task: string;
    createdBy: string;
    apiKeyId: string | null;
    agentName: string;
    model: string | null;
  },
): Promise<DirectRun> {
  const task = redactSecrets(input.task).trim().slice(0, 8_000) || `${input.kind} session`;
  const run = await database.$transaction(async (transaction) => {
    const session = await transaction.agentSession.create({
      data: { sessionToken: generateSessionToken(), apiKeyId: input.apiKeyId, agentName: input.agentName },
    });
    const row = await transaction.agentRun.create({
      data: {
        kind: input.kind,
        status: "running",
        task,
        model: input.model,
        createdBy: input.createdBy,
        apiKeyId: input.apiKeyId,
        sessionId: session.id,
        startedAt: new Date(),
      },
    });
    await notifyRun(transaction, { runId: row.id, seq: 0, type: "run.opened", status: "running" });
    return row;
  });
  return { id: run.id, sessionId: run.sessionId, writer: new RunEventWriter(database, run.id, 0) };
}

/** Settles a direct run (idempotent: only a running run changes). */
export async function settleDirectRun(
  database: Database,
  run: DirectRun,
  outcome: {
    status: Exclude<RunStatus, "queued" | "running">;
    finalText?: string | null;
    error?: string | null;
    toolSteps?: number;
  },
): Promise<void> {
  const settled = await database.agentRun.updateMany({
    where: { id: run.id, status: "running" },
    data: {
      status: outcome.status,
      finalText: outcome.finalText ?? null,
      error: outcome.error ?? null,
      toolSteps: outcome.toolSteps ?? 0,
      finishedAt: new Date(),
      updatedAt: new Date(),
    },
  });
  if (settled.count > 0)
    await notifyRun(database, {
      runId: run.id,
      seq: run.writer.lastSeq,
      type: "run.settled",
      status: outcome.status,
    });
}
