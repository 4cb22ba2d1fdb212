import { z } from "zod";
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
 * Browser client for the settings API (docs/design.md#http-api). Every function resolves, never rejects:
 * the result is a discriminated union the UI turns into a localized message. Responses are validated
 * with the shared zod contracts, so a malformed answer is a `server` failure, not a crash.
 */

/** Why a request failed, in terms the UI can explain. */
export type ApiFailure =
  | { kind: "conflict"; current: AppSettings | null }
  | { kind: "invalid"; message: string }
  | { kind: "forbidden" }
  | { kind: "tooLarge" }
  | { kind: "network" }
  | { kind: "server" };

export type ApiResult<T> = { type: "ok"; data: T } | { type: "failed"; failure: ApiFailure };

const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    issues: z.array(z.object({ message: z.string() }).loose()).optional(),
    current: z.unknown().optional(),
  }),
  current: z.unknown().optional(),
});

const changesResponseSchema = z.object({ changes: z.array(settingsChangeSchema) });

type Fetch = typeof fetch;

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** Maps a non-2xx response to a failure; 409 carries the fresh settings when the server sent them. */
async function toFailure(response: Response): Promise<ApiFailure> {
  const parsedBody = errorBodySchema.safeParse(await readJson(response));
  const body = parsedBody.success ? parsedBody.data : undefined;
  switch (response.status) {
    case 400: {
      const issueMessages = body?.error.issues?.map((issue) => issue.message) ?? [];
      const message = [body?.error.message, ...issueMessages].filter(Boolean).join(" ");
      return { kind: "invalid", message: message || response.statusText };
    }
    case 401:
    case 403:
      return { kind: "forbidden" };
    case 409: {
      const current = appSettingsSchema.safeParse(body?.current ?? body?.error.current);
      return { kind: "conflict", current: current.success ? current.data : null };
    }
    case 413:
      return { kind: "tooLarge" };
    default:
      return { kind: "server" };
  }
}

async function request<T>(
  schema: z.ZodType<T>,
  url: string,
  init: RequestInit,
  fetchImplementation: Fetch,
): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetchImplementation(url, { cache: "no-store", ...init });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    return { type: "failed", failure: { kind: "network" } };
  }
  if (!response.ok) return { type: "failed", failure: await toFailure(response) };
  const parsed = schema.safeParse(await readJson(response));
  return parsed.success ? { type: "ok", data: parsed.data } : { type: "failed", failure: { kind: "server" } };
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
    {
      method: "PUT",
      headers: { "Content-Type": "application/json", "If-Match": String(version) },
      body: JSON.stringify(update),
    },
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
