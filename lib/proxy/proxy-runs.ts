/**
 * Proxy runs: each proxied conversation is ONE run of kind `proxy` (lib/runs/direct-runs.ts), so it shows
 * in the runs view with every intervention as a run event.
 *
 * Grouping (see docs/guard-proxy.md):
 * - `x-keel-run-id: <uuid>` pins a request to a proxy run of the same caller (the response always
 *   carries the header);
 * - otherwise a request that opens a conversation (one user message) opens a new run, and later
 *   requests join the run of the same conversation: same caller, protocol, system prompt and first user
 *   message (a SHA-256 of them, remembered in process memory).
 * The run is re-opened (status running) while a request is in flight and settled after it.
 *
 * Event writes of a run go through one promise chain per run (seq is a plain counter), off the request's
 * hot path: `flush()` waits for them. Failure policy: a failed event write is logged and dropped; the
 * proxied request never fails because of the runs view.
 */
import { createHash } from "node:crypto";
import type { Database } from "@/lib/db/client";
import { createLogger, errorFields } from "@/lib/log/logger";
import { redactSecrets } from "@/lib/redact/redact";
import { type DirectRun, openDirectRun, settleDirectRun } from "@/lib/runs/direct-runs";
import { RunEventWriter } from "@/lib/runs/run-event-writer";
import type { RunEventData, RunStatus } from "@/lib/schemas/runs";
import { isUuid } from "@/lib/schemas/uuid";
import { observeProxyEvent } from "@/lib/telemetry/proxy";
import type { JsonObject, ProtocolName } from "./protocols/proxy-protocol";
import { ProxyError } from "./proxy-error";

const log = createLogger({ component: "guard-proxy" });

/** Most conversations and runs remembered per process (oldest dropped first). */
export const MAX_REMEMBERED_RUNS = 2_000;

/** Managed rounds the proxy ran inside one caller turn, re-inserted into later requests (continuity). */
export interface TranscriptExchange {
  /** Index in the CALLER's `messages` where the exchange belongs (the length of that request's messages). */
  anchor: number;
  /** SHA-256 of the caller's messages before the anchor: the exchange is re-inserted only after the same prefix. */
  prefixHash: string;
  messages: JsonObject[];
}

/** Who is calling, for grouping and ownership. */
export interface ProxyCallerIdentity {
  /** Agent key id or user id. */
  id: string;
  apiKeyId: string | null;
  actor: string;
  agentName: string;
}

interface RunEntry {
  run: DirectRun;
  ownerId: string;
  chain: Promise<void>;
  step: number;
  toolSteps: number;
  exchanges: TranscriptExchange[];
}

/** A request's handle on its run. */
export interface ProxyRunHandle {
  readonly id: string;
  /** True when this request opened the run. */
  readonly opened: boolean;
  /** Queues an event (never throws, never blocks the request). */
  emit(event: RunEventData): void;
  /** The next step number of the run (one per model request). */
  nextStep(): number;
  /** The managed exchanges recorded so far in this conversation. */
  exchanges(): readonly TranscriptExchange[];
  recordExchange(exchange: TranscriptExchange): void;
  /** Queues the settlement of this request's part of the run. */
  settle(outcome: {
    status: Exclude<RunStatus, "queued" | "running">;
    finalText?: string;
    error?: string;
    toolSteps: number;
  }): void;
  /** Resolves when every queued write of the run is done. */
  flush(): Promise<void>;
}

/** SHA-256 hex of a JSON-serialisable value. */
export function hashJson(value: unknown): string {
  return createHash("sha256").update(JSON.stringify(value)).digest("hex");
}

/** Inserts the recorded exchanges into the caller's messages (in place). Returns how many were inserted. */
export function injectExchanges(
  messages: JsonObject[],
  exchanges: readonly TranscriptExchange[],
  dropEmptyAssistantAt: (messages: JsonObject[], index: number) => boolean,
): number {
  const original = [...messages];
  let offset = 0;
  let inserted = 0;
  for (const exchange of [...exchanges].sort((left, right) => left.anchor - right.anchor)) {
    if (exchange.anchor > original.length) continue;
    if (hashJson(original.slice(0, exchange.anchor)) !== exchange.prefixHash) continue;
    const at = exchange.anchor + offset;
    // The synthetic empty terminal the caller echoes back carries nothing; some providers reject it.
    if (exchange.anchor < original.length && dropEmptyAssistantAt(messages, at)) offset -= 1;
    messages.splice(at, 0, ...exchange.messages);
    offset += exchange.messages.length;
    inserted += 1;
  }
  return inserted;
}

class LruMap<Key, Value> extends Map<Key, Value> {
  constructor(private readonly limit: number) {
    super();
  }

