/** Most characters of a stripped span carried into a strip event and its warning line. */
export const STRIP_PREVIEW_LIMIT = 200;

/**
 * One completed strip, reported through the injected `onStrip` callback (the warning log). `span` holds the
 * first 200 characters of the stripped text; this is how a new leak format is captured for the registry.
 */
export type ScaffoldingStripEvent = {
  readonly patternId: string;
  readonly family: string;
  /** The stripped text, at most `STRIP_PREVIEW_LIMIT` characters. */
  readonly span: string;
  /** True when the stripped text was longer than `span`. */
  readonly truncated: boolean;
  /** Characters removed by this strip (UTF-16 code units). */
  readonly strippedChars: number;
  /** True when the stream ended inside the span or payload (everything after the opener was suppressed). */
  readonly unclosed: boolean;
};

/** The strip statistics of one filter or one buffered strip. */
export type ScaffoldingStats = {
  /** Total characters removed (UTF-16 code units). */
  readonly strippedChars: number;
  /** Number of strips per pattern id; patterns that never matched are absent. */
  readonly perPattern: Readonly<Record<string, number>>;
};

/** Formats a strip event as a single warning line (the span JSON-quoted, so it stays on one line). */
export function formatScaffoldingStripWarning(event: ScaffoldingStripEvent): string {
  const span = JSON.stringify(event.span) + (event.truncated ? "…" : "");
  return `Stripped tool scaffolding pattern=${event.patternId} chars=${event.strippedChars} unclosed=${event.unclosed} family=${JSON.stringify(event.family)} span=${span}`;
}
