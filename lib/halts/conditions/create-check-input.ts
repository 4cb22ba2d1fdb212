/**
 * Tiny builder for `guardrail_check_halt_conditions` inputs, used by tests and examples:
 * `createCheckInput({ commands: ["ls"] })` fills a session token and an operation.
 */
import type { CheckHaltConditionsInput, HaltCheckCurrentContext, ProposedChanges } from "@/lib/schemas/halts";

/** Builds a check input from partial current-context fields and optional proposed changes. */
export function createCheckInput(
  currentContext: Partial<HaltCheckCurrentContext> = {},
  proposedChanges?: ProposedChanges,
): CheckHaltConditionsInput {
  const input: CheckHaltConditionsInput = {
    session_token: "sess_test",
    current_context: { operation: "inspect the repository", ...currentContext },
  };
  if (proposedChanges !== undefined) input.proposed_changes = proposedChanges;
  return input;
}
