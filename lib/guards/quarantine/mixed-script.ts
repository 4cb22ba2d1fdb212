import { CHARACTER_FOLD, WORD_CHARACTER } from "./character-fold-table";
import type { RemovalRange } from "./expand-removals";

/**
 * Words spelled in two scripts at once: Latin words with Cyrillic or Greek look-alike letters inside
 * ("іgnоre", "rіtardo", "сhе"). Unicode's security mechanisms (UTS #39) treat a mixed-script word as a
 * spoofing sign; in a tool result it is how an order hides from word lists. A text's own Greek or
 * Cyrillic words are single-script, and a unit such as "μs" or "kΩ" is short or not a look-alike, so
 * they never count.
 */

/** Rule name of a removal made for mixed-script words (QuarantinedSegment.rule). */
export const MIXED_SCRIPT_RULE = "mixed-script-words";

/** Mixed-script words a line needs before its sentences holding them are removed. */
const MIXED_WORDS_PER_LINE = 2;
/** Shortest word (in letters) that counts. */
const MIN_LETTERS = 4;
/** Longest stretch searched around a look-alike for its word or sentence, so the scan stays linear. */
const MAX_REACH = 512;
/** The micro sign's Greek twin (U+03BC), common in units ("μsec", "μmol"): never a look-alike here. */
const GREEK_MU = 0x3bc;

function isGreekOrCyrillic(codeUnit: number): boolean {
  return (codeUnit >= 0x370 && codeUnit <= 0x3ff) || (codeUnit >= 0x400 && codeUnit <= 0x52f);
}

function isAsciiLetter(codeUnit: number): boolean {
  return (codeUnit >= 65 && codeUnit <= 90) || (codeUnit >= 97 && codeUnit <= 122);
}

/** A Greek or Cyrillic letter the fold table maps to an ASCII letter: a look-alike of a Latin one. */
function isLookAlike(codeUnit: number): boolean {
  if (!isGreekOrCyrillic(codeUnit) || codeUnit === GREEK_MU) return false;
  const folded = CHARACTER_FOLD[codeUnit]!;
  return folded >= 97 && folded <= 122;
}

function isLineBreak(codeUnit: number): boolean {
  return codeUnit === 10 || codeUnit === 13;
}

function endsSentenceAt(text: string, index: number): boolean {
  const codeUnit = text.charCodeAt(index);
  if (codeUnit !== 46 && codeUnit !== 33 && codeUnit !== 63) return false;
  const next = text.charCodeAt(index + 1);
  return next === 32 || next === 9 || Number.isNaN(next) || isLineBreak(next);
}

/**
 * Removals of the sentences that hold mixed-script words, on every line with at least
 * MIXED_WORDS_PER_LINE of them: from the start of the sentence of the line's first such word to the
 * end of the sentence of its last. Texts without any Greek or Cyrillic letter cost one native search.
 * Linear: each look-alike's word is found once, and each line's sentences once.
 */
export function findMixedScriptSentences(text: string): RemovalRange[] {
  const removals: RemovalRange[] = [];
  const search = /[\u0370-\u052f]/g;
  let lineEnd = -1;
  let count = 0;
  let firstWord = -1;
  let lastWordEnd = -1;
  const finishLine = (): void => {
    if (count >= MIXED_WORDS_PER_LINE) removals.push(sentenceRange(text, firstWord, lastWordEnd));
    count = 0;
    firstWord = -1;
    lastWordEnd = -1;
  };
  for (let match = search.exec(text); match !== null; match = search.exec(text)) {
    const at = match.index;
    if (at > lineEnd) {
      finishLine();
      lineEnd = at;
      while (lineEnd < text.length && !isLineBreak(text.charCodeAt(lineEnd))) lineEnd++;
    }
    // The word around the match, bounded.
    let start = at;
    while (start > 0 && at - start < MAX_REACH && WORD_CHARACTER[text.charCodeAt(start - 1)] === 1) start--;
    let end = at;
    while (end < text.length && end - at < MAX_REACH && WORD_CHARACTER[text.charCodeAt(end)] === 1) end++;
    search.lastIndex = Math.max(end, at + 1);
    let latin = 0;
    let lookAlikes = 0;
    let letters = 0;
    for (let index = start; index < end; index++) {
      const codeUnit = text.charCodeAt(index);
      if (isAsciiLetter(codeUnit)) latin++;
      else if (isLookAlike(codeUnit)) lookAlikes++;
      else if (isGreekOrCyrillic(codeUnit)) {
        // A real Greek or Cyrillic letter: the word is that script's, not a disguised Latin one.
        lookAlikes = 0;
        break;
      }
      if (CHARACTER_FOLD[codeUnit]! >= 97 && CHARACTER_FOLD[codeUnit]! <= 122) letters++;
    }
    if (latin === 0 || lookAlikes === 0 || letters < MIN_LETTERS) continue;
    if (firstWord < 0) firstWord = start;
    lastWordEnd = end;
    count++;
  }
  finishLine();
  return removals;
}

/** From the start of the sentence around `from` to the end of the sentence around `to`, within their line. */
function sentenceRange(text: string, from: number, to: number): RemovalRange {
  let start = from;
  while (start > 0 && from - start < MAX_REACH) {
    const previous = text.charCodeAt(start - 1);
    if (isLineBreak(previous)) break;
    if ((previous === 32 || previous === 9) && start >= 2 && endsSentenceAt(text, start - 2)) break;
    start--;
  }
  while (start < from && (text.charCodeAt(start) === 32 || text.charCodeAt(start) === 9)) start++;
  let end = to;
  while (end < text.length && end - to < MAX_REACH && !isLineBreak(text.charCodeAt(end))) {
    if (endsSentenceAt(text, end)) {
      end++;
      break;
    }
    end++;
  }
  return { start, end, rule: MIXED_SCRIPT_RULE };
}
