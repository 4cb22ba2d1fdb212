import { WORD_CHARACTER } from "./character-fold-table";

/** One word of a folded segment, with the punctuation that separates it from the previous word. */
export interface SegmentToken {
  /** The folded word; `-` and `'` between word characters stay inside ("e-mail", "user's", "l'utente"). */
  readonly word: string;
  /** Start index inside the segment text. */
  readonly start: number;
  /** End index inside the segment text (exclusive). */
  readonly end: number;
  /** Non-space characters between the previous word (or the segment start) and this word. */
  readonly gapBefore: string;
  /** Non-space characters between this word and the next word (or the segment end). */
  gapAfter: string;
}

const SPACE = 32;
const NEWLINE = 10;

function isJoiner(codeUnit: number): boolean {
  return codeUnit === 45 || codeUnit === 39; // - '
}

/** Splits a folded segment into words in O(n). Never throws. */
export function tokenizeSegment(segment: string): SegmentToken[] {
  const tokens: SegmentToken[] = [];
  const length = segment.length;
  const word = WORD_CHARACTER;
  let index = 0;
  let gapStart = 0;
  let gapHasPunctuation = false;
  while (index < length) {
    const codeUnit = segment.charCodeAt(index);
    if (word[codeUnit] !== 1) {
      if (codeUnit !== SPACE && codeUnit !== NEWLINE) gapHasPunctuation = true;
      index++;
      continue;
    }
    const start = index;
    index++;
    while (index < length) {
      const next = segment.charCodeAt(index);
      if (word[next] === 1) {
        index++;
        continue;
      }
      if (isJoiner(next) && index + 1 < length && word[segment.charCodeAt(index + 1)] === 1) {
        index += 2;
        continue;
      }
      break;
    }
    const gap = gapHasPunctuation ? punctuationOf(segment, gapStart, start) : "";
    const previous = tokens[tokens.length - 1];
    if (previous !== undefined) previous.gapAfter = gap;
    tokens.push({ word: segment.slice(start, index), start, end: index, gapBefore: gap, gapAfter: "" });
    gapStart = index;
    gapHasPunctuation = false;
  }
  const last = tokens[tokens.length - 1];
  if (last !== undefined) last.gapAfter = gapHasPunctuation ? punctuationOf(segment, gapStart, length) : "";
  return tokens;
}

/** The non-space characters of segment[from, to), at most 16 of them. */
function punctuationOf(segment: string, from: number, to: number): string {
  let gap = "";
  for (let index = from; index < to && gap.length < 16; index++) {
    const codeUnit = segment.charCodeAt(index);
    if (codeUnit !== SPACE && codeUnit !== NEWLINE) gap += segment[index];
  }
  return gap;
}
