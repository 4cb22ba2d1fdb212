import { describe, expect, it } from "vitest";
import { TtlCache } from "./ttl-cache";

describe("TtlCache", () => {
  it("serves a read for the TTL, reads again after it or after invalidate()", async () => {
    let now = 0;
    let reads = 0;
    const cache = new TtlCache(async () => ++reads, { ttlMs: 1_000, now: () => now });
    expect(await cache.get()).toBe(1);
    now = 999;
    expect(await cache.get()).toBe(1);
    now = 1_000;
    expect(await cache.get()).toBe(2);
    cache.invalidate();
    expect(await cache.get()).toBe(3);
  });

  it("shares one read between concurrent misses", async () => {
    let reads = 0;
    const cache = new TtlCache(async () => ++reads, { ttlMs: 60_000 });
    expect(await Promise.all([cache.get(), cache.get(), cache.get()])).toEqual([1, 1, 1]);
    expect(reads).toBe(1);
  });

  it("does not keep a read that an invalidation overtook", async () => {
    let reads = 0;
    let release: () => void = () => {};
    const cache = new TtlCache(
      async () => {
        const read = ++reads;
        if (read === 1) await new Promise<void>((resolve) => (release = resolve));
        return read;
      },
      { ttlMs: 60_000 },
    );
    const stale = cache.get();
    cache.invalidate();
    release();
    expect(await stale).toBe(1);
    expect(await cache.get()).toBe(2);
    expect(await cache.get()).toBe(2);
  });

  it("rejects a failed read without keeping it, and reads again on the next call", async () => {
    let fail = true;
    const cache = new TtlCache(
      async () => {
        if (fail) throw new Error("db down");
        return "ok";
      },
      { ttlMs: 60_000 },
    );
    await expect(cache.get()).rejects.toThrow("db down");
    fail = false;
    expect(await cache.get()).toBe("ok");
  });
});
