/**
 * Keeps a process's view of the runtime switches fresh: a setTimeout chain (re-armed in `finally`, so a
 * slow or failing read never stacks up), capped backoff on failure, and `reloadNow()` for the NOTIFY
 * listener so a change applies at once. Before the first good read `current()` returns the safe defaults;
 * after a failed read it keeps the last good flags. Timers are injectable so tests need no fake clocks.
 */

import { nextPollDelay } from "@/lib/db/poll-delay";
import { DEFAULT_RUNTIME_FLAGS, type RuntimeFlags } from "@/lib/schemas/settings";
import type { LoadedRuntimeFlags } from "./runtime-flags";

export interface FlagPollerOptions {
  load: () => Promise<LoadedRuntimeFlags>;
  /** Called after every successful read (heartbeat), with whether the version changed. */
  onApplied?: (loaded: LoadedRuntimeFlags, changed: boolean) => void | Promise<void>;
  onError?: (error: unknown, consecutiveFailures: number) => void;
  baseIntervalMs?: number;
  maxIntervalMs?: number;
  random?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export class RuntimeFlagPoller {
  private flags: RuntimeFlags = { ...DEFAULT_RUNTIME_FLAGS };
  private version: number | null = null;
  private failures = 0;
  private timer: unknown = null;
  private stopped = true;
  private inFlight: Promise<void> | null = null;
  private reloadRequested = false;

  constructor(private readonly options: FlagPollerOptions) {}

  /** The flags to apply right now (defaults until the first good read). */
  current(): Readonly<RuntimeFlags> {
    return this.flags;
  }

  /** The settings version applied, or null before the first good read. */
  appliedVersion(): number | null {
    return this.version;
  }

  /** Reads once, then keeps polling until `stop()`. Resolves after the first read (good or not). */
  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    await this.poll();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) (this.options.clearTimer ?? clearTimeout)(this.timer as NodeJS.Timeout);
    this.timer = null;
  }

  /** Reads now (a NOTIFY arrived). Coalesces: a request during a read causes exactly one more read. */
  reloadNow(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.inFlight) {
      this.reloadRequested = true;
      return this.inFlight;
    }
    if (this.timer !== null) (this.options.clearTimer ?? clearTimeout)(this.timer as NodeJS.Timeout);
    this.timer = null;
    return this.poll();
  }

  private poll(): Promise<void> {
    const run = async () => {
      try {
        const loaded = await this.options.load();
        const changed = loaded.version !== this.version;
        this.flags = loaded.flags;
        this.version = loaded.version;
        this.failures = 0;
        await this.options.onApplied?.(loaded, changed);
      } catch (error) {
        this.failures += 1;
        this.options.onError?.(error, this.failures);
      } finally {
        this.inFlight = null;
        if (this.reloadRequested && !this.stopped) {
          this.reloadRequested = false;
          await this.poll();
        } else this.schedule();
      }
    };
    this.inFlight = run();
    return this.inFlight;
  }

  private schedule(): void {
    if (this.stopped) return;
    const delay = nextPollDelay(this.failures, {
      baseMs: this.options.baseIntervalMs,
      maxMs: this.options.maxIntervalMs,
      jitter: (this.options.random ?? Math.random)(),
    });
    const timer = (this.options.setTimer ?? setTimeout)(() => {
      this.timer = null;
      void this.poll();
    }, delay);
    (timer as { unref?: () => void }).unref?.();
    this.timer = timer;
  }
}
