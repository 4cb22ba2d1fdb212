import { afterEach, describe, expect, it, vi } from "vitest";
import type { NotifyListener } from "@/lib/db/notify-listener";
import { processWideCache, stopProcessWideCache } from "./process-wide-cache";

class CountingCache {
  invalidations = 0;
  invalidate(): void {
    this.invalidations += 1;
  }
}

afterEach(async () => {
  vi.unstubAllEnvs();
  await stopProcessWideCache("test-cache");
});

describe("processWideCache", () => {
  it("keeps one cache per name while DATABASE_URL stays, and a new one when it changes", () => {
    vi.stubEnv("DATABASE_URL", "");
    const first = processWideCache("test-cache", { create: () => new CountingCache() });
    expect(processWideCache("test-cache", { create: () => new CountingCache() })).toBe(first);
    vi.stubEnv("DATABASE_URL", "postgresql://elsewhere/keel");
    expect(processWideCache("test-cache", { create: () => new CountingCache() })).not.toBe(first);
  });

  it("starts the listener on the URL, and stops it on stopProcessWideCache", async () => {
    vi.stubEnv("DATABASE_URL", "postgresql://db/keel");
    const stop = vi.fn(async () => {});
    const listen = vi.fn(async () => ({ stop }) as unknown as NotifyListener);
    const cache = processWideCache("test-cache", { create: () => new CountingCache(), listen });
    expect(listen).toHaveBeenCalledWith(cache, "postgresql://db/keel");
    await stopProcessWideCache("test-cache");
    expect(stop).toHaveBeenCalledOnce();
  });

  it("serves the cache when its listener cannot start, and stops cleanly", async () => {
    vi.stubEnv("DATABASE_URL", "postgresql://db/keel");
    const cache = processWideCache("test-cache", {
      create: () => new CountingCache(),
      listen: async () => {
        throw new Error("connection refused");
      },
    });
    expect(cache).toBeInstanceOf(CountingCache);
    await expect(stopProcessWideCache("test-cache")).resolves.toBeUndefined();
  });

  it("starts no listener without a DATABASE_URL", () => {
    vi.stubEnv("DATABASE_URL", "");
    const listen = vi.fn();
    processWideCache("test-cache", { create: () => new CountingCache(), listen });
    expect(listen).not.toHaveBeenCalled();
  });
});
