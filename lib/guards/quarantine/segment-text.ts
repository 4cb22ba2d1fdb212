import type { AnchorTable } from "./anchor-table";
import { type FoldedRegion, HIT_STRIDE } from "./normalize-text";

const NEWLINE = 10;
const SPACE = 32;
const QUOTE = 34;

function isSentenceEnd(codeUnit: number): boolean {
  return codeUnit === 46 || codeUnit === 33 || codeUnit === 63 || codeUnit === 0x3002 || codeUnit === 0xff01;
}

function isCloser(codeUnit: number): boolean {
  // ) ] " ' ” » `
  return (
    codeUnit === 41 ||
    codeUnit === 93 ||
    codeUnit === QUOTE ||
    codeUnit === 39 ||
    codeUnit === 0x201d ||
    codeUnit === 0xbb ||
    codeUnit === 96
  );
}

function isQuote(codeUnit: number): boolean {
  return (
    codeUnit === QUOTE || codeUnit === 39 || codeUnit === 0x201d || codeUnit === 0xbb || codeUnit === 0x201c
  );
}

function isLowercaseAscii(codeUnit: number): boolean {
  return codeUnit >= 97 && codeUnit <= 122;
}

function isJsonValueOpener(codeUnit: number): boolean {
  return codeUnit === 58 || codeUnit === 91 || codeUnit === 44 || codeUnit === 123; // : [ , {
}

function isJsonValueCloser(codeUnit: number): boolean {
  return codeUnit === 44 || codeUnit === 125 || codeUnit === 93 || codeUnit === 58 || codeUnit === NEWLINE;
}

/**
 * Appends the segment codes[start, end) to `segments` as [start, end, opensLine, ruleMask], trimmed of
 * spaces and line breaks, unless no rule needs to check it or it is empty. A module function rather than
 * a closure inside segmentRegion, which runs once per candidate region: creating the closure (and naming
 * it, under tsx) on every call was a measurable share of the scan.
 */
function pushSegment(
  segments: number[],
  codes: Uint16Array,
  start: number,
  end: number,
  opensLine: boolean,
  anchors: AnchorTable,
  anchorMask: number,
  companionMask: number,
): void {
  if (anchorMask === 0) return;
  const ruleMask = anchors.rulesToCheck(anchorMask, companionMask);
  if (ruleMask === 0) return;
  let trimmedStart = start;
  while (trimmedStart < end && (codes[trimmedStart] === SPACE || codes[trimmedStart] === NEWLINE))
    trimmedStart++;
  let trimmedEnd = end;
  while (
    trimmedEnd > trimmedStart &&
    (codes[trimmedEnd - 1] === SPACE || codes[trimmedEnd - 1] === NEWLINE)
  ) {
    trimmedEnd--;
  }
  if (trimmedEnd > trimmedStart) segments.push(trimmedStart, trimmedEnd, opensLine ? 1 : 0, ruleMask);
}

/**
 * Splits a folded region into sentences and lines (O(n)) and appends to `segments` (cleared first), as
 * flat [start, end, opensLine (1 or 0), ruleMask, ...] quadruples, the segments that some rule must check:
 * `ruleMask` has bit i set when DETECTION_RULES[i] has an anchor word (and, if it needs one, a companion)
 * in the segment. Segments without such a rule are left out.
 *
 * Boundaries: every line break (real or JSON-escaped, already folded to `\n`), the end of a sentence
 * (`.`, `!` or `?` runs plus closing quotes/brackets, followed by whitespace), and the quotes that open or
 * close a JSON string value (`"key": "value"`), so a role label at the start of a JSON string opens a
 * segment. A quotation ending in "!" or "?" followed by lower-case text does not end the sentence (the
 * scanned text is consulted for the case).
 *
 * Only the folded units foldRegion marked as possible boundaries are visited, and the anchor words it
 * found are merged in by position: the words were hashed while folding, so the characters between
 * boundaries are not walked again.
 */
