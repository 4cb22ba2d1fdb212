import { type AnchorTable, WORD_HASH_SEED } from "./anchor-table";
import { WORD_CHARACTER } from "./character-fold-table";
import type { NormalizedText } from "./normalize-text";

// Local bindings for the hot loop (see find-candidate-lines.ts).
const WORD = WORD_CHARACTER;
const SEED = WORD_HASH_SEED;

/** A sentence or line of the folded text, trimmed of surrounding whitespace. */
export interface TextSegment {
  /** Start index in the folded text (inclusive). */
  readonly start: number;
  /** End index in the folded text (exclusive). */
  readonly end: number;
  /** True when the segment opens a line or a JSON string value (role labels only count there). */
  readonly opensLine: boolean;
  /** Bitmask of the rules with an anchor word in this segment; 0 means no rule needs to look at it. */
  readonly ruleMask: number;
}

const NEWLINE = 10;
const SPACE = 32;
const QUOTE = 34;

function isSentenceEnd(codeUnit: number): boolean {
  return codeUnit === 46 || codeUnit === 33 || codeUnit === 63 || codeUnit === 0x3002 || codeUnit === 0xff01;
}

/** `[ ( < | #`: the folded forms the pre-filter's CLASS_BRACKET stands for. */
function isBracket(codeUnit: number): boolean {
  return codeUnit === 91 || codeUnit === 40 || codeUnit === 60 || codeUnit === 124 || codeUnit === 35;
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
 * Appends the segment codes[start, end) trimmed of spaces and line breaks, unless it is empty. A module
 * function rather than a closure inside segmentText, which runs once per candidate region: creating the
 * closure (and naming it, under tsx) on every call was a measurable share of the scan.
 */
function pushSegment(
  segments: TextSegment[],
  codes: Uint16Array,
  start: number,
  end: number,
  opensLine: boolean,
  ruleMask: number,
): void {
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
  if (trimmedEnd > trimmedStart) segments.push({ start: trimmedStart, end: trimmedEnd, opensLine, ruleMask });
}

/**
 * Splits folded text into sentences and lines in one pass (O(n)).
 *
 * Boundaries: every line break (real or JSON-escaped, already folded to `\n`), the end of a sentence
 * (`.`, `!` or `?` runs plus closing quotes/brackets, followed by whitespace), and the quotes that open or
 * close a JSON string value (`"key": "value"`), so a role label at the start of a JSON string opens a
 * segment. A quotation ending in "!" or "?" followed by lower-case text does not end the sentence
 * (`original`, the unfolded text, is consulted for the case). While splitting, every word is hashed
 * and looked up in `anchors`; each segment records which
 * rules have an anchor word in it, and only those rules run on it.
 */
export function segmentText(
  normalized: NormalizedText,
  anchors: AnchorTable,
  startsLine = true,
  original?: string,
): TextSegment[] {
  const codes = normalized.codes;
  const length = codes.length;
  const segments: TextSegment[] = [];
  let segmentStart = 0;
  let opensLine = startsLine;
  let anchorMask = 0;
  let companionMask = 0;
  let hash = SEED;
  let inWord = false;
  let lastNonSpace = -1;
  // True when an opening bracket or template delimiter (`[ ( < | #`) came since the last word ended. A
  // rule with `anchorAfterBracket` only matches a word whose gap before it holds one (see
  // InstructionRule.anchorAfterBracket), so an anchor hit without one does not select it (as in the
  // pre-filter). The flag is not reset at segment boundaries, which can only keep a rule, never drop one.
  let afterBracket = false;
  const bracketOnly = ~anchors.rulesAnchoredAfterBracket;

  let index = 0;
  while (index < length) {
    const codeUnit = codes[index]!;
    if (WORD[codeUnit] === 1) {
      hash = ((hash << 7) | (hash >>> 25)) ^ codeUnit;
      inWord = true;
      lastNonSpace = codeUnit;
      index++;
      continue;
    }
    if (inWord) {
      const slot = anchors.find(hash);
      if (slot >= 0) {
        const mask = anchors.anchorMaskAt(slot);
        anchorMask |= afterBracket ? mask : mask & bracketOnly;
        companionMask |= anchors.companionMaskAt(slot);
      }
      hash = SEED;
      inWord = false;
      afterBracket = false;
    }
    if (isBracket(codeUnit)) afterBracket = true;
    if (codeUnit === NEWLINE) {
      pushSegment(
        segments,
        codes,
        segmentStart,
        index,
        opensLine,
        anchorMask === 0 ? 0 : anchors.rulesToCheck(anchorMask, companionMask),
      );
      segmentStart = index + 1;
      opensLine = true;
      anchorMask = 0;
      companionMask = 0;
      lastNonSpace = -1;
      index++;
      continue;
    }
    if (isSentenceEnd(codeUnit)) {
      let after = index + 1;
      while (after < length && isSentenceEnd(codes[after]!)) after++;
      while (after < length && isCloser(codes[after]!) && after - index < 8) after++;
      const closedQuotation = after > index + 1 && isQuote(codes[after - 1]!);
      const continuesLowercase =
        closedQuotation &&
        codes[after] === SPACE &&
        after + 1 < length &&
        original !== undefined &&
        isLowercaseAscii(original.charCodeAt(normalized.originalStart[after + 1]!));
      // 'Add "You won't believe it!" to your reply.': a quotation that ends with "!" does not end the
      // sentence when the text after it goes on in lower case.
      if (!continuesLowercase && (after >= length || codes[after] === SPACE || codes[after] === NEWLINE)) {
        pushSegment(
          segments,
          codes,
          segmentStart,
          after,
          opensLine,
          anchorMask === 0 ? 0 : anchors.rulesToCheck(anchorMask, companionMask),
        );
        segmentStart = after;
        opensLine = false;
        anchorMask = 0;
        companionMask = 0;
        lastNonSpace = -1;
        index = after;
        continue;
      }
      lastNonSpace = codeUnit;
      index++;
      continue;
    }
    if (codeUnit === QUOTE) {
      if (lastNonSpace === -1 || isJsonValueOpener(lastNonSpace)) {
        // Opening quote of a JSON string value: the string's content starts a new segment.
        pushSegment(
          segments,
          codes,
          segmentStart,
          index + 1,
          opensLine,
          anchorMask === 0 ? 0 : anchors.rulesToCheck(anchorMask, companionMask),
        );
        segmentStart = index + 1;
        opensLine = true;
        anchorMask = 0;
        companionMask = 0;
        lastNonSpace = QUOTE;
        index++;
        continue;
      }
      let peek = index + 1;
      if (peek < length && codes[peek] === SPACE) peek++;
      if (peek >= length || isJsonValueCloser(codes[peek]!)) {
        pushSegment(
          segments,
          codes,
          segmentStart,
          index,
          opensLine,
          anchorMask === 0 ? 0 : anchors.rulesToCheck(anchorMask, companionMask),
        );
        segmentStart = index;
        opensLine = false;
        anchorMask = 0;
        companionMask = 0;
        lastNonSpace = QUOTE;
        index++;
        continue;
      }
    }
    if (codeUnit !== SPACE) lastNonSpace = codeUnit;
    index++;
  }
  if (inWord) {
    const slot = anchors.find(hash);
    if (slot >= 0) {
      const mask = anchors.anchorMaskAt(slot);
      anchorMask |= afterBracket ? mask : mask & bracketOnly;
      companionMask |= anchors.companionMaskAt(slot);
    }
  }
  pushSegment(
    segments,
    codes,
    segmentStart,
    length,
    opensLine,
    anchorMask === 0 ? 0 : anchors.rulesToCheck(anchorMask, companionMask),
  );
  segmentStart = length;
  opensLine = false;
  anchorMask = 0;
  companionMask = 0;
  return segments;
}
