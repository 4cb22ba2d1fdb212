import { type AnchorTable, WORD_HASH_SEED } from "./anchor-table";
import { CHARACTER_FOLD, FOLD_DROP, FOLD_NEWLINE, WORD_CHARACTER } from "./character-fold-table";
import { ALL_DISGUISE_SIGNS, LEET_SIGN, MIXED_CASE_SIGN } from "./disguised-words";

// Leetspeak digits are mapped in every word here (the normalizer only maps them in mostly-letter words);
// no anchor contains these digits, so that can only add candidates, never lose one.
//
// One table lookup per character: values above 7 are the folded code unit of a word character (with
// leetspeak digits already mapped to letters; every one is 48 or more); 1 = ends a word; 2 = an opening
// bracket or template delimiter (`[ ( < | #`), which ends a word and arms the bracket-anchored rules;
// 3 = a character after which the normalizer may start a segment (quote, ">"); 4 = invisible (dropped,
// does not end a word); 5 = line break; 6 = backslash (JSON escape, rare path); 7 = sentence
// punctuation (. ! ?). Classes 4 to 7 are the ones the fast loop leaves to the general code, numbered
// so that one shift tells them apart: `value >>> 2 === 1` holds exactly for them.
const BACKSLASH = 92;
const CLASS_BREAK = 1;
const CLASS_BRACKET = 2;
const CLASS_SEGMENT_OPENER = 3;
const CLASS_DROP = 4;
const CLASS_NEWLINE = 5;
const CLASS_BACKSLASH = 6;
const CLASS_SENTENCE_END = 7;
/** Every value above this one is a word character. */
const LAST_CLASS = CLASS_SENTENCE_END;
const SEED = WORD_HASH_SEED;
// The fast loop resets the hash between words by masking it to 0, which is the seed only when it is 0.
if (SEED !== 0) throw new Error("findCandidateLines' fast loop assumes WORD_HASH_SEED === 0");

/** Gap flags of a word (see gapFlags). */
const AT_SEGMENT_START = 1;
const AFTER_BRACKET = 2;

const LEET_LETTERS: Record<number, number> = { 48: 111, 49: 105, 51: 101, 52: 97, 53: 115, 55: 116 };

function buildPrefilterTable(): Uint16Array {
  const table = new Uint16Array(65536);
  for (let codeUnit = 0; codeUnit < 65536; codeUnit++) {
    const folded = CHARACTER_FOLD[codeUnit]!;
    if (WORD_CHARACTER[codeUnit] === 1) table[codeUnit] = LEET_LETTERS[codeUnit] ?? folded;
    else if (folded === FOLD_DROP) table[codeUnit] = CLASS_DROP;
    else if (folded === FOLD_NEWLINE) table[codeUnit] = CLASS_NEWLINE;
    else table[codeUnit] = CLASS_BREAK;
  }
  table[BACKSLASH] = CLASS_BACKSLASH;
  table[46] = CLASS_SENTENCE_END;
  table[33] = CLASS_SENTENCE_END;
  table[63] = CLASS_SENTENCE_END;
  table[34] = CLASS_SEGMENT_OPENER;
  table[62] = CLASS_SEGMENT_OPENER;
  // Brackets by folded value, so fullwidth forms ("［", "｜") count like their ASCII originals.
  for (let codeUnit = 0; codeUnit < 65536; codeUnit++) {
    if (WORD_CHARACTER[codeUnit] === 1) continue;
    const folded = CHARACTER_FOLD[codeUnit]!;
    if (folded === 91 || folded === 40 || folded === 60 || folded === 124 || folded === 35)
      table[codeUnit] = CLASS_BRACKET;
  }
  return table;
}

const PREFILTER_TABLE = buildPrefilterTable();

/**
 * What the pre-filter learns about a text besides its regions: `disguises` holds the disguise detectors
 * (MIXED_CASE_SIGN, LEET_SIGN of disguised-words.ts) that may find something; a clear bit proves that
 * detector finds nothing, so the scan skips its search over the whole text (see disguiseSignsOfWord).
 */
export interface PrefilterSigns {
  disguises: number;
  /**
   * The word signs (AnchorTable.signAt) of the text's words, OR-ed: a clear bit proves no word of that
   * sign class occurs, so the text-wide pass that needs one is skipped (detection-rules.ts WORD_SIGNS).
   */
  words?: number;
}

/**
 * Longest stretch of the text the fast loop may cross without entering the general code before the
 * disguise signs give up (all detectors run): the leetspeak detector reads at most 512 characters on
 * each side of a match, so only a word longer than that is read differently there than here.
 */
