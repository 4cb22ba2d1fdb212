/**
 * watchRuntimeFlags: the one way a long-running process (the agent runtime, agent/main.ts; the stdio MCP
 * gateway, lib/mcp-gateway/serve-stdio.ts) keeps the runtime switches fresh: the poller
 * (lib/settings/flag-poller.ts: safe defaults until the first good read, last good flags after a failure)
 * plus a LISTEN on the settings channel (lib/db/notify-listener.ts) that makes a change apply at once.
 * Without a connection string, or with KEEL_SETTINGS_NOTIFY=off, it polls only. The web process reads
 * through its TTL cache instead (lib/settings/runtime-flags-cache.ts), since requests come and go.
 */
import type { Database } from "@/lib/db/client";
import { NotifyListener } from "@/lib/db/notify-listener";
import type { FlagSnapshot, RuntimeFlags } from "@/lib/schemas/settings";
import { SETTINGS_CHANNEL } from "./app-settings";
import { RuntimeFlagPoller } from "./flag-poller";
import { type LoadedRuntimeFlags, loadAppSettingsRuntimeFlags } from "./runtime-flags";

export interface WatchRuntimeFlagsOptions {
  database: Database;
  /** The database URL for the LISTEN connection; null: poll only. */
  connectionString: string | null;
  pollMs: number;
  /** After every good read (heartbeat), with whether the version changed. */
  onApplied?: (loaded: LoadedRuntimeFlags, changed: boolean) => void | Promise<void>;
  onError?: (error: unknown, consecutiveFailures: number) => void;
  onListenerState?: (state: "connected" | "disconnected", error?: unknown) => void;
  env?: NodeJS.ProcessEnv;
}

export interface RuntimeFlagsWatch {
  /** The flags to apply right now. */
  current(): Readonly<RuntimeFlags>;
  /** The flags with the version they came from (version 0 before the first good read). */
  snapshot(): FlagSnapshot;
  /** Whether a LISTEN connection is used. */
  readonly notifications: boolean;
  /** Reads once and starts listening; resolves after the first read (good or not). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function watchRuntimeFlags(options: WatchRuntimeFlagsOptions): RuntimeFlagsWatch {
  const poller = new RuntimeFlagPoller({
    load: () => loadAppSettingsRuntimeFlags(options.database),
    baseIntervalMs: options.pollMs,
    ...(options.onApplied ? { onApplied: options.onApplied } : {}),
    ...(options.onError ? { onError: options.onError } : {}),
  });
  const env = options.env ?? process.env;
  const listener =
    options.connectionString && env.KEEL_SETTINGS_NOTIFY !== "off"
      ? new NotifyListener({
          connectionString: options.connectionString,
          channel: SETTINGS_CHANNEL,
          onChange: () => void poller.reloadNow(),
          ...(options.onListenerState ? { onStateChange: options.onListenerState } : {}),
        })
      : null;
  return {
    current: () => poller.current(),
    snapshot: () => ({ flags: poller.current(), version: poller.appliedVersion() ?? 0 }),
    notifications: listener !== null,
    async start() {
      await poller.start();
      await listener?.start();
    },
    async stop() {
      poller.stop();
      await listener?.stop();
    },
  };
}
