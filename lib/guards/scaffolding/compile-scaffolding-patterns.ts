import { MarkerTrie } from "./marker-trie";
import type { ScaffoldingPattern, ScaffoldingSpanPattern } from "./scaffolding-pattern";
import { patternStartMarker } from "./scaffolding-pattern";

/** A span closer as compiled: whether the closer itself is stripped or left in the stream. */
export type CompiledCloser = { readonly consume: boolean };

/** A registry compiled for scanning: one trie of start markers, one closer trie per span pattern. */
export type CompiledScaffoldingPatterns = {
  readonly starts: MarkerTrie<ScaffoldingPattern>;
  readonly closers: ReadonlyMap<ScaffoldingSpanPattern, MarkerTrie<CompiledCloser>>;
};

const CONSUMED: CompiledCloser = { consume: true };
const KEPT: CompiledCloser = { consume: false };
const compiledCache = new WeakMap<readonly ScaffoldingPattern[], CompiledScaffoldingPatterns>();

/**
 * Compiles a registry (memoised per array). Throws on duplicate start markers, duplicate closers within a
 * span, and a span without any closer.
 */
export function compileScaffoldingPatterns(
  patterns: readonly ScaffoldingPattern[],
): CompiledScaffoldingPatterns {
  const cached = compiledCache.get(patterns);
  if (cached !== undefined) return cached;
  const starts = new MarkerTrie(patterns.map((pattern) => [patternStartMarker(pattern), pattern] as const));
  const closers = new Map<ScaffoldingSpanPattern, MarkerTrie<CompiledCloser>>();
  for (const pattern of patterns) {
    if (pattern.kind !== "span") continue;
    const entries = [
      ...pattern.closers.map((closer) => [closer, CONSUMED] as const),
      ...(pattern.keepClosers ?? []).map((closer) => [closer, KEPT] as const),
    ];
    if (entries.length === 0) throw new Error(`Scaffolding span ${pattern.id} has no closer`);
    closers.set(pattern, new MarkerTrie(entries));
  }
  const compiled = { starts, closers };
  compiledCache.set(patterns, compiled);
  return compiled;
}