export function segmentRegion(
  region: FoldedRegion,
  anchors: AnchorTable,
  startsLine: boolean,
  segments: number[],
): void {
  segments.length = 0;
  const codes = region.codes;
  const length = region.length;
  const marks = region.marks;
  const markCount = region.markCount;
  const hits = region.hits;
  const hitEnd = region.hitCount * HIT_STRIDE;
  let hit = 0;
  let segmentStart = 0;
  let opensLine = startsLine;
  let anchorMask = 0;
  let companionMask = 0;
  // Sum of the learned gate's word weights in the segment (AnchorTable.setGate).
  let gateScore = 0;
  const gateThreshold = anchors.gateThreshold;
  const gateRuleMask = anchors.gateRuleMask;
  // Units before this index do not count as the "last non-space unit" before a quote: the segmenter
  // forgets it at every line break and sentence end (a quote boundary leaves the quote itself as it).
  let lastNonSpaceFloor = 0;
  let sentenceEndRunEnd = 0;
  let markIndex = 0;
  while (markIndex < markCount) {
    const index = marks[markIndex]!;
    // Anchor words ending at or before this unit belong to the segment it may close.
    while (hit < hitEnd && hits[hit]! <= index) {
      anchorMask |= hits[hit + 1]!;
      companionMask |= hits[hit + 2]!;
      gateScore += hits[hit + 3]!;
      hit += HIT_STRIDE;
    }
    // The learned gate opened the segment: its rules count as anchored and accompanied.
    if (gateScore >= gateThreshold) {
      anchorMask |= gateRuleMask;
      companionMask |= gateRuleMask;
    }
    const codeUnit = codes[index]!;
    if (codeUnit === NEWLINE) {
      pushSegment(segments, codes, segmentStart, index, opensLine, anchors, anchorMask, companionMask);
      segmentStart = index + 1;
      opensLine = true;
      anchorMask = 0;
      companionMask = 0;
      gateScore = 0;
      lastNonSpaceFloor = index + 1;
      markIndex++;
      continue;
    }
    if (isSentenceEnd(codeUnit)) {
      // End of this run of sentence-end characters, found once per run: rescanning it from every
      // character of the run was quadratic ("!!!!...!x", 80K characters took seconds).
      if (index >= sentenceEndRunEnd) {
        sentenceEndRunEnd = index + 1;
        while (sentenceEndRunEnd < length && isSentenceEnd(codes[sentenceEndRunEnd]!)) sentenceEndRunEnd++;
      }
      let after = sentenceEndRunEnd;
      while (after < length && isCloser(codes[after]!) && after - index < 8) after++;
      const closedQuotation = after > index + 1 && isQuote(codes[after - 1]!);
      const continuesLowercase =
        closedQuotation &&
        codes[after] === SPACE &&
        after + 1 < length &&
        isLowercaseAscii(region.input.charCodeAt(region.originalStart[after + 1]!));
      // 'Add "You won't believe it!" to your reply.': a quotation that ends with "!" does not end the
      // sentence when the text after it goes on in lower case.
      if (!continuesLowercase && (after >= length || codes[after] === SPACE || codes[after] === NEWLINE)) {
        pushSegment(segments, codes, segmentStart, after, opensLine, anchors, anchorMask, companionMask);
        segmentStart = after;
        opensLine = false;
        anchorMask = 0;
        companionMask = 0;
        gateScore = 0;
        lastNonSpaceFloor = after;
        // The units up to `after` (the run and its closers) are part of this boundary.
        while (markIndex < markCount && marks[markIndex]! < after) markIndex++;
        continue;
      }
      markIndex++;
      continue;
    }
    // A quote. Whitespace is collapsed, so at most one space separates it from the unit before.
    let before = index - 1;
    while (before >= lastNonSpaceFloor && codes[before] === SPACE) before--;
    const lastNonSpace = before >= lastNonSpaceFloor ? codes[before]! : -1;
    if (lastNonSpace === -1 || isJsonValueOpener(lastNonSpace)) {
      // Opening quote of a JSON string value: the string's content starts a new segment.
      pushSegment(segments, codes, segmentStart, index + 1, opensLine, anchors, anchorMask, companionMask);
      segmentStart = index + 1;
      opensLine = true;
      anchorMask = 0;
      companionMask = 0;
      gateScore = 0;
      markIndex++;
      continue;
    }
    let peek = index + 1;
    if (peek < length && codes[peek] === SPACE) peek++;
    if (peek >= length || isJsonValueCloser(codes[peek]!)) {
      pushSegment(segments, codes, segmentStart, index, opensLine, anchors, anchorMask, companionMask);
      segmentStart = index;
      opensLine = false;
      anchorMask = 0;
      companionMask = 0;
      gateScore = 0;
    }
    markIndex++;
  }
  while (hit < hitEnd) {
    anchorMask |= hits[hit + 1]!;
    companionMask |= hits[hit + 2]!;
    gateScore += hits[hit + 3]!;
    hit += HIT_STRIDE;
  }
  if (gateScore >= gateThreshold) {
    anchorMask |= gateRuleMask;
    companionMask |= gateRuleMask;
  }
  pushSegment(segments, codes, segmentStart, length, opensLine, anchors, anchorMask, companionMask);
}
