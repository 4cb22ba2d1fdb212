import { describe, expect, it } from "vitest";
import { DEFAULT_RUNTIME_FLAGS } from "@/lib/schemas/settings";
import { RuntimeFlagPoller } from "./flag-poller";
import type { LoadedRuntimeFlags } from "./runtime-flags";

/** A manual timer queue: tests decide when the next poll fires. */
function manualTimers() {
  const pending: { callback: () => void; ms: number }[] = [];
  return {
    pending,
    setTimer: (callback: () => void, ms: number) => {
      const entry = { callback, ms };
      pending.push(entry);
      return entry;
    },
    clearTimer: (timer: unknown) => {
      const index = pending.indexOf(timer as (typeof pending)[number]);
      if (index >= 0) pending.splice(index, 1);
    },
    fire: async () => {
      const next = pending.shift();
      next?.callback();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

const loaded = (
  version: number,
  overrides: Partial<LoadedRuntimeFlags["flags"]> = {},
): LoadedRuntimeFlags => ({
  flags: { ...DEFAULT_RUNTIME_FLAGS, ...overrides },
  version,
  invalidFields: [],
});

describe("RuntimeFlagPoller", () => {
  it("serves the safe defaults before the first good read", async () => {
    const timers = manualTimers();
    const poller = new RuntimeFlagPoller({
      load: () => Promise.reject(new Error("down")),
      ...timers,
      random: () => 0,
    });
    await poller.start();
    expect(poller.current()).toEqual(DEFAULT_RUNTIME_FLAGS);
    expect(poller.appliedVersion()).toBeNull();
    poller.stop();
  });

  it("applies a read, keeps the last good flags when reads fail, and backs off", async () => {
    const timers = manualTimers();
    const results: (LoadedRuntimeFlags | Error)[] = [
      loaded(3, { maxToolSteps: 9 }),
      new Error("down"),
      new Error("down"),
      loaded(4),
    ];
    const errors: number[] = [];
    const poller = new RuntimeFlagPoller({
      load: async () => {
        const next = results.shift()!;
        if (next instanceof Error) throw next;
        return next;
      },
      onError: (_error, failures) => errors.push(failures),
      ...timers,
      random: () => 0,
    });
    await poller.start();
    expect(poller.current().maxToolSteps).toBe(9);
    expect(timers.pending.map((timer) => timer.ms)).toEqual([5_000]);
    await timers.fire();
    expect(poller.current().maxToolSteps).toBe(9);
    expect(timers.pending.map((timer) => timer.ms)).toEqual([10_000]);
    await timers.fire();
    expect(timers.pending.map((timer) => timer.ms)).toEqual([20_000]);
    expect(errors).toEqual([1, 2]);
    await timers.fire();
    expect(poller.appliedVersion()).toBe(4);
    expect(poller.current().maxToolSteps).toBe(DEFAULT_RUNTIME_FLAGS.maxToolSteps);
    expect(timers.pending.map((timer) => timer.ms)).toEqual([5_000]);
    poller.stop();
    expect(timers.pending).toEqual([]);
  });

  it("reports whether the version changed", async () => {
    const timers = manualTimers();
    const versions = [1, 1, 2];
    const changes: [number, boolean][] = [];
    const poller = new RuntimeFlagPoller({
      load: async () => loaded(versions.shift()!),
      onApplied: (result, changed) => {
        changes.push([result.version, changed]);
      },
      ...timers,
    });
    await poller.start();
    await timers.fire();
    await timers.fire();
    expect(changes).toEqual([
      [1, true],
      [1, false],
      [2, true],
    ]);
    poller.stop();
  });

  it("reloadNow reads at once, replaces the pending timer, and coalesces requests during a read", async () => {
    const timers = manualTimers();
    let reads = 0;
    let release: () => void = () => {};
    const poller = new RuntimeFlagPoller({
      load: async () => {
        reads += 1;
        if (reads === 2) await new Promise<void>((resolve) => (release = resolve));
        return loaded(reads);
      },
      ...timers,
    });
    await poller.start();
    expect(timers.pending).toHaveLength(1);
    const first = poller.reloadNow();
    expect(timers.pending).toHaveLength(0);
    void poller.reloadNow();
    void poller.reloadNow();
    release();
    await first;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads).toBe(3);
    expect(poller.appliedVersion()).toBe(3);
    expect(timers.pending).toHaveLength(1);
    poller.stop();
  });

  it("does nothing after stop", async () => {
    const timers = manualTimers();
    let reads = 0;
    const poller = new RuntimeFlagPoller({ load: async () => loaded(++reads), ...timers });
    await poller.start();
    poller.stop();
    await poller.reloadNow();
    expect(reads).toBe(1);
    expect(timers.pending).toEqual([]);
  });
});
