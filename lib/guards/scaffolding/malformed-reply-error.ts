/** The user-facing message of a terminal malformed reply (fixed copy). */
export const MALFORMED_REPLY_MESSAGE = "The model returned a malformed reply — please try again.";

/**
 * Raised by the agent loop (never from inside a stream) when the one scaffolding recovery also came back
 * empty. Carries how many characters the last reply lost to stripping.
 */
export class MalformedReplyError extends Error {
  override readonly name = "MalformedReplyError";
  /** Characters stripped from the reply that ended the run. */
  readonly strippedChars: number;

  constructor(details: { strippedChars?: number; cause?: unknown } = {}) {
    super(MALFORMED_REPLY_MESSAGE, details.cause === undefined ? undefined : { cause: details.cause });
    this.strippedChars = details.strippedChars ?? 0;
  }
}
