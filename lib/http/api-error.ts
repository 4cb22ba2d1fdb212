/**
 * One error type for every API failure, mapped to one JSON shape:
 * `{ "error": { "code", "message", "issues"? } }` with the matching HTTP status.
 */
import type { z } from "zod";

export type ApiErrorCode =
  | "bad_request"
  | "invalid_json"
  | "validation_failed"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "payload_too_large"
  | "unsupported_media_type"
  | "precondition_failed"
  | "too_many_requests"
  | "database_unavailable"
  | "service_unavailable"
  | "internal";

const STATUS: Record<ApiErrorCode, number> = {
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
};

export interface ApiIssue {
  path: (string | number)[];
  message: string;
  code: string;
}

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly details: {
      issues?: ApiIssue[];
      extra?: Record<string, unknown>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = STATUS[code];
  }

  /** A 400 carrying zod's issues (path, message, code) so clients can point at the bad field. */
  static fromZod(error: z.ZodError, message = "The request is not valid."): ApiError {
    return new ApiError("validation_failed", message, {
      issues: error.issues.map((issue) => ({
        path: issue.path.map((segment) => (typeof segment === "symbol" ? String(segment) : segment)),
        message: issue.message,
        code: issue.code,
      })),
    });
  }

  toResponse(): Response {
    return Response.json(
      {
        error: {
          code: this.code,
          message: this.message,
          ...(this.details.issues ? { issues: this.details.issues } : {}),
        },
        ...this.details.extra,
      },
      { status: this.status, headers: this.details.headers },
    );
  }
}
