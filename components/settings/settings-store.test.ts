import { describe, expect, it } from "vitest";
import { type AppSettings, type AppSettingsUpdate, DEFAULT_RUNTIME_FLAGS } from "@/lib/schemas/settings";
import type { ApiResult } from "./settings-api";
import { createSettingsStore } from "./settings-store";

function createSettings(overrides: Partial<AppSettings> = {}): AppSettings {
  return {
    ...DEFAULT_RUNTIME_FLAGS,
    version: 1,
    updatedAt: "2026-11-30T10:00:00.000Z",
    updatedBy: null,
    ...overrides,
  };
}

/** A fake server: keeps a row, answers saves in the order the test resolves them. */
function createFakeApi(initial: AppSettings) {
  let row = initial;
  const saves: Array<{
    update: AppSettingsUpdate;
    version: number;
    resolve: (result?: ApiResult<AppSettings>) => void;
  }> = [];
  const api = {
    load: async (): Promise<ApiResult<AppSettings>> => ({ type: "ok", data: row }),
    save: (update: AppSettingsUpdate, version: number) =>
      new Promise<ApiResult<AppSettings>>((resolve) => {
        saves.push({
          update,
          version,
          resolve: (result) => {
            if (result) return resolve(result);
            if (version !== row.version)
              return resolve({ type: "failed", failure: { kind: "conflict", current: row } });
            row = { ...row, ...update, version: row.version + 1 };
            resolve({ type: "ok", data: row });
          },
        });
      }),
  };
  const nextSave = async () => {
    await expect.poll(() => saves.length).toBeGreaterThan(0);
    return saves.shift()!;
  };
  return { api, nextSave, setRow: (settings: AppSettings) => (row = settings) };
}

function shown(store: ReturnType<typeof createSettingsStore>) {
  const { state } = store.getSnapshot();
  if (state.status !== "ready") throw new Error(`not ready: ${state.status}`);
  return state.settings;
}

describe("createSettingsStore", () => {
  it("shows a change at once, marks it pending, and takes the server's row on success", async () => {
    const fake = createFakeApi(createSettings());
    const store = createSettingsStore(fake.api);
    await store.load();

    const settled = store.save({ toolResultQuarantineEnabled: false });
    expect(shown(store).toolResultQuarantineEnabled).toBe(false);
    expect(store.getSnapshot().pending.has("toolResultQuarantineEnabled")).toBe(true);

    const save = await fake.nextSave();
    expect(save).toMatchObject({ update: { toolResultQuarantineEnabled: false }, version: 1 });
    save.resolve();
    await settled;

    expect(shown(store)).toMatchObject({ toolResultQuarantineEnabled: false, version: 2 });
    expect(store.getSnapshot().pending.size).toBe(0);
    expect(store.getSnapshot().lastSaved).toEqual({ id: 1, update: { toolResultQuarantineEnabled: false } });
    expect(store.getSnapshot().savesSettled).toBe(1);
  });

  it("sends quick changes one after another, each on the version the previous one produced", async () => {
    const fake = createFakeApi(createSettings());
    const store = createSettingsStore(fake.api);
    await store.load();

    const first = store.save({ toolResultQuarantineEnabled: false });
    const second = store.save({ maxToolSteps: 30 });
    expect(shown(store)).toMatchObject({ toolResultQuarantineEnabled: false, maxToolSteps: 30 });

    const firstSave = await fake.nextSave();
    firstSave.resolve();
    const secondSave = await fake.nextSave();
    expect(secondSave.version).toBe(2);
    secondSave.resolve();
    await Promise.all([first, second]);

    expect(shown(store)).toMatchObject({ toolResultQuarantineEnabled: false, maxToolSteps: 30, version: 3 });
    expect(store.getSnapshot().failures).toEqual({});
  });

  it("ignores a second change of a field whose save is in flight", async () => {
    const fake = createFakeApi(createSettings());
    const store = createSettingsStore(fake.api);
    await store.load();

    const settled = store.save({ auditGateEnabled: true });
    await store.save({ auditGateEnabled: false });
    expect(shown(store).auditGateEnabled).toBe(true);
    (await fake.nextSave()).resolve();
    await settled;
    expect(shown(store).auditGateEnabled).toBe(true);
  });

  it("rolls back and keeps the failure when a save is rejected", async () => {
    const fake = createFakeApi(createSettings());
    const store = createSettingsStore(fake.api);
    await store.load();

    const settled = store.save({ maxToolSteps: 50 });
    (await fake.nextSave()).resolve({ type: "failed", failure: { kind: "invalid", message: "too many" } });
    await settled;

    expect(shown(store).maxToolSteps).toBe(24);
    expect(store.getSnapshot().failures).toEqual({ maxToolSteps: { kind: "invalid", message: "too many" } });

    // The next change of that field clears its failure.
    const again = store.save({ maxToolSteps: 25 });
    expect(store.getSnapshot().failures).toEqual({});
    (await fake.nextSave()).resolve();
    await again;
  });

  it("on a 409 shows the fresh row from the response instead of the optimistic value", async () => {
    const fake = createFakeApi(createSettings());
    const store = createSettingsStore(fake.api);
    await store.load();
    fake.setRow(createSettings({ version: 5, toolBudgetWrapupEnabled: false, maxToolSteps: 99 }));

    const settled = store.save({ toolBudgetWrapupEnabled: false });
    (await fake.nextSave()).resolve();
    await settled;

    expect(shown(store)).toMatchObject({ version: 5, toolBudgetWrapupEnabled: false, maxToolSteps: 99 });
    expect(store.getSnapshot().failures.toolBudgetWrapupEnabled?.kind).toBe("conflict");
  });

  it("reports a failed first read and recovers on reload", async () => {
    let fail = true;
    const store = createSettingsStore({
      load: async () =>
        fail ? { type: "failed", failure: { kind: "network" } } : { type: "ok", data: createSettings() },
      save: async () => ({ type: "failed", failure: { kind: "server" } }),
    });
    await store.load();
    expect(store.getSnapshot().state).toEqual({ status: "error", failure: { kind: "network" } });
    fail = false;
    await store.load();
    expect(store.getSnapshot().state.status).toBe("ready");
  });

  it("re-reads only for a newer version and never over a save in flight", async () => {
    const fake = createFakeApi(createSettings({ version: 3 }));
    const store = createSettingsStore(fake.api);
    await store.load();
    fake.setRow(createSettings({ version: 4, runCompletionCaveatsEnabled: false }));

    await store.refreshIfOlderThan(3);
    expect(shown(store).version).toBe(3);

    const settled = store.save({ maxToolSteps: 10 });
    await store.refreshIfOlderThan(4);
    expect(shown(store).version).toBe(3);
    (await fake.nextSave()).resolve({ type: "failed", failure: { kind: "network" } });
    await settled;

    await store.refreshIfOlderThan(4);
    expect(shown(store)).toMatchObject({ version: 4, runCompletionCaveatsEnabled: false });
  });
});
