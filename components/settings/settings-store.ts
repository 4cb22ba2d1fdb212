import type { AppSettings, AppSettingsUpdate, RuntimeFlagName, RuntimeFlags } from "@/lib/schemas/settings";
import type { ApiFailure, ApiResult } from "./settings-api";

export type SettingsLoadState =
  | { status: "loading" }
  | { status: "error"; failure: ApiFailure }
  | { status: "ready"; settings: AppSettings };

/** The latest successful save, for the polite confirmation. `id` grows with every save. */
export type SavedChange = { id: number; update: Partial<RuntimeFlags> };

export type SettingsSnapshot = {
  /** The settings as shown: the server's row with in-flight changes laid over it. */
  state: SettingsLoadState;
  /** Fields with a save in flight: their controls ignore input until it settles. */
  pending: ReadonlySet<RuntimeFlagName>;
  /** The failure of each field's last save, until the field is changed again. */
  failures: Partial<Record<RuntimeFlagName, ApiFailure>>;
  lastSaved: SavedChange | null;
  /** Counts settled saves (success or failure), so dependants (the change log) can refresh. */
  savesSettled: number;
};

export type SettingsApi = {
  load: (signal?: AbortSignal) => Promise<ApiResult<AppSettings>>;
  save: (update: AppSettingsUpdate, version: number) => Promise<ApiResult<AppSettings>>;
};

export type SettingsStore = {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => SettingsSnapshot;
  /** Reads the row; a failure before the first good read becomes the `error` state, later ones are ignored. */
  load: (signal?: AbortSignal) => Promise<void>;
  /** Shows the change at once and saves it; resolves when the save has settled (never rejects). */
  save: (update: Partial<RuntimeFlags>) => Promise<void>;
  /** Re-reads the row when another writer produced a newer version and nothing is in flight. */
  refreshIfOlderThan: (version: number) => Promise<void>;
};

/**
 * Settings state with optimistic saves, independent of React (the panel reads it through
 * useSyncExternalStore).
 *
 * `save()` lays the new value over the server's row at once, then sends only the changed fields with the
 * version they were made on. Saves go out one after another, each with the version the previous one
 * returned, so quick changes on different controls never conflict with each other. A second change of a
 * field whose save is in flight is ignored. Success: the server's row replaces the local one. Failure:
 * the overlay is dropped (the control rolls back) and the failure is kept for its message; on a 409 the
 * fresh row from the response (or a re-read) is shown.
 */
export function createSettingsStore(api: SettingsApi): SettingsStore {
  let server: AppSettings | null = null;
  let loadFailure: ApiFailure | null = null;
  let overlay: Partial<RuntimeFlags> = {};
  const pending = new Set<RuntimeFlagName>();
  let failures: Partial<Record<RuntimeFlagName, ApiFailure>> = {};
  let lastSaved: SavedChange | null = null;
  let savesSettled = 0;
  let queue: Promise<void> = Promise.resolve();
  let refreshing = false;
  const listeners = new Set<() => void>();

  const compute = (): SettingsSnapshot => ({
    state: server
      ? { status: "ready", settings: { ...server, ...overlay } }
      : loadFailure
        ? { status: "error", failure: loadFailure }
        : { status: "loading" },
    pending: new Set(pending),
    failures,
    lastSaved,
    savesSettled,
  });
  let snapshot = compute();
  const emit = () => {
    snapshot = compute();
    for (const listener of listeners) listener();
  };

  /** Accepts a row unless an older answer arrives after a newer one. */
  const accept = (settings: AppSettings) => {
    if (server && settings.version < server.version) return;
    server = settings;
    loadFailure = null;
  };

  const load = async (signal?: AbortSignal) => {
    if (!server && loadFailure) {
      loadFailure = null;
      emit();
    }
    const result = await api.load(signal);
    if (signal?.aborted) return;
    if (result.type === "ok") accept(result.data);
    else if (!server) loadFailure = result.failure;
    emit();
  };

  const send = async (update: Partial<RuntimeFlags>, fields: RuntimeFlagName[]) => {
    const version = server?.version;
    let result: ApiResult<AppSettings>;
    try {
      result =
        version === undefined
          ? { type: "failed", failure: { kind: "server" } }
          : await api.save(update as AppSettingsUpdate, version);
    } catch {
      result = { type: "failed", failure: { kind: "network" } };
    }

    if (result.type === "ok") {
      accept(result.data);
      lastSaved = { id: (lastSaved?.id ?? 0) + 1, update };
    } else {
      const { failure } = result;
      if (failure.kind === "conflict") {
        if (failure.current) accept(failure.current);
        else await load().catch(() => {});
      }
      failures = { ...failures, ...Object.fromEntries(fields.map((field) => [field, failure])) };
    }
    for (const field of fields) pending.delete(field);
    overlay = withoutKeys(overlay, fields);
    savesSettled += 1;
    emit();
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    load,
    save(update) {
      const fields = Object.keys(update) as RuntimeFlagName[];
      if (fields.length === 0 || !server || fields.some((field) => pending.has(field)))
        return Promise.resolve();
      for (const field of fields) pending.add(field);
      overlay = { ...overlay, ...update };
      failures = withoutKeys(failures, fields);
      emit();
      const settled = queue.then(() => send(update, fields));
      queue = settled.catch(() => {});
      return queue;
    },
    async refreshIfOlderThan(version) {
      if (!server || version <= server.version || pending.size > 0 || refreshing) return;
      refreshing = true;
      try {
        await load();
      } catch {
        // The next status poll tries again.
      } finally {
        refreshing = false;
      }
    },
  };
}

function withoutKeys<T extends object>(record: T, keys: readonly PropertyKey[]): T {
  const copy = { ...record };
  for (const key of keys) delete copy[key as keyof T];
  return copy;
}
