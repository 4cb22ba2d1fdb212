import { WORD_CHARACTER } from "./character-fold-table";
import {
  emptyMembership,
  findVocabularyEntry,
  membershipOf,
  TOKEN_HASH_SEED,
  vocabularyTable,
} from "./word-set";

/** One word of a folded segment, with the punctuation that separates it from the previous word. */
export interface SegmentToken {
  /** The folded word; `-` and `'` between word characters stay inside ("e-mail", "user's", "l'utente"). */
  readonly word: string;
  /** Non-space characters between the previous word (or the segment start) and this word. */
  readonly gapBefore: string;
  /** Non-space characters between this word and the next word (or the segment end). */
  gapAfter: string;
  /**
   * Membership of `word` in every WordSet (word-set.ts), looked up once here so that every rule's
   * word-class question is one typed-array read (`set.hasToken(token)`). Shared, read-only.
   */
  readonly classes: Uint8Array;
  /** Hash of the word's code units (word-set.ts tokenHashOf), for direct-mapped per-word caches. */
  readonly hash: number;
  /** True when the word contains a joiner (`-` or `'`): only such words can change under elision rules. */
  readonly hasJoiner: boolean;
  /** True when `gapBefore` contains clause-opening punctuation (see opensClause in segment-view.ts). */
  readonly gapOpensClause: boolean;
}

const SPACE = 32;
const NEWLINE = 10;

/**
 * Punctuation that opens a clause: sentence ends, colon/semicolon, opening quotes and brackets, bullets.
 * A 64K-entry byte table indexed by code unit, so the tokenizer tests each gap character with one read.
 */
export const CLAUSE_OPENER_CODES: Uint8Array = (() => {
  const table = new Uint8Array(65536);
  for (const character of ".!?;:\"'`\u201c\u201d\u201e\u00ab\u00bb([{<>*#|\u2022\u2023\u25aa\u25cf-\u2192=")
    table[character.charCodeAt(0)] = 1;
  return table;
})();

function isJoiner(codeUnit: number): boolean {
  return codeUnit === 45 || codeUnit === 39; // - '
}

/** Scratch copy of a segment's code units for tokenizeSegment(string); grown on demand, never shrunk. */
let scratchCodes = new Uint16Array(256);

/** Splits a folded segment string into words in O(n). Never throws. (See tokenizeFolded.) */
export function tokenizeSegment(segment: string): SegmentToken[] {
  const length = segment.length;
  if (scratchCodes.length < length) scratchCodes = new Uint16Array(Math.max(length, scratchCodes.length * 2));
  for (let index = 0; index < length; index++) scratchCodes[index] = segment.charCodeAt(index);
  return tokenizeFolded(segment, scratchCodes, 0);
}

/**
 * Splits a folded segment into words in O(n). Never throws. `segment` is the segment's text and
 * `codes[offset, offset + segment.length)` the same text as code units: the scanner passes the
 * normalizer's Uint16Array, so the character loop reads a typed array (one monomorphic load) instead of
 * calling charCodeAt on a sliced string.
 *
 * Per word: one pass over its characters that also computes the vocabulary hash (word-set.ts), one
 * probe of the vocabulary table, and one token object. A word found in the vocabulary reuses the
 * vocabulary's string and membership array (no slice, no Map lookup); any other word is sliced and
 * shares the all-zero membership. Only words with an apostrophe ("user's", "l'utente") take the
 * membershipOf path, which handles the lexicon's possessive and elision fallbacks.
 */
export function tokenizeFolded(segment: string, codes: Uint16Array, offset: number): SegmentToken[] {
  const tokens: SegmentToken[] = [];
  const end = offset + segment.length;
  const word = WORD_CHARACTER;
  const table = vocabularyTable();
  const none = emptyMembership();
  const clauseOpeners = CLAUSE_OPENER_CODES;
  let index = offset;
  let gapStart = offset;
  // The gap's non-space units seen so far, the first of them, and whether one of its first
  // MAX_GAP_LENGTH (the ones gapBefore keeps) opens a clause: gathered on the one pass over the gap, so
  // the usual one-character gap needs no second scan.
  let gapPunctuation = 0;
  let gapFirst = 0;
  let gapOpensClause = false;
  let previous: SegmentToken | undefined;
  while (index < end) {
    const codeUnit = codes[index]!;
    if (word[codeUnit] !== 1) {
      if (codeUnit !== SPACE && codeUnit !== NEWLINE) {
        if (gapPunctuation === 0) gapFirst = index;
        if (gapPunctuation < MAX_GAP_LENGTH && clauseOpeners[codeUnit] === 1) gapOpensClause = true;
        gapPunctuation++;
      }
      index++;
      continue;
    }
    const start = index;
    let hash = ((TOKEN_HASH_SEED << 7) | (TOKEN_HASH_SEED >>> 25)) ^ codeUnit;
    let hasApostrophe = false;
    let hasJoiner = false;
    index++;
    while (index < end) {
      const next = codes[index]!;
      if (word[next] === 1) {
        hash = ((hash << 7) | (hash >>> 25)) ^ next;
        index++;
        continue;
      }
      if (isJoiner(next) && index + 1 < end) {
        const after = codes[index + 1]!;
        if (word[after] === 1) {
          hash = ((hash << 7) | (hash >>> 25)) ^ next;
          hash = ((hash << 7) | (hash >>> 25)) ^ after;
          if (next === 39) hasApostrophe = true;
          hasJoiner = true;
          index += 2;
          continue;
        }
      }
      break;
    }
    const gap = gapOf(segment, offset, gapStart, start, gapPunctuation, gapFirst);
    if (previous !== undefined) previous.gapAfter = gap;
    const entry = findVocabularyEntry(table, codes, start, index, hash);
    const text = entry >= 0 ? table.words[entry]! : segment.slice(start - offset, index - offset);
    previous = {
      word: text,
      gapBefore: gap,
      gapAfter: "",
      classes: hasApostrophe ? membershipOf(text) : entry >= 0 ? table.classes[entry]! : none,
      hasJoiner,
      hash,
      gapOpensClause,
    };
    tokens.push(previous);
    gapStart = index;
    gapPunctuation = 0;
    gapOpensClause = false;
  }
  if (previous !== undefined)
    previous.gapAfter = gapOf(segment, offset, gapStart, end, gapPunctuation, gapFirst);
  return tokens;
}

/** At most this many non-space characters of a gap are kept (SegmentToken.gapBefore and gapAfter). */
const MAX_GAP_LENGTH = 16;

/**
 * The non-space characters of the gap codes[from, to) (`segment` holds the same text from `offset` on),
 * at most MAX_GAP_LENGTH of them; `punctuation` is their number and `first` the index of the first one.
 */
function gapOf(
  segment: string,
  offset: number,
  from: number,
  to: number,
  punctuation: number,
  first: number,
): string {
  if (punctuation === 0) return "";
  // Common case: one punctuation character (", " or ". "), returned without building a string.
  if (punctuation === 1) return segment[first - offset]!;
  let gap = "";
  for (let index = from - offset; index < to - offset && gap.length < MAX_GAP_LENGTH; index++) {
    const codeUnit = segment.charCodeAt(index);
    if (codeUnit !== SPACE && codeUnit !== NEWLINE) gap += segment[index];
  }
  return gap;
}
