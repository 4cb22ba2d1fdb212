/**
 * The text that replaces each quarantined sentence or line in a tool result.
 * Consumers (event log, scorer) count markers by exact string match, so never change it casually.
 */
export const QUARANTINE_MARKER = "[instruction-shaped content removed]";
