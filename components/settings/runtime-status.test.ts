import { describe, expect, it } from "vitest";
import type { RuntimeInstance, RuntimeStatus } from "@/lib/schemas/settings";
import { summarizeRuntimeStatus } from "./runtime-status";

function createInstance(overrides: Partial<RuntimeInstance> = {}): RuntimeInstance {
  return {
    id: "1",
    host: "worker-a",
    pid: 4242,
    startedAt: "2026-11-30T10:00:00.000Z",
    lastPollAt: "2026-11-30T10:05:00.000Z",
    appliedSettingsVersion: 7,
    model: "demo (scripted)",
    demoModel: true,
    alive: true,
    ...overrides,
  };
}

function createStatus(overrides: Partial<RuntimeStatus> = {}): RuntimeStatus {
  return { settingsVersion: 7, instances: [], appliedBy: 0, lastAppliedAt: null, ...overrides };
}

describe("summarizeRuntimeStatus", () => {
  it("reports no runtime when none is alive, even if dead ones are listed", () => {
    const status = createStatus({ instances: [createInstance({ alive: false })] });
    expect(summarizeRuntimeStatus(status)).toEqual({ kind: "none", version: 7 });
  });

  it("waits when live runtimes have not applied the current version", () => {
    const status = createStatus({ instances: [createInstance({ appliedSettingsVersion: 6 })], appliedBy: 0 });
    expect(summarizeRuntimeStatus(status)).toEqual({ kind: "waiting", version: 7 });
  });

  it("counts applying runtimes against the live ones", () => {
    const status = createStatus({
      instances: [
        createInstance(),
        createInstance({ id: "2", appliedSettingsVersion: 6 }),
        createInstance({ id: "3", alive: false }),
      ],
      appliedBy: 1,
      lastAppliedAt: "2026-11-30T10:05:00.000Z",
    });
    expect(summarizeRuntimeStatus(status)).toEqual({
      kind: "applied",
      version: 7,
      count: 1,
      total: 2,
      lastAppliedAt: new Date("2026-11-30T10:05:00.000Z"),
    });
  });
});
