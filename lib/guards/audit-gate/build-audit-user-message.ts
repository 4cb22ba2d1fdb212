/**
 * The first user message of an audit conversation (Agent Zero's layout): the rendered history as
 * background, then the snapshot the auditor judges.
 */
export function buildAuditUserMessage(history: string, snapshot: string): string {
  return `## Recent Conversation History\n${history}\n\n## Current Agent Output to Analyze\n${snapshot}`;
}
