import { CHARACTER_FOLD, FOLD_DROP, FOLD_NEWLINE, FOLD_SPACE, WORD_CHARACTER } from "./character-fold-table";

const DROP = FOLD_DROP;
const SPACE_FOLD = FOLD_SPACE;
const NEWLINE_FOLD = FOLD_NEWLINE;

/**
 * A folded view of a text plus, for every folded code unit, the original range it came from.
 * Rules match on `text`; replacements are applied to the original through `originalStart` and
 * `originalEndOf`.
 */
export interface NormalizedText {
  /** Folded text: lower case, homoglyphs and leetspeak mapped, whitespace runs collapsed, invisibles dropped. */
  readonly text: string;
  /** The folded text as code units (same content as `text`), for allocation-free scanning. */
  readonly codes: Uint16Array;
  /** `originalStart[i]` is the first original UTF-16 index that folded unit `i` stands for. */
  readonly originalStart: Int32Array;
  /** One past the last original UTF-16 index that folded unit `index` stands for. */
  originalEndOf(index: number): number;
}

/** Folded stand-in for an escaped quote (`\"` inside a JSON string): a quote, but not a JSON delimiter. */
export const ESCAPED_QUOTE = 0x201c;

// Local bindings for the hot loop (see find-candidate-lines.ts).
const FOLD = CHARACTER_FOLD;
const WORD = WORD_CHARACTER;

const BACKSLASH = 92;
const NEWLINE = 10;
const SPACE = 32;

// Leetspeak digits attackers use inside words ("1gn0re pr3vious"). Only applied inside a word that has at
// least as many letters as digits, so version strings, IBANs, hex and numbers stay numbers.
const LEET_DIGITS = new Uint16Array([111, 105, 0, 101, 97, 115, 0, 116, 0, 0]);

const decoder = new TextDecoder("utf-16le", { ignoreBOM: true });

function hexValue(codeUnit: number): number {
  if (codeUnit >= 48 && codeUnit <= 57) return codeUnit - 48;
  const lower = codeUnit | 32;
  if (lower >= 97 && lower <= 102) return lower - 87;
  return -1;
}

// Scratch buffers reused across calls (the scanner consumes each result before the next call), so a
// call allocates nothing per character. Inputs above SCRATCH_LIMIT get fresh buffers that are not kept.
const SCRATCH_LIMIT = 1 << 20;
let scratchCodes = new Uint16Array(1024);
let scratchStart = new Int32Array(1024);

/**
 * Width in the original of the folded unit that starts at `start`: escapes and comment delimiters span
 * several code units, everything else one. (Recomputed on demand instead of stored per unit; only
 * segment ends need it.) A collapsed whitespace run is never a segment end, so its width is not needed.
 */
function originalWidthAt(input: string, start: number): number {
  const codeUnit = input.charCodeAt(start);
  if (codeUnit === BACKSLASH && start + 1 < input.length) {
    const next = input.charCodeAt(start + 1);
    if (next === 110 || next === 114 || next === 116 || next === 34 || next === BACKSLASH || next === 47)
      return 2;
    if (
      next === 117 &&
      start + 5 < input.length &&
      hexValue(input.charCodeAt(start + 2)) >= 0 &&
      hexValue(input.charCodeAt(start + 3)) >= 0 &&
      hexValue(input.charCodeAt(start + 4)) >= 0 &&
      hexValue(input.charCodeAt(start + 5)) >= 0
    ) {
      return 6;
    }
    return 1;
  }
  if (codeUnit === 60 && input.startsWith("!--", start + 1)) return 4;
  if (codeUnit === 45 && input.charCodeAt(start + 1) === 45 && input.charCodeAt(start + 2) === 62) return 3;
  return 1;
}

/**
 * Folds `input` for matching in one left-to-right pass (O(n) time and memory).
 *
 * - lower case, fullwidth forms, Cyrillic/Greek homoglyphs and small capitals map to ASCII letters;
 * - zero-width, bidi and other invisible characters are dropped; combining accents are dropped;
 * - whitespace runs collapse to one space, runs containing a line break to one newline;
 * - JSON escapes (`\n`, `\r`, `\t`, `\"`, `\\`, `\uXXXX`) are decoded, so an escaped newline is a line break;
 * - HTML comment delimiters (`<!--`, `-->`) become line breaks, so a hidden comment is scanned as its own line;
 * - leetspeak digits inside mostly-letter words become letters.
 *
 * The returned typed arrays may be scratch buffers that the next call overwrites: use the result before
 * calling again. Never throws; any string (including lone surrogates) is accepted.
 */
