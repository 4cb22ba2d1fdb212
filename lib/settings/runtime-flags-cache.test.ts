import { describe, expect, it } from "vitest";
import { DEFAULT_RUNTIME_FLAGS } from "@/lib/schemas/settings";
import type { FlagSnapshot } from "./runtime-flags";
import { RuntimeFlagsCache } from "./runtime-flags-cache";

const snapshot = (version: number, quarantine: boolean): FlagSnapshot => ({
  flags: { ...DEFAULT_RUNTIME_FLAGS, toolResultQuarantineEnabled: quarantine },
  version,
});

describe("RuntimeFlagsCache", () => {
  it("serves a read for the TTL, re-reads after it or after invalidate()", async () => {
    let now = 0;
    let reads = 0;
    const cache = new RuntimeFlagsCache(async () => snapshot(++reads, reads % 2 === 0), {
      ttlMs: 1_000,
      now: () => now,
    });
    expect((await cache.get()).version).toBe(1);
    now = 999;
    expect((await cache.get()).version).toBe(1);
    now = 1_000;
    expect((await cache.get()).version).toBe(2);
    cache.invalidate();
    expect((await cache.get()).version).toBe(3);
  });

  it("uses the safe defaults before the first good read, then the last good flags", async () => {
    let fail = true;
    const cache = new RuntimeFlagsCache(
      async () => {
        if (fail) throw new Error("db down");
        return snapshot(7, false);
      },
      { ttlMs: 0 },
    );
    expect(await cache.get()).toEqual({ flags: DEFAULT_RUNTIME_FLAGS, version: 0 });
    fail = false;
    expect((await cache.get()).version).toBe(7);
    fail = true;
    expect(await cache.get()).toEqual(snapshot(7, false));
  });

  it("shares one read between concurrent misses", async () => {
    let reads = 0;
    const cache = new RuntimeFlagsCache(async () => snapshot(++reads, true));
    await Promise.all([cache.get(), cache.get(), cache.get()]);
    expect(reads).toBe(1);
  });
});
