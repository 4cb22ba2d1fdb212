import { describe, expect, it } from "vitest";
import { DEFAULT_RUNTIME_FLAGS } from "@/lib/schemas/settings";
import { CachedQuarantineSwitch } from "./quarantine-switch";

function loaded(enabled: boolean) {
  return {
    flags: { ...DEFAULT_RUNTIME_FLAGS, toolResultQuarantineEnabled: enabled },
    version: 1,
    invalidFields: [],
  };
}

describe("CachedQuarantineSwitch", () => {
  it("serves a read for the TTL, re-reads after it or after invalidate()", async () => {
    let now = 0;
    let reads = 0;
    let value = false;
    const gate = new CachedQuarantineSwitch(
      async () => {
        reads += 1;
        return loaded(value);
      },
      { ttlMs: 1_000, now: () => now },
    );
    expect(await gate.enabled()).toBe(false);
    value = true;
    now = 500;
    expect(await gate.enabled()).toBe(false);
    gate.invalidate();
    expect(await gate.enabled()).toBe(true);
    value = false;
    now = 2_000;
    expect(await gate.enabled()).toBe(false);
    expect(reads).toBe(3);
  });

  it("is on before the first good read and keeps the last good value when a read fails", async () => {
    let fail = true;
    const gate = new CachedQuarantineSwitch(
      async () => {
        if (fail) throw new Error("database down");
        return loaded(false);
      },
      { ttlMs: 0 },
    );
    expect(await gate.enabled()).toBe(true);
    fail = false;
    expect(await gate.enabled()).toBe(false);
    fail = true;
    expect(await gate.enabled()).toBe(false);
  });
});
