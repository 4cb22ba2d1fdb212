import { z } from "zod";
import { type ApiErrorBody, apiErrorBodySchema } from "@/lib/schemas/api-error";

/**
 * The one browser client for Keel's JSON API, used by every panel. Every call resolves,
 * never rejects: the result is a discriminated union the UI turns into a localized message. Success
 * bodies are validated with a zod schema, so a malformed answer is a `server` failure, not a crash.
 * Cookies go along on their own (same origin); the browser adds the Origin / Sec-Fetch-Site headers the
 * server's CSRF check wants.
 */

/**
 * Why a request failed, in terms the UI can explain. `message` is the server's (English) detail. A failure
 * from an answer also carries its HTTP `status` and the error `body` (the contract of
 * lib/schemas/api-error.ts, route-specific fields such as `current` included) when it had that shape.
 */
export type ApiFailure = (
  | { kind: "unauthorized"; message: string }
  | { kind: "forbidden"; message: string }
  | { kind: "notFound"; message: string }
  | { kind: "conflict"; message: string }
  | { kind: "invalid"; code: string; message: string }
  | { kind: "tooManyAttempts"; retryAfterSeconds: number | null }
  | { kind: "network" }
  | { kind: "server" }
) & { status?: number; body?: ApiErrorBody };

export type ApiResult<T> = { type: "ok"; data: T } | { type: "failed"; failure: ApiFailure };

/** The schema for answers without a body (204). */
export const noContent = z.undefined();

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** Seconds to wait from a 429: the body's retryAfterSeconds, else the Retry-After header, else null. */
function retryAfter(response: Response, body: ApiErrorBody | undefined): number | null {
  const fromBody = body?.retryAfterSeconds;
  if (typeof fromBody === "number" && Number.isFinite(fromBody)) return Math.max(1, Math.ceil(fromBody));
  const header = Number(response.headers.get("Retry-After"));
  return Number.isFinite(header) && header > 0 ? Math.ceil(header) : null;
}

/** Maps a non-2xx response to a failure. */
export async function toApiFailure(response: Response): Promise<ApiFailure> {
  const parsed = apiErrorBodySchema.safeParse(await readJson(response));
  const body = parsed.success ? parsed.data : undefined;
  const issueMessages = body?.error.issues?.map((issue) => issue.message) ?? [];
  const message = [body?.error.message, ...issueMessages].filter(Boolean).join(" ") || response.statusText;
  const answer = { status: response.status, ...(body ? { body } : {}) };
  switch (response.status) {
    case 400:
      return { kind: "invalid", code: body?.error.code ?? "bad_request", message, ...answer };
    case 401:
      return { kind: "unauthorized", message, ...answer };
    case 403:
      return { kind: "forbidden", message, ...answer };
    case 404:
      return { kind: "notFound", message, ...answer };
    case 409:
      return { kind: "conflict", message, ...answer };
    case 429:
      return { kind: "tooManyAttempts", retryAfterSeconds: retryAfter(response, body), ...answer };
    default:
      return { kind: "server", ...answer };
  }
}

/** Sends one request and validates the answer. An aborted request rejects with the AbortError. */
export async function callApi<T>(
  schema: z.ZodType<T>,
  url: string,
  init: RequestInit & { json?: unknown } = {},
  fetchImplementation: typeof fetch = fetch,
): Promise<ApiResult<T>> {
  const { json, ...rest } = init;
  const requestInit: RequestInit =
    json === undefined
      ? rest
      : {
          ...rest,
          headers: { "Content-Type": "application/json", ...rest.headers },
          body: JSON.stringify(json),
        };
  let response: Response;
  try {
    response = await fetchImplementation(url, {
      cache: "no-store",
      credentials: "same-origin",
      ...requestInit,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    return { type: "failed", failure: { kind: "network" } };
  }
  if (!response.ok) return { type: "failed", failure: await toApiFailure(response) };
  const parsed = schema.safeParse(await readJson(response));
  return parsed.success ? { type: "ok", data: parsed.data } : { type: "failed", failure: { kind: "server" } };
}
