import { ANCHOR_TABLE, LEARNED_RULE_MASK } from "./detection-rules";
import { findCandidateLines } from "./find-candidate-lines";
import { continuationWindow, forEachFragmentWindow, forEachShortLineRun, windowView } from "./line-joins";
import { foldRegion } from "./normalize-text";
import { MIN_WORDS } from "./rules/learned-order-rule";
import { segmentRegion } from "./segment-text";
import type { SegmentView } from "./segment-view";
import { tokenizeFolded } from "./tokenize-segment";

const MAX_CHUNK = 4096;
const bounds: number[] = [];

/**
 * Calls `visit` for every segment the learned stage would score in `text` (the segments its gate
 * opens), with the folded view and the segment's range in the original text. The same pre-filter,
 * folding, segmentation and chunking as scanToolResultText, so the training script
 * (scripts/quarantine/train.ts) sees exactly what the scanner scores. O(n); never throws for a string.
 * `asTrained: true` reads the text as the committed model's training examples were read: split-line
 * windows of one line each way (continuationWindow's `followLines: false`), and bare block-level HTML
 * tags and log-line prefixes not read as line breaks (foldRegion's `lineStarts: false`). The threshold
 * is picked over the scanner's own reading (the default). Models retrained on the later readings were
 * measured and not kept (docs/quarantine.md): they traded false positives for recall.
 * `gated: false` visits every segment, whether or not a word of the gate opens it (`opened` tells
 * which): for text a page hides from its readers, where any order-shaped sentence is suspect
 * (scan-tool-result-text.ts hiddenTextRemovals). The model was trained on opened segments only, so the
 * others' scores are less sure.
 */
export function forEachLearnedSegment(
  text: string,
  visit: (view: SegmentView, start: number, end: number, opened: boolean) => void,
  asTrained = false,
  gated = true,
): void {
  const regions = gated ? findCandidateLines(text, ANCHOR_TABLE) : [0, text.length, 1];
  for (let regionIndex = 0; regionIndex < regions.length; regionIndex += 3) {
    const region = foldRegion(
      text,
      regions[regionIndex]!,
      regions[regionIndex + 1]!,
      ANCHOR_TABLE,
      !asTrained,
    );
    segmentRegion(region, ANCHOR_TABLE, regions[regionIndex + 2] === 1, bounds);
    const codes = region.codes;
    const found: [SegmentView, number, number, boolean][] = [];
    for (let segmentIndex = 0; segmentIndex < bounds.length; segmentIndex += 4) {
      const opened = (bounds[segmentIndex + 3]! & LEARNED_RULE_MASK) !== 0;
      if (gated && !opened) continue;
      const segmentStart = bounds[segmentIndex]!;
      const segmentEnd = bounds[segmentIndex + 1]!;
      let chunkStart = segmentStart;
      while (chunkStart < segmentEnd) {
        const chunkEnd = Math.min(segmentEnd, chunkStart + MAX_CHUNK);
        const segmentText = region.textOf(chunkStart, chunkEnd);
        const tokens = tokenizeFolded(segmentText, codes, chunkStart);
        if (tokens.length >= MIN_WORDS)
          found.push([
            {
              text: segmentText,
              tokens,
              opensLine: bounds[segmentIndex + 2] === 1 && chunkStart === segmentStart,
            },
            region.originalStart[chunkStart]!,
            region.originalEndOf(chunkEnd - 1),
            opened,
          ]);
        chunkStart = chunkEnd;
      }
    }
    // The region buffer is reused by the next foldRegion call; views own their strings and tokens.
    for (const [view, start, end, opened] of found) visit(view, start, end, opened);
    // The windows over sentences split across lines (line-joins.ts), as the scanner scores them.
    let lastStart = -1;
    let lastEnd = -1;
    for (const [, start, end, opened] of found) {
      const window = continuationWindow(text, start, end, !asTrained);
      if (window === undefined || (window[0] === lastStart && window[1] === lastEnd)) continue;
      [lastStart, lastEnd] = window;
      const view = windowView(text, window[0], window[1], !asTrained);
      if (view.tokens.length >= MIN_WORDS) visit(view, window[0], window[1], opened);
    }
  }
  if (asTrained) return;
  // The windows around lines too short to be scored alone (line-joins.ts fragmentLines), as the
  // scanner scores them (scan-tool-result-text.ts fragmentWindowRemovals).
  forEachFragmentWindow(text, (start, end) => {
    const view = windowView(text, start, end);
    if (view.tokens.length >= MIN_WORDS) visit(view, start, end, true);
  });
  // The windows over sentences cut by hand into short lines (line-joins.ts forEachShortLineRun), as the
  // scanner scores them (scan-tool-result-text.ts shortLineRunRemovals).
  forEachShortLineRun(text, (start, end) => {
    const view = windowView(text, start, end);
    if (view.tokens.length >= MIN_WORDS) visit(view, start, end, true);
  });
}
