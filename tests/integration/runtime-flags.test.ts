import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NotifyListener } from "@/lib/db/notify-listener";
import { SETTINGS_CHANNEL, updateAppSettings } from "@/lib/settings/app-settings";
import { RuntimeFlagPoller } from "@/lib/settings/flag-poller";
import { loadAppSettingsRuntimeFlags } from "@/lib/settings/runtime-flags";
import { RuntimeHeartbeat } from "@/lib/settings/runtime-heartbeat";
import { getRuntimeStatus } from "@/lib/settings/runtime-status";
import { createTestDatabase, type TestDatabase } from "./helpers/test-database";

let testDatabase: TestDatabase;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
});
afterAll(async () => {
  await testDatabase.drop();
});

describe("loadAppSettingsRuntimeFlags", () => {
  it("returns the stored flags and version", async () => {
    await updateAppSettings(testDatabase.database, { update: { maxToolSteps: 12 }, actor: "test" });
    const loaded = await loadAppSettingsRuntimeFlags(testDatabase.database);
    expect(loaded.flags.maxToolSteps).toBe(12);
    expect(loaded.version).toBe(2);
    expect(loaded.invalidFields).toEqual([]);
  });

  it("throws when the database is unreachable, so the poller keeps its last good flags", async () => {
    const { createPrismaClient } = await import("@/lib/db/client");
    const unreachable = createPrismaClient("postgresql://keel:wrong@127.0.0.1:1/keel");
    await expect(loadAppSettingsRuntimeFlags(unreachable)).rejects.toThrow();
    await unreachable.$disconnect();
  });
});

describe("the runtime's poller and NOTIFY listener against a real database", () => {
  it("applies a settings write through NOTIFY without waiting for the poll interval", async () => {
    const applied: number[] = [];
    const poller = new RuntimeFlagPoller({
      load: () => loadAppSettingsRuntimeFlags(testDatabase.database),
      onApplied: (loaded) => {
        applied.push(loaded.version);
      },
      baseIntervalMs: 600_000, // polling would take 10 minutes: only NOTIFY can deliver in time
    });
    const listener = new NotifyListener({
      channel: SETTINGS_CHANNEL,
      connectionString: testDatabase.url,
      onChange: () => void poller.reloadNow(),
    });
    await poller.start();
    await listener.start();
    try {
      const { settings } = await updateAppSettings(testDatabase.database, {
        update: { toolResultQuarantineEnabled: false },
        actor: "test",
      });
      await expect.poll(() => poller.appliedVersion(), { timeout: 10_000 }).toBe(settings.version);
      expect(poller.current().toolResultQuarantineEnabled).toBe(false);
    } finally {
      poller.stop();
      await listener.stop();
    }
  });

  it("applies a change by polling alone when notifications are off", async () => {
    const poller = new RuntimeFlagPoller({
      load: () => loadAppSettingsRuntimeFlags(testDatabase.database),
      baseIntervalMs: 200,
    });
    await poller.start();
    try {
      const { settings } = await updateAppSettings(testDatabase.database, {
        update: { maxToolSteps: 77 },
        actor: "test",
      });
      await expect.poll(() => poller.appliedVersion(), { timeout: 10_000 }).toBe(settings.version);
      expect(poller.current().maxToolSteps).toBe(77);
    } finally {
      poller.stop();
    }
  });

  it("writes a heartbeat the status endpoint reports as applied", async () => {
    const heartbeat = new RuntimeHeartbeat(testDatabase.database);
    const loaded = await loadAppSettingsRuntimeFlags(testDatabase.database);
    await heartbeat.beat(loaded.version, true);
    let status = await getRuntimeStatus(testDatabase.database);
    expect(status.instances.find((instance) => instance.id === heartbeat.id)).toMatchObject({
      alive: true,
      appliedSettingsVersion: loaded.version,
    });
    expect(status.appliedBy).toBeGreaterThanOrEqual(1);
    await heartbeat.stop();
    status = await getRuntimeStatus(testDatabase.database);
    expect(status.instances.find((instance) => instance.id === heartbeat.id)?.alive).toBe(false);
  });
});