const MAX_UNBROKEN_STRETCH = 512;

// Character kinds for disguiseSignsOfWord, one bit each: 0 = not a word character.
const KIND_OTHER_WORD = 1;
const KIND_LOWER = 2;
const KIND_UPPER = 4;
const KIND_LEET_DIGIT = 8;
const DISGUISE_KIND: Uint8Array = (() => {
  const kinds = new Uint8Array(65536);
  for (let codeUnit = 0; codeUnit < 65536; codeUnit++)
    if (WORD_CHARACTER[codeUnit] === 1) kinds[codeUnit] = KIND_OTHER_WORD;
  for (let codeUnit = 97; codeUnit <= 122; codeUnit++) kinds[codeUnit] = KIND_LOWER;
  for (let codeUnit = 65; codeUnit <= 90; codeUnit++) kinds[codeUnit] = KIND_UPPER;
  for (const digit of [48, 49, 51, 52, 53, 55]) kinds[digit] = KIND_LEET_DIGIT;
  return kinds;
})();

/**
 * The disguise signs of the run of word characters that ends right before `end`: LEET_SIGN when an
 * ASCII letter is followed by a leetspeak digit (0 1 3 4 5 7), MIXED_CASE_SIGN when a capital, one
 * lower-case letter and a capital follow each other; none for a run shorter than four characters. These
 * are the first searches of the two detectors (disguised-words.ts), on the run they walk to from a match.
 *
 * Why the signs of the anchor-table words suffice: both detectors only remove a line with a run whose
 * reading (lower case; leetspeak digits as letters) is in the anchor table (the leetspeak detector
 * counts unknown words only beside such a known one), and that reading is the pre-filter's hash
 * of the word, which then hits the table here, unless the pre-filter reads the run differently: joined
 * to its neighbour across an invisible character or an escape (findCandidateLines then takes the signs
 * of the runs on both sides, disguiseSignsAround), or a run longer than MAX_UNBROKEN_STRETCH, of which
 * the leetspeak detector reads only a part (then every detector runs).
 */
function disguiseSignsOfWord(text: string, end: number, known: number): number {
  // Both detectors skip words shorter than four characters; most words of the anchor table are short.
  if (end < 4 || DISGUISE_KIND[text.charCodeAt(end - 4)] === 0) return 0;
  // Most of the rest are lower-case ASCII words: passed over with one subtraction per character.
  let lower = end;
  while (lower > 0 && (text.charCodeAt(lower - 1) - 97) >>> 0 < 26) lower--;
  if (lower === 0 || DISGUISE_KIND[text.charCodeAt(lower - 1)] === 0) return 0;
  // Capitalized words are most of the others: the walk goes on from there collecting the kinds of the
  // word's characters and counting its capitals (KIND_UPPER each), and only a word that may hold a sign
  // not known yet (a leetspeak digit; two capitals and a lower-case letter) is walked again.
  let kinds = lower < end ? KIND_LOWER : 0;
  let capitals = 0;
  let start = lower;
  for (; start > 0; start--) {
    const kind = DISGUISE_KIND[text.charCodeAt(start - 1)]!;
    if (kind === 0) break;
    kinds |= kind;
    capitals += kind & KIND_UPPER;
  }
  if (end - start < 4) return 0;
  const mayBeLeet = (known & LEET_SIGN) === 0 && (kinds & KIND_LEET_DIGIT) !== 0;
  const mayBeMixedCase =
    (known & MIXED_CASE_SIGN) === 0 && capitals >= 2 * KIND_UPPER && (kinds & KIND_LOWER) !== 0;
  if (!mayBeLeet && !mayBeMixedCase) return 0;
  let signs = 0;
  // The kinds of the two characters after the current one (read backwards).
  let next = 0;
  let afterNext = 0;
  for (let position = end - 1; position >= start; position--) {
    const kind = DISGUISE_KIND[text.charCodeAt(position)]!;
    if (kind === KIND_UPPER && next === KIND_LOWER && afterNext === KIND_UPPER) signs |= MIXED_CASE_SIGN;
    if ((kind === KIND_LOWER || kind === KIND_UPPER) && next === KIND_LEET_DIGIT) signs |= LEET_SIGN;
    afterNext = next;
    next = kind;
  }
  return signs;
}

/**
 * The disguise signs of the runs of word characters on both sides of every other character in
 * [from, to) (an invisible character, or an escape's characters): linear, since each run touches at
 * most two such characters' sides.
 */
