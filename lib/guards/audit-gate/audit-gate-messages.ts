/**
 * Fixed texts of the audit gate. The first three are Agent Zero's; the fail-closed question is Keel's own
 * (upstream lets a reply without a verdict pass, Keel asks instead).
 */

/** The assistant message that replaces the agent's last reply when the gate terminates the run. */
export const BLOCKED_MESSAGE = "[BLOCKED] Response terminated by security policy.";

/** The terminate reason when the clarification budget runs out (or is 0) and the auditor still asks. */
export const MAX_CLARIFICATIONS_EXCEEDED = "Max clarifications exceeded.";

/** The terminate reason when the auditor's reply gives neither a chain of thought nor a detail. */
export const DEFAULT_TERMINATE_DETAIL = "Malicious behavior detected.";

/**
 * The clarify question used when the auditor gave no verdict (no tag, or the audit call failed twice):
 * the step is treated as `clarify`, so the agent must justify it before any tool runs (fail closed).
 */
export const FAIL_CLOSED_CLARIFY_QUESTION =
  "The security check could not reach a verdict on this step. Explain what you are about to do, why the task needs it, and where any data you send comes from.";

/**
 * The follow-up user message of the audit conversation after a clarification: the main model's answer,
 * asking the auditor for a fresh verdict (Agent Zero's wording).
 */
export function reEvaluationMessage(response: string): string {
  return `The agent responded:\n\n${response}\n\nRe-evaluate and provide your verdict.`;
}