export function normalizeText(input: string): NormalizedText {
  const length = input.length;
  let codes: Uint16Array;
  let originalStart: Int32Array;
  if (length > SCRATCH_LIMIT) {
    codes = new Uint16Array(length);
    originalStart = new Int32Array(length);
  } else {
    if (scratchCodes.length < length) {
      const size = Math.max(length, scratchCodes.length * 2);
      scratchCodes = new Uint16Array(size);
      scratchStart = new Int32Array(size);
    }
    codes = scratchCodes;
    originalStart = scratchStart;
  }
  const fold = FOLD;
  const word = WORD;
  let count = 0;
  // Leetspeak state for the current original word run.
  let runEnd = -1;
  let runAllowsLeet = false;
  let index = 0;
  while (index < length) {
    let codeUnit = input.charCodeAt(index);
    // Hot path: a letter that folds to a-z (most of any text) is copied with no further checks.
    const letter = fold[codeUnit]!;
    if (letter >= 97 && letter <= 122) {
      codes[count] = letter;
      originalStart[count] = index;
      count++;
      index++;
      continue;
    }
    // Second hot path: a single space between two words (no run to collapse).
    if (codeUnit === SPACE && count > 0) {
      const last = codes[count - 1]!;
      if (last !== SPACE && last !== NEWLINE) {
        codes[count] = SPACE;
        originalStart[count] = index;
        count++;
        index++;
        continue;
      }
    }
    let width = 1;
    if (codeUnit === BACKSLASH && index + 1 < length) {
      const next = input.charCodeAt(index + 1);
      if (next === 110 || next === 114) {
        codeUnit = NEWLINE;
        width = 2;
      } else if (next === 116) {
        codeUnit = SPACE;
        width = 2;
      } else if (next === 34 || next === BACKSLASH || next === 47) {
        // \" is a quote inside a JSON string, not a string delimiter: fold it to a typographic quote.
        codes[count] = next === 34 ? ESCAPED_QUOTE : next;
        originalStart[count] = index;
        count++;
        index += 2;
        continue;
      } else if (next === 117 && index + 5 < length) {
        const a = hexValue(input.charCodeAt(index + 2));
        const b = hexValue(input.charCodeAt(index + 3));
        const c = hexValue(input.charCodeAt(index + 4));
        const d = hexValue(input.charCodeAt(index + 5));
        if (a >= 0 && b >= 0 && c >= 0 && d >= 0) {
          codeUnit = (a << 12) | (b << 8) | (c << 4) | d;
          width = 6;
        }
      }
    } else if (codeUnit === 60 && input.startsWith("!--", index + 1)) {
      codeUnit = NEWLINE;
      width = 4;
    } else if (codeUnit === 45 && input.charCodeAt(index + 1) === 45 && input.charCodeAt(index + 2) === 62) {
      codeUnit = NEWLINE;
      width = 3;
    } else if (word[codeUnit] === 1 && codeUnit >= 48 && codeUnit <= 57) {
      if (index >= runEnd) {
        // First digit of a word run: count the run's letters and digits once (back to its start and
        // forward to its end), so every run is scanned at most twice and plain words not at all.
        let runStart = index;
        while (runStart > 0 && word[input.charCodeAt(runStart - 1)] === 1) runStart--;
        let letters = 0;
        let digits = 0;
        let scan = runStart;
        while (scan < length) {
          const inRun = input.charCodeAt(scan);
          if (word[inRun] !== 1) break;
          if (inRun >= 48 && inRun <= 57) digits++;
          else letters++;
          scan++;
        }
        runEnd = scan;
        runAllowsLeet = letters >= digits;
      }
      if (runAllowsLeet) {
        const letter = LEET_DIGITS[codeUnit - 48]!;
        if (letter !== 0) codeUnit = letter;
      }
    }
    const folded = width === 1 || codeUnit !== NEWLINE ? fold[codeUnit]! : NEWLINE_FOLD;
    if (folded === DROP) {
      index += width;
      continue;
    }
    if (folded === SPACE_FOLD || folded === NEWLINE_FOLD) {
      // Collapse whitespace runs; a run containing a line break becomes one newline.
      if (count > 0) {
        const last = codes[count - 1]!;
        if (last === SPACE) {
          if (folded === NEWLINE_FOLD) codes[count - 1] = NEWLINE;
        } else if (last !== NEWLINE) {
          codes[count] = folded === NEWLINE_FOLD ? NEWLINE : SPACE;
          originalStart[count] = index;
          count++;
        }
      }
      index += width;
      continue;
    }
    codes[count] = folded;
    originalStart[count] = index;
    count++;
    index += width;
  }
  const folded = codes.subarray(0, count);
  // Short texts: fromCharCode avoids the fixed cost of a decoder call; from about 64 units on (measured
  // on Node 20) the decoder is faster, about 2x at 128 units, the typical size of a candidate region.
  const text =
    count <= 64
      ? String.fromCharCode.apply(null, folded as unknown as number[])
      : decoder.decode(new Uint8Array(folded.buffer, folded.byteOffset, count * 2));
  return new FoldedText(text, folded, originalStart.subarray(0, count), input);
}

/**
 * The NormalizedText returned by normalizeText. A class rather than an object literal with a closure:
 * the scanner folds thousands of short candidate regions, and a closure per call (plus the `__name`
 * helper that tsx/esbuild attaches to every closure it creates) cost ~10% of the time after the pre-filter.
 */
class FoldedText implements NormalizedText {
  constructor(
    readonly text: string,
    readonly codes: Uint16Array,
    readonly originalStart: Int32Array,
    private readonly input: string,
  ) {}

  originalEndOf(index: number): number {
    const start = this.originalStart[index]!;
    return start + originalWidthAt(this.input, start);
  }
}