function disguiseSignsAround(text: string, from: number, to: number): number {
  let signs = 0;
  for (let position = from; position < to; position++) {
    if (WORD_CHARACTER[text.charCodeAt(position)] === 1) continue;
    signs |= disguiseSignsOfWord(text, position, 0);
    let runEnd = position + 1;
    while (runEnd < text.length && WORD_CHARACTER[text.charCodeAt(runEnd)] === 1) runEnd++;
    signs |= disguiseSignsOfWord(text, runEnd, 0);
  }
  return signs;
}

/** True for the last character of an escape that is a word character: n, r, t or a hex digit. */
function mayEndEscape(codeUnit: number): boolean {
  return codeUnit === 110 || codeUnit === 114 || codeUnit === 116 || hexValue(codeUnit) >= 0;
}

function hexValue(codeUnit: number): number {
  if (codeUnit >= 48 && codeUnit <= 57) return codeUnit - 48;
  const lower = codeUnit | 32;
  if (lower >= 97 && lower <= 102) return lower - 87;
  return -1;
}

/**
 * The fast pre-filter: one pass over the raw text that folds each word exactly like the normalizer
 * (case, homoglyphs, leetspeak, dropped invisibles, JSON `\uXXXX` escapes) and looks its hash up in the
 * anchor table, without building any copy of the text.
 *
 * Returns the raw sentences that contain at least one anchor word, adjacent ones merged, as a flat array
 * [start0, end0, opensLine0, start1, end1, opensLine1, ...] (opensLine is 1 when the region starts a
 * line). Raw boundaries are only a raw line break or `.`, `!`, `?` directly followed by a space or tab;
 * each is also a segment boundary of the normalizer, so scanning the regions independently finds
 * exactly what scanning the whole text would. O(n), no allocation per character.
 */
