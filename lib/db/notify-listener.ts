/**
 * A generic PostgreSQL LISTEN helper: LISTENs on one NOTIFY channel (settings, halts, runs, ...) on a
 * dedicated connection and calls `onChange` for every
 * notification, and once after each (re)connect (notifications sent while disconnected are lost, so
 * the caller re-reads). Reconnects with capped backoff; never throws into the caller.
 */
import pg from "pg";
import { nextPollDelay } from "./poll-delay";

export interface NotifyListenerOptions {
  connectionString: string;
  onChange: (payload: string | undefined) => void;
  onStateChange?: (state: "connected" | "disconnected", error?: unknown) => void;
  /** The NOTIFY channel, e.g. SETTINGS_CHANNEL of lib/settings/app-settings.ts. */
  channel: string;
  /**
   * When set, a `select 1` is sent on the connection every `heartbeatMs`, and a heartbeat still
   * unanswered after `heartbeatMs` more counts as a failure (disconnected, then reconnect): a database
   * that hangs (a stopped server keeps its sockets open) is noticed within about twice this time.
   */
  heartbeatMs?: number;
}

export class NotifyListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private failures = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private readonly failedClients = new WeakSet<pg.Client>();

  constructor(private readonly options: NotifyListenerOptions) {}

  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.stopHeartbeat();
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({
      connectionString: this.options.connectionString,
      connectionTimeoutMillis: 10_000,
    });
    const { channel } = this.options;
    client.on("notification", (message) => {
      if (message.channel === channel) this.options.onChange(message.payload);
    });
    client.on("error", (error) => this.handleFailure(client, error));
    client.on("end", () => this.handleFailure(client, new Error("connection ended")));
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
      this.client = client;
      this.failures = 0;
      this.startHeartbeat(client);
      this.options.onStateChange?.("connected");
      this.options.onChange(undefined);
    } catch (error) {
      this.handleFailure(client, error);
    }
  }

  private handleFailure(client: pg.Client, error: unknown): void {
    if (this.stopped || this.failedClients.has(client)) return; // one failure per connection
    this.failedClients.add(client);
    this.client = null;
    this.stopHeartbeat();
    client.removeAllListeners("end");
    client.end().catch(() => {});
    this.failures += 1;
    this.options.onStateChange?.("disconnected", error);
    if (this.retryTimer) return;
    this.retryTimer = setTimeout(
      () => {
        this.retryTimer = null;
        void this.connect();
      },
      nextPollDelay(this.failures - 1, { baseMs: 1_000, maxMs: 30_000 }),
    );
    this.retryTimer.unref();
  }

  private startHeartbeat(client: pg.Client): void {
    const interval = this.options.heartbeatMs;
    if (interval === undefined) return;
    let sentAt: number | null = null;
    this.heartbeatTimer = setInterval(() => {
      if (sentAt !== null) {
        // Judged after this turn's I/O (setImmediate): an answer that arrived while the event loop was
        // busy is read first, so a slow process is not taken for a hung database.
        setImmediate(() => {
          if (sentAt !== null && performance.now() - sentAt > interval)
            this.handleFailure(client, new Error(`no answer to the heartbeat within ${interval} ms`));
        });
        return;
      }
      sentAt = performance.now();
      client.query("select 1").then(
        () => {
          sentAt = null;
        },
        (error: unknown) => this.handleFailure(client, error),
      );
    }, interval);
    this.heartbeatTimer.unref();
  }

  private stopHeartbeat(): void {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
  }
}
