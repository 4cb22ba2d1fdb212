/**
 * The one base of the errors lib/ services throw on purpose (a missing user, a stale settings version, a
 * halt already acknowledged, ...). Each carries the API error code it stands for, so the route guard
 * (`mapDomainError` in lib/http/with-auth.ts) maps every one of them the same way and no route maps
 * errors itself. Pure: no I/O, usable from any layer.
 */
import type { ApiErrorCode } from "@/lib/schemas/api-error";

export interface DomainErrorDetails {
  /** Fields next to `error` in the response body (e.g. `current`, `retryAfterSeconds`). */
  extra?: Record<string, unknown>;
  /** Response headers (e.g. `Retry-After`). */
  headers?: Record<string, string>;
}

export class DomainError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly details: DomainErrorDetails = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}