export function findCandidateLines(text: string, anchors: AnchorTable, signs?: PrefilterSigns): number[] {
  const table = PREFILTER_TABLE;
  const regions: number[] = [];
  const length = text.length;
  // -1 inside a word, else 0 (a mask, for the fast loop's arithmetic).
  let inWord = 0;
  let hash = SEED;
  let sentenceStart = 0;
  let sentenceOpensLine = 1;
  let anchorMask = 0;
  let companionMask = 0;
  // Sum of the learned gate's word weights in the sentence (AnchorTable.setGate).
  let gateScore = 0;
  // AnchorTable.mayContain inlined on locals for the fast loop (the method call re-read the table's
  // fields for every word).
  const used = anchors.usedSlots;
  const slotShift = anchors.slotShiftValue;
  // Disguise signs (PrefilterSigns), gathered only where the general code below runs anyway.
  let disguises = 0;
  // Word signs (PrefilterSigns.words), gathered at the table's hits.
  let wordSigns = 0;
  let lastGeneral = -1;
  let index = 0;
  while (index < length) {
    // Fast loop, without a data-dependent branch for word characters and breaks (~90% of a benign
    // text): words are ~5 characters long, so a branch per word end (as in a plain loop) mispredicts
    // every few characters, which measured slower than the few mask operations per character here. It
    // leaves, before consuming it, at a character of the classes 4 to 7 or at the end of a word whose
    // slot in the anchor table is used (a possible hit); the general code below handles that character.
    // Brackets and segment openers are plain breaks here: the flags they set only matter for a hit,
    // and the general code recomputes them from the text then (gapFlags).
    for (; index < length; index++) {
      const value = table[text.charCodeAt(index)]!;
      // -1 for a word character (any value above LAST_CLASS), else 0.
      const word = (LAST_CLASS - value) >> 31;
      // -1 when this character ends a word.
      const ended = inWord & ~word;
      const slot = Math.imul(hash, 0x9e3779b1) >>> slotShift;
      if (value >>> 2 === 1 || ((used[slot >>> 5]! >>> slot) & ended & 1) !== 0) break;
      // Extend the hash inside a word; reset it at any other character (the seed is 0, see anchor-table.ts).
      hash = (((hash << 7) | (hash >>> 25)) ^ value) & word;
      inWord = word;
    }
    if (index >= length) break;
    let value = table[text.charCodeAt(index)]!;
    let width = 1;
    // A word longer than the leetspeak detector reads may lie in a stretch this long (see
    // MAX_UNBROKEN_STRETCH): all detectors run.
    if (index - lastGeneral > MAX_UNBROKEN_STRETCH) disguises = ALL_DISGUISE_SIGNS;
    lastGeneral = index;
    const joinsWords = value === CLASS_DROP || value === CLASS_BACKSLASH;
    if (value === CLASS_BACKSLASH) {
      const next = index + 1 < length ? text.charCodeAt(index + 1) : 0;
      if (next === 117 && index + 5 < length) {
        const a = hexValue(text.charCodeAt(index + 2));
        const b = hexValue(text.charCodeAt(index + 3));
        const c = hexValue(text.charCodeAt(index + 4));
        const d = hexValue(text.charCodeAt(index + 5));
        if (a >= 0 && b >= 0 && c >= 0 && d >= 0) {
          value = table[(a << 12) | (b << 8) | (c << 4) | d]!;
          // An escaped line break opens a segment; other escaped punctuation only ends the word.
          if (value === CLASS_NEWLINE) value = CLASS_SEGMENT_OPENER;
          else if (value <= LAST_CLASS && value !== CLASS_BRACKET && value !== CLASS_DROP)
            value = CLASS_BREAK;
          width = 6;
        } else value = CLASS_BREAK;
      } else {
        // \n \r \t \" \\ \/ are consumed as a pair by the normalizer; all of them end a word.
        if (next === 110 || next === 114 || next === 116 || next === 34 || next === BACKSLASH || next === 47)
          width = 2;
        // An escaped line break starts a new segment in the normalizer.
        value = next === 110 || next === 114 ? CLASS_SEGMENT_OPENER : CLASS_BREAK;
      }
    }
    // Here words are joined across invisible characters and escapes, which the detectors read as
    // breaks: the signs of the raw words around them (see disguiseSignsOfWord).
    if (joinsWords && disguises !== ALL_DISGUISE_SIGNS)
      disguises |= disguiseSignsAround(text, index, index + width);
    if (value > LAST_CLASS) {
      hash = ((hash << 7) | (hash >>> 25)) ^ value;
      inWord = -1;
      index += width;
      continue;
    }
    if (value === CLASS_DROP) {
      index += width;
      continue;
    }
    if (inWord !== 0) {
      const slot = anchors.find(hash);
      if (slot >= 0 && !isDigitRun(text, index)) {
        wordSigns |= anchors.signAt(slot);
        if (disguises !== ALL_DISGUISE_SIGNS) disguises |= disguiseSignsOfWord(text, index, disguises);
        companionMask |= anchors.companionMaskAt(slot);
        anchorMask |= anchorBits(anchors, slot, anchorMask, companionMask, text, index);
        gateScore += anchors.gateWeightAt(slot);
      }
      hash = SEED;
      inWord = 0;
    }
    if (value === CLASS_NEWLINE) {
      if (
        (anchorMask | gateScore) !== 0 &&
        anchors.rulesToCheckWithGate(anchorMask, companionMask, gateScore) !== 0
      ) {
        pushRegion(regions, sentenceStart, index, sentenceOpensLine);
      }
      sentenceStart = index + 1;
      sentenceOpensLine = 1;
      anchorMask = 0;
      companionMask = 0;
      gateScore = 0;
    } else if (value === CLASS_SENTENCE_END && index + 1 < length) {
      const next = text.charCodeAt(index + 1);
      if (next === 32 || next === 9) {
        if (
          (anchorMask | gateScore) !== 0 &&
          anchors.rulesToCheckWithGate(anchorMask, companionMask, gateScore) !== 0
        ) {
          pushRegion(regions, sentenceStart, index + 1, sentenceOpensLine);
        }
        sentenceStart = index + 1;
        sentenceOpensLine = 0;
        anchorMask = 0;
        companionMask = 0;
        gateScore = 0;
      }
    }
    index += width;
  }
  if (inWord !== 0) {
    const slot = anchors.find(hash);
    if (slot >= 0 && !isDigitRun(text, length)) {
      wordSigns |= anchors.signAt(slot);
      if (disguises !== ALL_DISGUISE_SIGNS) disguises |= disguiseSignsOfWord(text, length, disguises);
      companionMask |= anchors.companionMaskAt(slot);
      anchorMask |= anchorBits(anchors, slot, anchorMask, companionMask, text, length);
      gateScore += anchors.gateWeightAt(slot);
    }
  }
  if (signs !== undefined) {
    signs.disguises = length - lastGeneral > MAX_UNBROKEN_STRETCH ? ALL_DISGUISE_SIGNS : disguises;
    signs.words = wordSigns;
  }
  if (
    (anchorMask | gateScore) !== 0 &&
    anchors.rulesToCheckWithGate(anchorMask, companionMask, gateScore) !== 0
  ) {
    pushRegion(regions, sentenceStart, length, sentenceOpensLine);
  }
  return regions;
}

/**
 * The anchor bits that the hit word in `slot`, ending at `end`, adds to its sentence's anchor mask. The
 * rules anchored at a segment start or after a bracket only count when the gap before the word says so
 * (gapFlags). That check is skipped when the sentence is a candidate already without those rules
 * (anchorMask and companionMask include the word's other bits): a sentence only matters as candidate or
 * not, and a candidate stays one, so adding the bits unchecked changes no region. (On dense injections
 * nearly every such hit is in a sentence that is already a candidate.)
 */
