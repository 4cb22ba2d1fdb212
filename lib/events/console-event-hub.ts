/**
 * One shared LISTEN per process for the console's live events: `keel_halts` (recorded / acknowledged
 * halts), `keel_settings` (runtime switches) and `keel_runs` (run events), fanned out to every open
 * `/api/events` stream. The listener connections open with the first subscriber and close LINGER_MS after
 * the last one left: every full page load of the console closes its page's stream and opens the next
 * one, and without the linger each load of a lone operator would cost three new PostgreSQL connections
 * and three `resync`s (re-reads) right after the page arrived. After a (re)connect the hub sends `resync`
 * (notifications sent while disconnected are lost, so clients re-read).
 * Failure policy: a listener that cannot connect retries with capped backoff and never throws into a
 * stream; clients still get heartbeats and re-read on `resync`.
 */

import { NotifyListener } from "@/lib/db/notify-listener";
import { HALTS_CHANNEL } from "@/lib/halts/service/halt-notifications";
import { createLogger, errorFields } from "@/lib/log/logger";
import { RUNS_CHANNEL } from "@/lib/runs/run-notifications";
import { SETTINGS_CHANNEL } from "@/lib/settings/app-settings";

/** An event for the console: `halt` / `settings` carry the NOTIFY payload, `resync` means "re-read". */
export type ConsoleEvent =
  | { type: "halt"; data: unknown }
  | { type: "settings"; data: unknown }
  | { type: "run"; data: unknown }
  | { type: "resync"; data: { channel: "halts" | "settings" | "runs" } };

type Subscriber = (event: ConsoleEvent) => void;

const log = createLogger({ component: "console-events" });

/** How long the listeners stay connected without a subscriber (a navigation or reload reconnects within). */
export const LINGER_MS = 60_000;

function parsePayload(payload: string): unknown {
  try {
    return JSON.parse(payload);
  } catch {
    return payload;
  }
}

/** Fans NOTIFY payloads out to subscribers; the listeners come from `createListener` (injected for tests). */
export class ConsoleEventHub {
  private readonly subscribers = new Set<Subscriber>();
  private listeners: NotifyListener[] = [];
  private started = false;
  private stopTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly createListener: (
      channel: string,
      onChange: (payload: string | undefined) => void,
    ) => NotifyListener | null,
    private readonly lingerMs = LINGER_MS,
  ) {}

  /** Number of open subscriptions. */
  get size(): number {
    return this.subscribers.size;
  }

  /** Adds `subscriber`; returns the function that removes it (idempotent). */
  subscribe(subscriber: Subscriber): () => void {
    this.subscribers.add(subscriber);
    if (this.stopTimer) {
      clearTimeout(this.stopTimer);
      this.stopTimer = null;
    }
    if (!this.started) this.start();
    return () => {
      if (!this.subscribers.delete(subscriber)) return;
      if (this.subscribers.size > 0 || this.stopTimer) return;
      this.stopTimer = setTimeout(() => {
        this.stopTimer = null;
        if (this.subscribers.size === 0) this.stop();
      }, this.lingerMs);
      this.stopTimer.unref?.();
    };
  }

  private emit(event: ConsoleEvent): void {
    for (const subscriber of [...this.subscribers]) {
      try {
        subscriber(event);
      } catch (error) {
        log.warn("a console event subscriber failed", errorFields(error));
      }
    }
  }

  /** Whether the listeners are connected or connecting (a subscriber is there, or left < linger ago). */
  get listening(): boolean {
    return this.started;
  }

  private start(): void {
    this.started = true;
    const channels = [
      { channel: HALTS_CHANNEL, name: "halts", type: "halt" },
      { channel: SETTINGS_CHANNEL, name: "settings", type: "settings" },
      { channel: RUNS_CHANNEL, name: "runs", type: "run" },
    ] as const;
    for (const { channel, name, type } of channels) {
      const listener = this.createListener(channel, (payload) =>
        this.emit(
          payload === undefined
            ? { type: "resync", data: { channel: name } }
            : { type, data: parsePayload(payload) },
        ),
      );
      if (listener) {
        this.listeners.push(listener);
        void listener.start();
      }
    }
  }

  private stop(): void {
    this.started = false;
    const listeners = this.listeners;
    this.listeners = [];
    for (const listener of listeners) void listener.stop();
  }
}

const globalForHub = globalThis as unknown as { keelConsoleEventHub?: ConsoleEventHub };

/** Listeners on the database `connectionString()` names when they start (none while it names none). */
export function databaseListeners(connectionString: () => string | undefined) {
  return (channel: string, onChange: (payload: string | undefined) => void): NotifyListener | null => {
    const url = connectionString();
    if (!url) return null;
    return new NotifyListener({
      connectionString: url,
      channel,
      onChange,
      onStateChange: (state, error) => {
        if (state === "disconnected") log.warn(`lost LISTEN ${channel}; reconnecting`, errorFields(error));
      },
    });
  };
}

/** The process-wide hub listening on DATABASE_URL (no listener when it is unset). */
export function processConsoleEventHub(): ConsoleEventHub {
  globalForHub.keelConsoleEventHub ??= new ConsoleEventHub(databaseListeners(() => process.env.DATABASE_URL));
  return globalForHub.keelConsoleEventHub;
}
