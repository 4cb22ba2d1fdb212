/**
 * Runs as the API, the console and the CLI see them: create (a run row, its own agent session and the
 * `run.queued` event in one transaction, then a queue job), list (newest first, keyset pagination on
 * (created_at, id)), one run, and its events after a sequence number.
 *
 * Access: people with a role see every run; an agent key (scope runs:write) sees only the runs it
 * created, and another key's run id answers 404 (no existence leak).
 * Failure policy: if the queue refuses the job, the run is deleted again and the caller gets 503, so no
 * run sits "queued" forever.
 */

import type { PgBoss } from "pg-boss";
import { invalidateAgentSessionCaches } from "@/lib/auth/agent-session-cache";
import { actorName, type Caller } from "@/lib/auth/caller";
import type { Database } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { generateSessionToken } from "@/lib/halts/service/open-session";
import { createLogger, errorFields } from "@/lib/log/logger";
import { redactSecrets } from "@/lib/redact/redact";
import type { CreateRunInput, ListRunsQuery, Run, RunEvent, RunList } from "@/lib/schemas/runs";
import { isUuid } from "@/lib/schemas/uuid";
import { notifyRun } from "./run-notifications";
import { RUN_QUEUE, type RunJob } from "./run-queue";
import { InvalidRunCursorError, RunNotFoundError, RunQueueUnavailableError } from "./run-service-error";
import { toRunEventView, toRunView } from "./run-view";

const log = createLogger({ component: "runs" });

/** Who creates a run: an API caller, or the local CLI (which has database access, not a credential). */
export type RunCreator = { type: "caller"; caller: Caller } | { type: "cli"; name: string };

function creatorName(creator: RunCreator): string {
  return creator.type === "cli" ? `cli:${creator.name}` : actorName(creator.caller);
}

function ownerKey(creator: RunCreator): string | null {
  return creator.type === "caller" && creator.caller.kind === "agent" ? creator.caller.keyId : null;
}

/** Creates a queued run and enqueues it. `queue` sends the job (pg-boss). */
export async function createRun(
  database: Database,
  queue: Pick<PgBoss, "send">,
  creator: RunCreator,
  input: CreateRunInput,
): Promise<Run> {
  const createdBy = creatorName(creator);
  const apiKeyId = ownerKey(creator);
  // The task is free text: it passes the one redactor before it reaches the run row or any event.
  const task = redactSecrets(input.task);
  const run = await database.$transaction(async (transaction) => {
    const session = await transaction.agentSession.create({
      data: {
        sessionToken: generateSessionToken(),
        apiKeyId,
        agentName:
          creator.type === "caller" && creator.caller.kind === "agent"
            ? creator.caller.agentName
            : "keel-runtime",
      },
    });
    const row = await transaction.agentRun.create({
      data: {
        kind: input.kind,
        task,
        locale: input.locale,
        createdBy,
        apiKeyId,
        sessionId: session.id,
      },
    });
    await transaction.runEvent.create({
      data: {
        runId: row.id,
        seq: 1,
        type: "run.queued",
        data: { type: "run.queued", task, kind: input.kind, createdBy },
      },
    });
    await notifyRun(transaction, { runId: row.id, seq: 1, type: "run.queued", status: "queued" });
    return row;
  });
  try {
    const jobId = await queue.send(RUN_QUEUE, { runId: run.id } satisfies RunJob);
    if (!jobId) throw new Error("the queue returned no job id");
  } catch (error) {
    log.error("enqueueing a run failed; removing it", { runId: run.id, ...errorFields(error) });
    await database
      .$transaction([
        database.agentRun.delete({ where: { id: run.id } }),
        database.agentSession.delete({ where: { id: run.sessionId } }),
      ])
      .catch((cleanup: unknown) => log.error("removing the unqueued run failed", errorFields(cleanup)))
      .finally(() => invalidateAgentSessionCaches());
    throw new RunQueueUnavailableError();
  }
  log.info("run queued", { runId: run.id, kind: run.kind, createdBy });
  return toRunView(run);
}

function ownerFilter(caller: Caller | null): Prisma.AgentRunWhereInput {
  return caller?.kind === "agent" ? { apiKeyId: caller.keyId } : {};
}

/** Cursor of the runs list: base64url of "<created_at ISO>|<id>". */
export function encodeRunCursor(run: { createdAt: Date; id: string }): string {
  return Buffer.from(`${run.createdAt.toISOString()}|${run.id}`).toString("base64url");
}

export function decodeRunCursor(cursor: string): { createdAt: Date; id: string } | null {
  const [at, id, ...rest] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  if (rest.length > 0 || !at || !id) return null;
  const createdAt = new Date(at);
  if (Number.isNaN(createdAt.getTime())) return null;
  if (!isUuid(id)) return null;
  return { createdAt, id };
}

/** Newest first; filters by status and kind. A malformed cursor is a 400 (thrown by the caller's parser). */
export async function listRuns(
  database: Database,
  caller: Caller | null,
  query: ListRunsQuery,
): Promise<RunList> {
  const position = query.cursor === undefined ? null : decodeRunCursor(query.cursor);
  if (query.cursor !== undefined && position === null) throw new InvalidRunCursorError();
  const where: Prisma.AgentRunWhereInput = {
    AND: [
      ownerFilter(caller),
      query.status ? { status: query.status } : {},
      query.kind ? { kind: query.kind } : {},
      query.verdict ? { completionVerdict: query.verdict } : {},
      query.guard
        ? {
            guardDecisions: {
              some: {
                guard: query.guard,
                ...(query.decision ? { shadow: query.decision === "shadow" } : {}),
                ...(query.since ? { at: { gte: new Date(query.since) } } : {}),
              },
            },
          }
        : {},
      position
        ? {
            OR: [
              { createdAt: { lt: position.createdAt } },
              { createdAt: position.createdAt, id: { lt: position.id } },
            ],
          }
        : {},
    ],
  };
  const rows = await database.agentRun.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: query.limit + 1,
  });
  const visible = rows.slice(0, query.limit);
  const last = visible.at(-1);
  return {
    runs: visible.map(toRunView),
    nextCursor: rows.length > query.limit && last ? encodeRunCursor(last) : null,
  };
}

/** One run (404 when unknown, not a UUID, or another agent key's). */
export async function getRun(database: Database, caller: Caller | null, runId: string): Promise<Run> {
  if (!isUuid(runId)) throw new RunNotFoundError();
  const row = await database.agentRun.findFirst({ where: { id: runId, ...ownerFilter(caller) } });
  if (!row) throw new RunNotFoundError();
  return toRunView(row);
}

/** The run's events with seq > `after`, oldest first. */
export async function listRunEvents(
  database: Database,
  caller: Caller | null,
  runId: string,
  options: { after: number; limit: number },
): Promise<{ events: RunEvent[]; status: Run["status"] }> {
  const run = await getRun(database, caller, runId);
  const rows = await database.runEvent.findMany({
    where: { runId, seq: { gt: options.after } },
    orderBy: { seq: "asc" },
    take: options.limit,
  });
  return { events: rows.map(toRunEventView), status: run.status };
}
