/**
 * The API error contract (browser-safe): every non-2xx answer of `/api/*` has the body
 * `{ "error": { "code", "message", "issues"? } }`, sometimes with route-specific fields next to `error`
 * (`retryAfterSeconds`, `current`, `acknowledgement`, `reason`). The server writes it (lib/http/api-error.ts,
 * the halt MCP tools), OpenAPI documents it (lib/openapi/api-routes.ts), the browser client reads it
 * (components/api/api-client.ts).
 */
import { z } from "zod";

export const API_ERROR_STATUS = {
  bad_request: 400,
  invalid_json: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  precondition_failed: 412,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  internal: 500,
  database_unavailable: 503,
  service_unavailable: 503,
} as const;

export type ApiErrorCode = keyof typeof API_ERROR_STATUS;

export const apiErrorCodeSchema = z.enum(Object.keys(API_ERROR_STATUS) as [ApiErrorCode, ...ApiErrorCode[]]);

/** One zod issue as the API reports it: where, what, and zod's code. */
export const apiIssueSchema = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
  code: z.string(),
});
export type ApiIssue = z.infer<typeof apiIssueSchema>;

export const apiErrorSchema = z.object({
  code: apiErrorCodeSchema,
  message: z.string(),
  issues: z.array(apiIssueSchema).optional(),
});

/** The error body; fields next to `error` are route-specific (see the file comment). */
export const apiErrorBodySchema = z.object({ error: apiErrorSchema }).catchall(z.unknown());
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

/** Builds the error body: the one place that writes it. */
export function apiErrorBody(
  code: ApiErrorCode,
  message: string,
  issues?: readonly ApiIssue[],
  extra?: Record<string, unknown>,
): ApiErrorBody {
  return { error: { code, message, ...(issues ? { issues: [...issues] } : {}) }, ...extra };
}
