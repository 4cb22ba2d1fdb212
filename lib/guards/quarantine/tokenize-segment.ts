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
  let index = offset;
  let gapStart = offset;
  let gapHasPunctuation = false;
  let previous: SegmentToken | undefined;
  while (index < end) {
    const codeUnit = codes[index]!;
    if (word[codeUnit] !== 1) {
      if (codeUnit !== SPACE && codeUnit !== NEWLINE) gapHasPunctuation = true;
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
    const gap = gapHasPunctuation ? punctuationOf(segment, gapStart - offset, start - offset) : "";
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
      gapOpensClause: gap !== "" && hasClauseOpener(gap),
    };
    tokens.push(previous);
    gapStart = index;
    gapHasPunctuation = false;
  }
  if (previous !== undefined)
    previous.gapAfter = gapHasPunctuation ? punctuationOf(segment, gapStart - offset, segment.length) : "";
  return tokens;
}

function hasClauseOpener(gap: string): boolean {
  for (let position = 0; position < gap.length; position++)
    if (CLAUSE_OPENER_CODES[gap.charCodeAt(position)] === 1) return true;
  return false;
}

/** The non-space characters of segment[from, to), at most 16 of them. */
function punctuationOf(segment: string, from: number, to: number): string {
  // Common case: one punctuation character (", " or ". "), returned without building a string.
  let first = -1;
  let count = 0;
  for (let index = from; index < to; index++) {
    const codeUnit = segment.charCodeAt(index);
    if (codeUnit !== SPACE && codeUnit !== NEWLINE) {
      if (count === 0) first = index;
      count++;
      if (count > 1) break;
    }
  }
  if (count === 1) return segment[first]!;
  let gap = "";
  for (let index = from; index < to && gap.length < 16; index++) {
    const codeUnit = segment.charCodeAt(index);
    if (codeUnit !== SPACE && codeUnit !== NEWLINE) gap += segment[index];
  }
  return gap;
}
