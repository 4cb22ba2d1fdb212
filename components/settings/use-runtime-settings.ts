"use client";

import { useEffect, useState, useSyncExternalStore } from "react";
import { fetchAppSettings, saveAppSettings } from "./settings-api";
import { createSettingsStore, type SettingsSnapshot, type SettingsStore } from "./settings-store";

export type { SavedChange, SettingsLoadState } from "./settings-store";

export type RuntimeSettingsController = SettingsSnapshot & {
  save: SettingsStore["save"];
  reload: () => void;
  refreshIfOlderThan: SettingsStore["refreshIfOlderThan"];
};

/**
 * The settings panel's state: a settings store (see createSettingsStore) wired to the HTTP API, loaded
 * on mount. The store lives as long as the component.
 */
export function useRuntimeSettings(): RuntimeSettingsController {
  const [store] = useState(() => createSettingsStore({ load: fetchAppSettings, save: saveAppSettings }));
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);

  useEffect(() => {
    const controller = new AbortController();
    store.load(controller.signal).catch(() => {});
    return () => controller.abort();
  }, [store]);

  return {
    ...snapshot,
    save: store.save,
    reload: () => {
      store.load().catch(() => {});
    },
    refreshIfOlderThan: store.refreshIfOlderThan,
  };
}
