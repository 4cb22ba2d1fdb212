import { z } from "zod";

/**
 * Browser client for the JSON API behind the sign-in, account and admin screens. Every call resolves,
 * never rejects: the result is a discriminated union the UI turns into a localized message. Success
 * bodies are validated with a zod schema, so a malformed answer is a `server` failure, not a crash.
 * Cookies go along on their own (same origin); the browser adds the Origin / Sec-Fetch-Site headers the
 * server's CSRF check wants.
 */

/** Why a request failed, in terms the UI can explain. `message` is the server's (English) detail. */
export type ApiFailure =
  | { kind: "unauthorized"; message: string }
  | { kind: "forbidden"; message: string }
  | { kind: "notFound"; message: string }
  | { kind: "conflict"; message: string }
  | { kind: "invalid"; code: string; message: string }
  | { kind: "tooManyAttempts"; retryAfterSeconds: number | null }
  | { kind: "network" }
  | { kind: "server" };

export type ApiResult<T> = { type: "ok"; data: T } | { type: "failed"; failure: ApiFailure };

const errorBodySchema = z.object({
  error: z
    .object({
      code: z.string(),
      message: z.string(),
      issues: z.array(z.object({ message: z.string() }).loose()).optional(),
      retryAfterSeconds: z.number().optional(),
    })
    .loose(),
  retryAfterSeconds: z.number().optional(),
});

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
function retryAfter(response: Response, body: z.infer<typeof errorBodySchema> | undefined): number | null {
  const fromBody = body?.retryAfterSeconds ?? body?.error.retryAfterSeconds;
  if (fromBody !== undefined && Number.isFinite(fromBody)) return Math.max(1, Math.ceil(fromBody));
  const header = Number(response.headers.get("Retry-After"));
  return Number.isFinite(header) && header > 0 ? Math.ceil(header) : null;
}

/** Maps a non-2xx response to a failure. */
export async function toApiFailure(response: Response): Promise<ApiFailure> {
  const parsed = errorBodySchema.safeParse(await readJson(response));
  const body = parsed.success ? parsed.data : undefined;
  const issueMessages = body?.error.issues?.map((issue) => issue.message) ?? [];
  const message = [body?.error.message, ...issueMessages].filter(Boolean).join(" ") || response.statusText;
  switch (response.status) {
    case 400:
      return { kind: "invalid", code: body?.error.code ?? "bad_request", message };
    case 401:
      return { kind: "unauthorized", message };
    case 403:
      return { kind: "forbidden", message };
    case 404:
      return { kind: "notFound", message };
    case 409:
      return { kind: "conflict", message };
    case 429:
      return { kind: "tooManyAttempts", retryAfterSeconds: retryAfter(response, body) };
    default:
      return { kind: "server" };
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
