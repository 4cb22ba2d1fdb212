/** Failures of the run services, each a DomainError with the API error code it maps to (lib/http/with-auth.ts). */
import { DomainError } from "@/lib/errors/domain-error";

/** A failure of the run services. */
export class RunServiceError extends DomainError {}

/** No run has that id, or the caller may not see it (404, so ids of other keys' runs do not leak). */
export class RunNotFoundError extends RunServiceError {
  constructor() {
    super("not_found", "No run with that id.");
  }
}

/** The run queue (pg-boss) could not take the run; the run row was not kept (503). */
export class RunQueueUnavailableError extends RunServiceError {
  constructor() {
    super("service_unavailable", "The run queue is not available; the run was not created. Try again.");
  }
}

/** A `cursor` that this server did not hand out (400). */
export class InvalidRunCursorError extends RunServiceError {
  constructor() {
    super("bad_request", "The cursor is not valid; start again without it.");
  }
}

/** "Run demo scenarios" while no live runtime serves the scripted demo model (409). */
export class NoDemoRuntimeError extends RunServiceError {
  constructor() {
    super(
      "conflict",
      "No running agent runtime serves the scripted demo model (a real model is configured with KEEL_MODEL, or no runtime is running). Start the task yourself instead.",
    );
  }
}