  touch(key: Key, value: Value): void {
    this.delete(key);
    this.set(key, value);
    while (this.size > this.limit) {
      const oldest = this.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
  }
}

const globalForRuns = globalThis as unknown as {
  keelProxyRuns?: { conversations: LruMap<string, string>; runs: LruMap<string, RunEntry> };
};

function registry() {
  globalForRuns.keelProxyRuns ??= {
    conversations: new LruMap(MAX_REMEMBERED_RUNS),
    runs: new LruMap(MAX_REMEMBERED_RUNS),
  };
  return globalForRuns.keelProxyRuns;
}

async function entryForPinnedRun(
  database: Database,
  runId: string,
  caller: ProxyCallerIdentity,
): Promise<RunEntry> {
  const { runs } = registry();
  const known = runs.get(runId);
  if (known) {
    if (known.ownerId !== caller.id) throw new ProxyError("invalid_request", "Unknown x-keel-run-id.");
    return known;
  }
  if (!isUuid(runId)) throw new ProxyError("invalid_request", "x-keel-run-id must be a run id (UUID).");
  const row = await database.agentRun.findFirst({
    where: {
      id: runId,
      kind: "proxy",
      ...(caller.apiKeyId ? { apiKeyId: caller.apiKeyId } : { createdBy: caller.actor }),
    },
    select: { id: true, sessionId: true, toolSteps: true },
  });
  if (!row) throw new ProxyError("invalid_request", "Unknown x-keel-run-id.");
  const last = await database.runEvent.aggregate({ where: { runId }, _max: { seq: true } });
  const entry: RunEntry = {
    run: {
      id: row.id,
      sessionId: row.sessionId,
      writer: new RunEventWriter(database, row.id, last._max.seq ?? 0),
    },
    ownerId: caller.id,
    chain: Promise.resolve(),
    step: 0,
    toolSteps: row.toolSteps,
    exchanges: [],
  };
  runs.touch(runId, entry);
  return entry;
}

/**
 * Finds or opens the run of this request. Opening is awaited (the response carries the id); everything
 * else about the run is queued.
 */
export async function acquireProxyRun(
  database: Database,
  input: {
    protocol: ProtocolName;
    caller: ProxyCallerIdentity;
    pinnedRunId: string | null;
    seed: string;
    conversationStart: boolean;
    model: string;
    task: string;
  },
): Promise<ProxyRunHandle> {
  const { conversations, runs } = registry();
  const key = hashJson([input.caller.id, input.protocol, input.seed]);
  let entry: RunEntry | undefined;
  let opened = false;
  if (input.pinnedRunId) entry = await entryForPinnedRun(database, input.pinnedRunId, input.caller);
  else if (!input.conversationStart) {
    const runId = conversations.get(key);
    entry = runId ? runs.get(runId) : undefined;
  }
  if (!entry) {
    const run = await openDirectRun(database, {
      kind: "proxy",
      task: redactSecrets(input.task),
      createdBy: input.caller.actor,
      apiKeyId: input.caller.apiKeyId,
      agentName: input.caller.agentName,
      model: input.model,
    });
    entry = { run, ownerId: input.caller.id, chain: Promise.resolve(), step: 0, toolSteps: 0, exchanges: [] };
    opened = true;
  }
  const current = entry;
  const enqueue = (work: () => Promise<unknown>) => {
    current.chain = current.chain
      .then(work)
      .then(() => undefined)
      .catch((error: unknown) => {
        log.warn("a proxy run write failed", { runId: current.run.id, ...errorFields(error) });
      });
  };
  if (!opened)
    enqueue(() =>
      database.agentRun.updateMany({
        where: { id: current.run.id },
        data: { status: "running", finishedAt: null, error: null, updatedAt: new Date() },
      }),
    );
  runs.touch(current.run.id, current);
  if (!input.pinnedRunId) conversations.touch(key, current.run.id);
  return {
    id: current.run.id,
    opened,
    emit: (event) => {
      observeProxyEvent(event);
      enqueue(() => current.run.writer.write(event));
    },
    nextStep: () => {
      current.step += 1;
      return current.step;
    },
    exchanges: () => current.exchanges,
    recordExchange: (exchange) => {
      current.exchanges.push(exchange);
      if (current.exchanges.length > 100) current.exchanges.shift();
    },
    settle: (outcome) => {
      current.toolSteps += outcome.toolSteps;
      const toolSteps = current.toolSteps;
      enqueue(() =>
        settleDirectRun(database, current.run, {
          status: outcome.status,
          finalText: outcome.finalText ?? null,
          error: outcome.error ?? null,
          toolSteps,
        }),
      );
    },
    flush: async () => {
      await current.chain;
    },
  };
}

/** Forgets every remembered conversation (tests). */
export function resetProxyRunRegistry(): void {
  globalForRuns.keelProxyRuns = undefined;
}
