import { z } from "zod";
import { type ApiFailure as ClientFailure, callApi } from "@/components/api/api-client";
import {
  type AppSettings,
  type AppSettingsUpdate,
  appSettingsSchema,
  type RuntimeStatus,
  runtimeStatusSchema,
  type SettingsChange,
  settingsChangeSchema,
} from "@/lib/schemas/settings";

/**
 * The settings panel's calls (docs/design.md#http-api), through the one browser API client
 * (components/api/api-client.ts). Every function resolves, never rejects: the result is a discriminated
 * union the UI turns into a localized message. Responses are validated with the shared zod contracts, so a
 * malformed answer is a `server` failure, not a crash.
 */

/** Why a request failed, in terms the settings panel explains. */
export type ApiFailure =
  | { kind: "conflict"; current: AppSettings | null }
  | { kind: "invalid"; message: string }
  | { kind: "forbidden" }
  | { kind: "tooLarge" }
  | { kind: "network" }
  | { kind: "server" };

export type ApiResult<T> = { type: "ok"; data: T } | { type: "failed"; failure: ApiFailure };

const changesResponseSchema = z.object({ changes: z.array(settingsChangeSchema) });

type Fetch = typeof fetch;

/** The client's failure in the settings panel's terms; a 409 carries the fresh settings when sent. */
function toSettingsFailure(failure: ClientFailure): ApiFailure {
  switch (failure.kind) {
    case "invalid":
      return { kind: "invalid", message: failure.message };
    case "unauthorized":
    case "forbidden":
      return { kind: "forbidden" };
    case "conflict": {
      const current = appSettingsSchema.safeParse(failure.body?.current);
      return { kind: "conflict", current: current.success ? current.data : null };
    }
    case "network":
      return failure;
    default:
      return failure.status === 413 ? { kind: "tooLarge" } : { kind: "server" };
  }
}

async function request<T>(
  schema: z.ZodType<T>,
  url: string,
  init: RequestInit & { json?: unknown },
  fetchImplementation: Fetch,
): Promise<ApiResult<T>> {
  const result = await callApi(schema, url, init, fetchImplementation);
  return result.type === "ok" ? result : { type: "failed", failure: toSettingsFailure(result.failure) };
}

/** GET /api/app-settings. */
export function fetchAppSettings(signal?: AbortSignal, fetchImplementation: Fetch = fetch) {
  return request(appSettingsSchema, "/api/app-settings", { signal }, fetchImplementation);
}

/** PUT /api/app-settings with only the changed fields, guarded by the version the change was made on. */
export function saveAppSettings(
  update: AppSettingsUpdate,
  version: number,
  fetchImplementation: Fetch = fetch,
): Promise<ApiResult<AppSettings>> {
  return request(
    appSettingsSchema,
    "/api/app-settings",
    { method: "PUT", headers: { "If-Match": String(version) }, json: update },
    fetchImplementation,
  );
}

/** GET /api/runtime/status. */
export function fetchRuntimeStatus(
  signal?: AbortSignal,
  fetchImplementation: Fetch = fetch,
): Promise<ApiResult<RuntimeStatus>> {
  return request(runtimeStatusSchema, "/api/runtime/status", { signal }, fetchImplementation);
}

/** GET /api/app-settings/changes, newest first. */
export async function fetchSettingsChanges(
  limit: number,
  signal?: AbortSignal,
  fetchImplementation: Fetch = fetch,
): Promise<ApiResult<SettingsChange[]>> {
  const result = await request(
    changesResponseSchema,
    `/api/app-settings/changes?limit=${limit}`,
    { signal },
    fetchImplementation,
  );
  return result.type === "ok" ? { type: "ok", data: result.data.changes } : result;
}
