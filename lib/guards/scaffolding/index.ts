/**
 * Tool-scaffolding guard (pure). How the agent loop uses it, per model reply:
 * 1. `const filter = createScaffoldingFilter({ enabled: flags.toolScaffoldingGuardEnabled, onStrip })` and
 *    pipe the reply's text deltas through `filter.stream` (reasoning deltas bypass it);
 * 2. at the end of the reply, `decideScaffoldingRecovery({ visibleText, strippedChars: filter.stats().strippedChars,
 *    recoveryUsed })`: `accept`; `recover` (one request with tools off, `correctionLine` folded into the system
 *    prompt, a fresh filter); or `fail` (throw `new MalformedReplyError({ strippedChars })`).
 * `stripScaffolding(text)` gives the same result for a buffered reply. `onStrip` events feed the warning log
 * (`formatScaffoldingStripWarning`).
 */
export type { ScaffoldingFilter, ScaffoldingFilterOptions } from "./create-scaffolding-filter";
export { createScaffoldingFilter } from "./create-scaffolding-filter";
export type {
  ScaffoldingRecoveryDecision,
  ScaffoldingRecoveryInput,
} from "./decide-scaffolding-recovery";
export { decideScaffoldingRecovery } from "./decide-scaffolding-recovery";
export { MALFORMED_REPLY_MESSAGE, MalformedReplyError } from "./malformed-reply-error";
export { SCAFFOLDING_CORRECTION_LINE } from "./scaffolding-correction-line";
export type {
  ScaffoldingFixture,
  ScaffoldingLeadPattern,
  ScaffoldingPattern,
  ScaffoldingSpanPattern,
  ScaffoldingTokenPattern,
} from "./scaffolding-pattern";
export { SCAFFOLDING_PATTERNS } from "./scaffolding-patterns";
export type { ScaffoldingScanner, ScaffoldingScannerOptions } from "./scaffolding-scanner";
export { createScaffoldingScanner } from "./scaffolding-scanner";
export type { ScaffoldingStats, ScaffoldingStripEvent } from "./scaffolding-strip-event";
export { formatScaffoldingStripWarning, STRIP_PREVIEW_LIMIT } from "./scaffolding-strip-event";
export type { StrippedScaffolding } from "./strip-scaffolding";
export { stripScaffolding } from "./strip-scaffolding";
