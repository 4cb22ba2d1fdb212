/**
 * One error type for every API failure, mapped to one JSON shape (the contract in
 * lib/schemas/api-error.ts) with the matching HTTP status.
 */
import type { z } from "zod";
import { API_ERROR_STATUS, type ApiErrorCode, type ApiIssue, apiErrorBody } from "@/lib/schemas/api-error";

export type { ApiErrorCode, ApiIssue };

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
    this.status = API_ERROR_STATUS[code];
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
    return Response.json(apiErrorBody(this.code, this.message, this.details.issues, this.details.extra), {
      status: this.status,
      headers: this.details.headers,
    });
  }
}
