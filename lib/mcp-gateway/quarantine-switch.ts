/**
 * The quarantine switch as the gateway reads it: the same `tool_result_quarantine_enabled` column of
 * the settings row as the agent runtime (loadAppSettingsRuntimeFlags).
 * - `CachedQuarantineSwitch` (web route): a process-wide reader with a short TTL (2 s), dropped at once
 *   by the settings NOTIFY (`keel_settings`), so a panel change applies to the next call.
 * - The stdio gateway uses RuntimeFlagPoller + SettingsListener like agent/main.ts (serve-stdio.ts).
 * Failure policy (DESIGN.md section 4): a failed read keeps the last good value; before the first good
 * read the safe default applies (quarantine on).
 */
import type { Database } from "@/lib/db/client";
import { createLogger, errorFields } from "@/lib/log/logger";
import { DEFAULT_RUNTIME_FLAGS } from "@/lib/schemas/settings";
import { type LoadedRuntimeFlags, loadAppSettingsRuntimeFlags } from "@/lib/settings/runtime-flags";
import { SettingsListener } from "@/lib/settings/settings-listener";

/** What the gateway asks before each call and listing. */
export interface QuarantineSwitch {
  enabled(): Promise<boolean>;
}

/** How long the web route serves a read of the switch. */
export const QUARANTINE_SWITCH_TTL_MS = 2_000;

const log = createLogger({ component: "mcp-gateway" });

/** A TTL cache around the settings read; concurrent misses share one read. Clock injected for tests. */
export class CachedQuarantineSwitch implements QuarantineSwitch {
  private value: boolean = DEFAULT_RUNTIME_FLAGS.toolResultQuarantineEnabled;
  private loadedAt = Number.NEGATIVE_INFINITY;
  private generation = 0;
  private pending: Promise<boolean> | null = null;

  constructor(
    private readonly load: () => Promise<LoadedRuntimeFlags>,
    private readonly options: { ttlMs?: number; now?: () => number } = {},
  ) {}

  async enabled(): Promise<boolean> {
    const now = (this.options.now ?? Date.now)();
    if (now - this.loadedAt < (this.options.ttlMs ?? QUARANTINE_SWITCH_TTL_MS)) return this.value;
    if (this.pending) return this.pending;
    const generation = this.generation;
    this.pending = this.load()
      .then((loaded) => {
        this.value = loaded.flags.toolResultQuarantineEnabled;
        if (generation === this.generation) this.loadedAt = (this.options.now ?? Date.now)();
        return this.value;
      })
      .catch((error: unknown) => {
        log.warn("reading the quarantine switch failed; keeping the last good value", {
          enabled: this.value,
          ...errorFields(error),
        });
        return this.value;
      })
      .finally(() => {
        this.pending = null;
      });
    return this.pending;
  }

  /** Forces the next read (a settings NOTIFY arrived). */
  invalidate(): void {
    this.generation += 1;
    this.loadedAt = Number.NEGATIVE_INFINITY;
    this.pending = null;
  }
}

const globalForSwitch = globalThis as unknown as {
  keelGatewaySwitch?: {
    url: string;
    gate: CachedQuarantineSwitch;
    listener: Promise<SettingsListener | null>;
  };
};

/** The process-wide switch for `database` (the client of DATABASE_URL), listening for settings writes. */
export function processQuarantineSwitch(database: Database): CachedQuarantineSwitch {
  const url = process.env.DATABASE_URL ?? "";
  const existing = globalForSwitch.keelGatewaySwitch;
  if (existing && existing.url === url) return existing.gate;
  const gate = new CachedQuarantineSwitch(() => loadAppSettingsRuntimeFlags(database));
  const listen = url !== "" && process.env.KEEL_SETTINGS_NOTIFY !== "off";
  const listener = listen
    ? (async () => {
        const settingsListener = new SettingsListener({
          connectionString: url,
          onChange: () => gate.invalidate(),
          onStateChange: (state, error) => {
            if (state === "disconnected")
              log.warn("settings notifications lost; the gateway relies on the 2 s TTL", errorFields(error));
          },
        });
        await settingsListener.start();
        return settingsListener;
      })().catch((error: unknown) => {
        log.warn("could not listen for settings changes", errorFields(error));
        return null;
      })
    : Promise.resolve(null);
  globalForSwitch.keelGatewaySwitch = { url, gate, listener };
  return gate;
}

/** Stops the process-wide listener (tests and shutdown). */
export async function stopProcessQuarantineSwitch(): Promise<void> {
  const existing = globalForSwitch.keelGatewaySwitch;
  globalForSwitch.keelGatewaySwitch = undefined;
  const listener = await existing?.listener;
  await listener?.stop();
}
