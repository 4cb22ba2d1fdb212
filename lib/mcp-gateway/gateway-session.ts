/**
 * One MCP client session through the gateway, recorded as one run of kind `gateway` (runs view): the
 * run opens with a `gateway.session` event (client name, upstream states), then every call writes
 * `tool.start` / `tool.end` (step = the call's number in the session) and every intervention its event
 * (`gateway.tool_flagged`, `upstream.error`). Events are written in order through one queue, off the
 * call's path: the client gets its result without waiting for the database.
 *
 * Failure policy: a failed write is logged and dropped; recording never fails a call. A run whose
 * opening failed is retried at the next event.
 */
import type { Database } from "@/lib/db/client";
import type { Logger } from "@/lib/log/logger";
import { type DirectRun, openDirectRun, settleDirectRun } from "@/lib/runs/direct-runs";
import type { RunEventData } from "@/lib/schemas/runs";

export interface GatewaySessionIdentity {
  /** Audit name (`agent:<name>` or the user name). */
  createdBy: string;
  apiKeyId: string | null;
  agentName: string;
}

export interface GatewaySessionOptions {
  database: Database;
  identity: GatewaySessionIdentity;
  /** The client's name and version, as it introduced itself (or "unknown"). */
  clientName: string;
  /** The upstream states for the `gateway.session` event. */
  servers: () => Array<{ name: string; status: string; tools: number }>;
  /** How the session is reached ("stdio", "http"), for the run's task line. */
  transport: string;
  log: Pick<Logger, "warn">;
  now?: () => number;
}

export class GatewaySession {
  private run: DirectRun | null = null;
  private queue: Promise<void> = Promise.resolve();
  private calls = 0;
  private settled = false;
  private readonly reported = new Set<string>();
  private lastActivityAt: number;
  private readonly now: () => number;
  /** The client's name and version; set before the run opens to name it in the run. */
  clientName: string;

  constructor(private readonly options: GatewaySessionOptions) {
    this.now = options.now ?? Date.now;
    this.clientName = options.clientName;
    this.lastActivityAt = this.now();
  }

  /** The run's id once it is open (tests, logs). */
  get runId(): string | null {
    return this.run?.id ?? null;
  }

  /** When the session last did something (idle expiry). */
  get lastActivity(): number {
    return this.lastActivityAt;
  }

  /** How many calls the session made. */
  get callCount(): number {
    return this.calls;
  }

  /** Marks activity; returns the number of the next call (1, 2, ...). */
  nextStep(): number {
    this.touch();
    this.calls += 1;
    return this.calls;
  }

  touch(): void {
    this.lastActivityAt = this.now();
  }

  /** True the first time `key` is reported in this session (flag events are written once per session). */
  firstReport(key: string): boolean {
    if (this.reported.has(key)) return false;
    this.reported.add(key);
    return true;
  }

  /** Opens the run now (in the queue), so it exists even before the first call. */
  open(): Promise<void> {
    return this.enqueue(async () => {
      await this.ensureRun();
    });
  }

  /** Queues one event; resolves when it is stored (or dropped). Never rejects. */
  record(event: RunEventData): Promise<void> {
    this.touch();
    return this.enqueue(async () => {
      const run = await this.ensureRun();
      await run.writer.write(event);
    });
  }

  /** Waits until every queued event is stored. */
  flush(): Promise<void> {
    return this.queue;
  }

  /** Settles the run (once): succeeded with the number of calls. */
  settle(status: "succeeded" | "failed" | "cancelled" = "succeeded", error?: string): Promise<void> {
    if (this.settled) return this.queue;
    this.settled = true;
    return this.enqueue(async () => {
      if (!this.run) return;
      await settleDirectRun(this.options.database, this.run, {
        status,
        toolSteps: this.calls,
        error: error ?? null,
        finalText: `${this.calls} tool call${this.calls === 1 ? "" : "s"} through the MCP gateway.`,
      });
    });
  }

  private enqueue(action: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(action).catch((error: unknown) => {
      this.options.log.warn("mcp gateway: recording the session failed", {
        runId: this.run?.id ?? null,
        error: error instanceof Error ? error.message : String(error),
      });
    });
    return this.queue;
  }

  private async ensureRun(): Promise<DirectRun> {
    if (this.run) return this.run;
    const { database, identity, transport } = this.options;
    const clientName = this.clientName;
    const run = await openDirectRun(database, {
      kind: "gateway",
      task: `MCP gateway session (${transport}) for ${clientName}`,
      createdBy: identity.createdBy,
      apiKeyId: identity.apiKeyId,
      agentName: identity.agentName,
      model: null,
    });
    this.run = run;
    await run.writer.write({ type: "gateway.session", client: clientName, servers: this.options.servers() });
    return run;
  }
}
