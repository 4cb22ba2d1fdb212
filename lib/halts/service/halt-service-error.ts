/**
 * Failures of the halt services, one class per failure, each a DomainError carrying the API error code
 * it maps to (`mapDomainError` in lib/http/with-auth.ts turns it into the one error shape).
 */
import { DomainError } from "@/lib/errors/domain-error";
import type { ApiErrorCode } from "@/lib/schemas/api-error";

/** Base class: a refused halt operation with its HTTP meaning and optional extra response fields. */
export class HaltServiceError extends DomainError {
  constructor(code: ApiErrorCode, message: string, extra?: Record<string, unknown>) {
    super(code, message, extra ? { extra } : {});
  }
}

/** No session has that token or id (404). */
export class SessionNotFoundError extends HaltServiceError {
  constructor() {
    super("not_found", "No agent session with that token or id; open one with POST /api/sessions.");
  }
}

/** The session belongs to another agent key (403). */
export class SessionForbiddenError extends HaltServiceError {
  constructor() {
    super("forbidden", "This agent session belongs to another agent key.");
  }
}

/** No halt event has that id, or it is not in the named session (404). */
export class HaltNotFoundError extends HaltServiceError {
  constructor(message = "No halt event with that id.") {
    super("not_found", message);
  }
}

/** The halt event belongs to a session of another agent key (403). */
export class HaltForbiddenError extends HaltServiceError {
  constructor() {
    super("forbidden", "This halt event belongs to a session of another agent key.");
  }
}

/** The halt was acknowledged already (409); carries who acknowledged it and when. */
export class HaltAlreadyAcknowledgedError extends HaltServiceError {
  constructor(
    readonly acknowledgement: {
      halt_id: string;
      acknowledged_by: string | null;
      acknowledged_at: string | null;
      resolution: string | null;
    },
  ) {
    super(
      "conflict",
      `This halt was already acknowledged${acknowledgement.acknowledged_by ? ` by ${acknowledgement.acknowledged_by}` : ""}${acknowledgement.acknowledged_at ? ` at ${acknowledgement.acknowledged_at}` : ""}.`,
      { acknowledgement },
    );
  }
}

/** The request is well-formed but not acceptable for this halt (400), e.g. a critical dismissal. */
export class HaltRequestRejectedError extends HaltServiceError {
  constructor(message: string) {
    super("bad_request", message);
  }
}
