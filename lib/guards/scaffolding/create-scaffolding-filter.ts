import type { ScaffoldingScannerOptions } from "./scaffolding-scanner";
import { createScaffoldingScanner } from "./scaffolding-scanner";
import type { ScaffoldingStats } from "./scaffolding-strip-event";

/** Options for `createScaffoldingFilter`. */
export type ScaffoldingFilterOptions = ScaffoldingScannerOptions & {
  /**
   * The runtime switch (`toolScaffoldingGuardEnabled`). When false the stream passes every delta through
   * unchanged and `stats()` stays at zero. Defaults to true (safety features default on).
   */
  readonly enabled?: boolean;
};

/** A scaffolding filter for one model reply: the stream plus its running statistics. */
export type ScaffoldingFilter = {
  /** Text deltas in, visible text deltas out. Empty output deltas are not enqueued. */
  readonly stream: TransformStream<string, string>;
  /** Statistics so far; final once the stream has flushed. */
  stats(): ScaffoldingStats;
};

const NO_STRIPS: ScaffoldingStats = Object.freeze({ strippedChars: 0, perPattern: Object.freeze({}) });

/**
 * Creates a streaming filter that strips leaked chat-template tool scaffolding from text deltas (see
 * `SCAFFOLDING_PATTERNS`). Use one filter per reply and feed it text deltas only; reasoning is never
 * filtered. A marker split across deltas at any offset is recognised: only a possible partial marker at the
 * tail is held back. On flush a held-back partial marker is released as-is, and a span or payload that was
 * never closed stays suppressed (an unclosed opener suppresses to stream end). Quoted markers are left
 * alone: right after a backtick or quote character, or inside a markdown fenced code block. Never throws on
 * input; the stream errors only if the upstream does.
 */
export function createScaffoldingFilter(options: ScaffoldingFilterOptions = {}): ScaffoldingFilter {
  if (options.enabled === false) {
    return { stream: new TransformStream<string, string>(), stats: () => NO_STRIPS };
  }
  const scanner = createScaffoldingScanner(options);
  const stream = new TransformStream<string, string>({
    transform(chunk, controller) {
      const visible = scanner.push(chunk);
      if (visible.length > 0) controller.enqueue(visible);
    },
    flush(controller) {
      const visible = scanner.finish();
      if (visible.length > 0) controller.enqueue(visible);
    },
  });
  return { stream, stats: () => scanner.stats() };
}
