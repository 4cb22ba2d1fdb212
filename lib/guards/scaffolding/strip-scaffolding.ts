import type { ScaffoldingFilterOptions } from "./create-scaffolding-filter";
import { createScaffoldingScanner } from "./scaffolding-scanner";
import type { ScaffoldingStats } from "./scaffolding-strip-event";

/** The outcome of stripping a buffered reply. */
export type StrippedScaffolding = ScaffoldingStats & {
  /** The visible text. */
  readonly text: string;
};

/**
 * Strips tool scaffolding from a complete (non-streamed) reply with exactly the streaming filter's
 * semantics: the result equals the concatenated output of `createScaffoldingFilter` for any chunking.
 * With `enabled: false` the text is returned unchanged.
 */
export function stripScaffolding(text: string, options: ScaffoldingFilterOptions = {}): StrippedScaffolding {
  if (options.enabled === false) return { text, strippedChars: 0, perPattern: {} };
  const scanner = createScaffoldingScanner(options);
  const visible = scanner.push(text) + scanner.finish();
  return { text: visible, ...scanner.stats() };
}
