import type { SegmentView } from "./segment-view";

/**
 * One detection rule. `anchors` lists words of which at least one must occur in a segment for the rule
 * to be able to match; the scanner uses the union of all anchors as a cheap pre-filter, so a rule that
 * forgets an anchor silently never runs on segments without one.
 */
export interface InstructionRule {
  /** Stable identifier, used in tests and in the preview of a removed segment. */
  readonly name: string;
  /** Folded words, one of which every match contains. */
  readonly anchors: readonly string[];
  /**
   * Optional second word class: when given, every match also contains one of these words, and segments
   * without one are skipped. Sharpens the pre-filter for rules whose anchors are common words.
   */
  readonly companions?: readonly string[];
  /**
   * True when the rule only ever matches with an anchor as the first word of a segment (a line, a
   * sentence, a JSON string), so the pre-filter can ignore the anchor anywhere else.
   */
  readonly anchorOpensSegment?: boolean;
  /**
   * True when the rule only ever matches with an opening bracket or template delimiter (`[`, `(`, `<`,
   * `|`, `#`) in the punctuation right before its anchor ("[INST]", "<|im_start|>", "[system](#..."),
   * so the pre-filter can ignore the anchor in running prose ("the system", "an assistant").
   */
  readonly anchorAfterBracket?: boolean;
  /** True when the segment is instruction-shaped content aimed at the agent. Must run in O(words). */
  readonly matches: (view: SegmentView) => boolean;
  /**
   * Optional cheap test on the folded segment text, run before the segment is split into words; false
   * means `matches` cannot be true. Must run in O(1) or O(length) without backtracking.
   */
  readonly precheck?: (segmentText: string) => boolean;
}