function anchorBits(
  anchors: AnchorTable,
  slot: number,
  anchorMask: number,
  companionMask: number,
  text: string,
  end: number,
): number {
  const mask = anchors.anchorMaskAt(slot);
  const flagRules = anchors.rulesAnchoredAtSegmentStart | anchors.rulesAnchoredAfterBracket;
  if ((mask & flagRules) === 0) return mask;
  if (anchors.rulesToCheck(anchorMask | (mask & ~flagRules), companionMask) !== 0) return mask;
  const flags = gapFlags(text, end);
  let bits = mask;
  if ((flags & AT_SEGMENT_START) === 0) bits &= ~anchors.rulesAnchoredAtSegmentStart;
  if ((flags & AFTER_BRACKET) === 0) bits &= ~anchors.rulesAnchoredAfterBracket;
  return bits;
}

/**
 * The flags of the word that ends right before `end`, as the normalizer-side segmenter sees them:
 * AT_SEGMENT_START when the gap before the word holds a line break, sentence punctuation or a segment
 * opener (or the word is the first of the text), AFTER_BRACKET when the gap holds an opening bracket.
 * Computed from the text only for a hit whose rules need them, instead of being tracked per character.
 *
 * Scans back over the word (word characters and invisibles) and then over the gap before it, so each
 * gap is scanned at most once per text (it belongs to one word): linear. Escapes are not decoded here:
 * at any backslash in reach (in the word, in the gap, or ending the previous word, like `\n` or
 * `\u0022`, whose last character looks like a word character) both flags are returned, which can only
 * keep more rules, never drop one.
 */
function gapFlags(text: string, end: number): number {
  const table = PREFILTER_TABLE;
  let position = end - 1;
  while (position >= 0) {
    const value = table[text.charCodeAt(position)]!;
    if (value <= LAST_CLASS && value !== CLASS_DROP) break;
    position--;
  }
  let flags = 0;
  while (position >= 0) {
    const value = table[text.charCodeAt(position)]!;
    if (value > LAST_CLASS) break;
    if (value === CLASS_BACKSLASH) return AT_SEGMENT_START | AFTER_BRACKET;
    if (value === CLASS_BRACKET) flags |= AFTER_BRACKET;
    else if (value === CLASS_NEWLINE || value === CLASS_SENTENCE_END || value === CLASS_SEGMENT_OPENER)
      flags |= AT_SEGMENT_START;
    position--;
  }
  // The first word of the text starts a segment.
  if (position < 0) return flags | AT_SEGMENT_START;
  // The previous word may end with an escape (`\n`, `\r`, `\t`, `\uXXXX`): then it ends with n, r, t or
  // a hex digit, and the backslash is at most five characters back.
  if (mayEndEscape(text.charCodeAt(position))) {
    for (let back = position; back >= 0 && back >= position - 5; back--) {
      if (text.charCodeAt(back) === BACKSLASH) return AT_SEGMENT_START | AFTER_BRACKET;
    }
  }
  return flags;
}

/**
 * True when the word that ends right before `end` consists of ASCII digits only ("14", "2041"). Such a
 * word hashes like a leetspeak word ("14" -> "ia") here, but the normalizer never maps the digits of a
 * word without letters, so it can never be an anchor. Scans back over plain digits only and answers
 * false at anything else (an escape, an invisible character), which keeps the candidate: safe. Only
 * runs for words that hit the anchor table.
 */
function isDigitRun(text: string, end: number): boolean {
  let start = end;
  while (start > 0 && isAsciiDigit(text.charCodeAt(start - 1))) start--;
  if (start === end) return false;
  if (start === 0) return true;
  // The character before the digits must plainly end the word: not a letter, escape or invisible.
  const before = text.charCodeAt(start - 1);
  const value = PREFILTER_TABLE[before]!;
  return value !== CLASS_DROP && value !== CLASS_BACKSLASH && value <= LAST_CLASS;
}

function isAsciiDigit(codeUnit: number): boolean {
  return codeUnit >= 48 && codeUnit <= 57;
}

function pushRegion(regions: number[], start: number, end: number, opensLine: number): void {
  const last = regions.length - 3;
  // Merge with the previous region when only one boundary character separates them.
  if (last >= 0 && regions[last + 1]! + 1 >= start) {
    regions[last + 1] = end;
    return;
  }
  regions.push(start, end, opensLine);
}
