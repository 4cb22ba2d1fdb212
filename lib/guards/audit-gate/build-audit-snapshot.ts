/** A tool call as the auditor sees it. */
export type AuditToolCall = {
  readonly name: string;
  /** The parsed arguments; rendered as indented JSON. */
  readonly args: unknown;
};

/** What the agent produced in this step, as far as it is known when the audit runs. */
export type AuditSnapshotInput = {
  readonly reasoning: string;
  readonly response: string;
  /** The call(s) about to run; absent for a thoughts-mode check started before the calls were known. */
  readonly tool?: AuditToolCall | readonly AuditToolCall[];
};

/**
 * The "Current Agent Output to Analyze" text (Agent Zero's snapshot). Sections joined by a blank line:
 * `## Agent Reasoning`, `## Agent Response` (each left out when blank), then one `## Tool About to Execute`
 * section per tool call with its name and its arguments as 2-space-indented JSON (non-ASCII kept as is).
 * Returns "" when there is nothing at all; never throws (unserialisable arguments fall back to `String`).
 */
export function buildAuditSnapshot(input: AuditSnapshotInput): string {
  const sections: string[] = [];
  if (input.reasoning.trim() !== "") sections.push(`## Agent Reasoning\n${input.reasoning}`);
  if (input.response.trim() !== "") sections.push(`## Agent Response\n${input.response}`);
  const calls = input.tool === undefined ? [] : isCallList(input.tool) ? input.tool : [input.tool];
  for (const call of calls) {
    sections.push(`## Tool About to Execute\nTool: ${call.name}\nArguments:\n${formatArguments(call.args)}`);
  }
  return sections.join("\n\n");
}

function isCallList(tool: AuditToolCall | readonly AuditToolCall[]): tool is readonly AuditToolCall[] {
  return Array.isArray(tool);
}

function formatArguments(args: unknown): string {
  try {
    return JSON.stringify(args === undefined ? {} : args, null, 2) ?? String(args);
  } catch {
    // Circular structures or BigInt values: still show the auditor something rather than skip the call.
    return String(args);
  }
}
