/**
 * The declarative shape of one scaffolding registry entry.
 *
 * Markers are matched literally and case-sensitively, except that the fullwidth vertical bar `｜` (U+FF5C)
 * matches `|` and the lower one-eighth block `▁` (U+2581) matches `_`, so one entry covers DeepSeek's
 * fullwidth markers and their ASCII-degraded spellings. A marker may contain one `{name}` placeholder that
 * matches 1-64 characters of `[A-Za-z0-9_.:-]` (used by `<function={name}>`).
 */

/** A leaked string captured from (or documented for) a model family, and what must remain visible. */
export type ScaffoldingFixture = {
  /** The model family that emits this string, e.g. "Liquid AI LFM2". */
  readonly family: string;
  /** The raw text as it leaked into the answer. */
  readonly leaked: string;
  /** The visible text after stripping; defaults to "". */
  readonly visible?: string;
};

type PatternBase = {
  /** Stable id used in `perPattern` counts and logs, kebab-case. */
  readonly id: string;
  /** The model families this entry traces to. */
  readonly family: string;
  /** At least one fixture; the unit tests run every fixture through the filter at every split. */
  readonly fixtures: readonly ScaffoldingFixture[];
};

/**
 * `opener … closer`: the opener, everything after it and the first matching closer are stripped. Closers
 * in `keepClosers` end the span but stay in the stream (they are matched again as openers). With no closer
 * before the stream ends, everything after the opener is suppressed.
 */
export type ScaffoldingSpanPattern = PatternBase & {
  readonly kind: "span";
  readonly opener: string;
  readonly closers: readonly string[];
  readonly keepClosers?: readonly string[];
};

/** A standalone token, stripped on its own. */
export type ScaffoldingTokenPattern = PatternBase & {
  readonly kind: "token";
  readonly token: string;
};

/**
 * A token that introduces an unterminated call payload. The token is stripped; when it is followed (after at
 * most 16 whitespace characters) by a bracketed payload (`[`, `{`), the payload is stripped up to its
 * balancing bracket (string-aware). `"named-arguments"` also accepts Mistral's `NAME[ARGS]{…}` and
 * `NAME[CALL_ID]ID[ARGS]{…}`. A payload that never balances is suppressed to stream end.
 */
export type ScaffoldingLeadPattern = PatternBase & {
  readonly kind: "lead";
  readonly token: string;
  readonly payload: "bracketed" | "named-arguments";
};

/** One entry of the scaffolding registry. */
export type ScaffoldingPattern = ScaffoldingSpanPattern | ScaffoldingTokenPattern | ScaffoldingLeadPattern;

/** The marker that starts a match in plain text: the opener of a span, else the token. */
export function patternStartMarker(pattern: ScaffoldingPattern): string {
  return pattern.kind === "span" ? pattern.opener : pattern.token;
}
