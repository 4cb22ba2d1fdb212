import { HTML_BLOCK_ELEMENTS } from "@/lib/text/html-block-elements";
import { type AnchorTable, WORD_HASH_SEED } from "./anchor-table";
import { CHARACTER_FOLD, FOLD_DROP, FOLD_NEWLINE, FOLD_SPACE, WORD_CHARACTER } from "./character-fold-table";

const DROP = FOLD_DROP;
const SPACE_FOLD = FOLD_SPACE;
const NEWLINE_FOLD = FOLD_NEWLINE;

/** Folded stand-in for an escaped quote (`\"` inside a JSON string): a quote, but not a JSON delimiter. */
export const ESCAPED_QUOTE = 0x201c;

// Local bindings for the hot loop (see find-candidate-lines.ts).
const FOLD = CHARACTER_FOLD;
const SEED = WORD_HASH_SEED;

const BACKSLASH = 92;
const NEWLINE = 10;
const SPACE = 32;

// Leetspeak digits attackers use inside words ("1gn0re pr3vious"). Only applied inside a word that has at
// least as many letters as digits, or whose digits are all leetspeak digits (0 1 3 4 5 7) with one after
// a letter and which has a letter beyond a-f or at most 6 characters ("7h3", "4r71cl3", "455157an75",
// "d474"). Version strings, IBANs, hex hashes, numbers and numbers with a unit ("100ms", "10k") stay.
const LEET_DIGITS = new Uint16Array([111, 105, 0, 101, 97, 115, 0, 116, 0, 0]);

/** FOLDED_CLASS bit: the folded code unit is a word character (WORD_CHARACTER). */
const WORD_BIT = 1;
/** FOLDED_CLASS bit: an opening bracket or template delimiter, `[ ( < | #` (arms bracket-anchored rules). */
const BRACKET_BIT = 2;
/** FOLDED_CLASS bit: a possible segment boundary (line break, `. ! ? 。 ！`, `"`), see FoldedRegion.marks. */
const MARK_BIT = 4;

/**
 * What the segmenter needs to know about each folded code unit, in one table read while folding. The
 * segmenter used to walk the folded codes a second time to hash words and find boundaries; doing both
 * here, on the codes as they are written, and leaving the segmenter only the marked units, took folding
 * plus segmenting of the benign corpus' candidate regions from 3.8 to 2.0 ms (together with decoding
 * only the segments rules check, see FoldedRegion.textOf).
 */
const FOLDED_CLASS: Uint8Array = (() => {
  const table = new Uint8Array(65536);
  for (let codeUnit = 0; codeUnit < 65536; codeUnit++)
    if (WORD_CHARACTER[codeUnit] === 1) table[codeUnit] = WORD_BIT;
  for (const bracket of [91, 40, 60, 124, 35]) table[bracket] = BRACKET_BIT;
  for (const mark of [NEWLINE, 46, 33, 63, 0x3002, 0xff01, 34]) table[mark] = MARK_BIT;
  return table;
})();

function hexValue(codeUnit: number): number {
  if (codeUnit >= 48 && codeUnit <= 57) return codeUnit - 48;
  const lower = codeUnit | 32;
  if (lower >= 97 && lower <= 102) return lower - 87;
  return -1;
}

/**
 * Tags that end a line of the rendered page: the block-level elements (HTML_BLOCK_ELEMENTS, shared with
 * web_fetch's HTML-to-text conversion), a line break and a table cell. A page fetched as raw HTML is
 * often one long line ("<h1>Shop</h1><p>Tell the user ...</p><p>Thanks.</p>"), where "." before a tag
 * ends no sentence (a sentence ends before whitespace) and the heading's words run into the order that
 * follows; so a bare tag of one folds to a line break, as the page shows it.
 */
function endsRenderedLine(name: string): boolean {
  return HTML_BLOCK_ELEMENTS.has(name) || name === "br" || name === "td" || name === "th";
}

/** Longest name endsRenderedLine accepts. */
const MAX_BLOCK_TAG_NAME = Math.max(...[...HTML_BLOCK_ELEMENTS].map((name) => name.length));

function isAsciiLetterOrDigit(codeUnit: number): boolean {
  return (
    (codeUnit >= 97 && codeUnit <= 122) ||
    (codeUnit >= 65 && codeUnit <= 90) ||
    (codeUnit >= 48 && codeUnit <= 57)
  );
}

/**
 * Width of the bare tag that ends a rendered line (endsRenderedLine) and starts with the "<" at `at` and ends before `to`:
 * "<p>", "</p>", "<br/>", "<br />", "</div >", in any case; 0 for anything else. An opening tag with
 * attributes is not folded: its attributes may hide the element (hidden-markup.ts), which the learned
 * stage reads as a feature of the sentence that follows.
 */
export function blockTagWidth(input: string, at: number, to: number): number {
  let index = at + 1;
  const closing = input.charCodeAt(index) === 47;
  if (closing) index++;
  const nameStart = index;
  while (
    index < to &&
    index - nameStart <= MAX_BLOCK_TAG_NAME &&
    isAsciiLetterOrDigit(input.charCodeAt(index))
  )
    index++;
  if (index === nameStart || index - nameStart > MAX_BLOCK_TAG_NAME) return 0;
  if (!endsRenderedLine(input.slice(nameStart, index).toLowerCase())) return 0;
  while (index < to && input.charCodeAt(index) === 32) index++;
  if (!closing && index < to && input.charCodeAt(index) === 47) index++;
  return index < to && input.charCodeAt(index) === 62 ? index + 1 - at : 0;
}

/** Severity words of log lines ("2024-05-01T10:00:01Z WARN ..."), in upper case. */
const LOG_LEVELS = new Set([
  "TRACE",
  "DEBUG",
  "INFO",
  "NOTICE",
  "WARN",
  "WARNING",
  "ERR",
  "ERROR",
  "CRIT",
  "CRITICAL",
  "ALERT",
  "FATAL",
  "EMERG",
]);

function isDigitCode(codeUnit: number): boolean {
  return codeUnit >= 48 && codeUnit <= 57;
}

/** Index after `count` digits at `at`, or -1. */
function afterDigits(input: string, at: number, to: number, count: number): number {
  for (let index = at; index < at + count; index++)
    if (index >= to || !isDigitCode(input.charCodeAt(index))) return -1;
  return at + count;
}

/**
 * Width of the log-line prefix that starts at `at` (a line's first character): a date and time
 * ("2024-05-01T10:00:01Z", "2024/05/01 10:00:01,123", "[2024-05-01 10:00:01 +0200]"), then optionally a
 * severity ("WARN", "[ERROR]", "info:"), up to the text of the line; 0 when there is none. The text after
 * it is what the line says, and an order there opens its sentence as on a line of its own (with the
 * prefix read as words, "... 10:00:01z warn send ..." put "warn" where the order's verb opens).
 */
export function logPrefixWidth(input: string, at: number, to: number): number {
  let index = at;
  const bracketed = input.charCodeAt(index) === 91;
  if (bracketed) index++;
  // The date: yyyy-mm-dd (or with "/" or ".").
  index = afterDigits(input, index, to, 4);
  if (index < 0) return 0;
  const separator = input.charCodeAt(index);
  if (separator !== 45 && separator !== 47 && separator !== 46) return 0;
  index = afterDigits(input, index + 1, to, 2);
  if (index < 0 || input.charCodeAt(index) !== separator) return 0;
  index = afterDigits(input, index + 1, to, 2);
  if (index < 0) return 0;
  // The time: "T" or a space, hh:mm, optional :ss and fraction, optional zone.
  const joint = input.charCodeAt(index);
  if (joint !== 84 && joint !== 116 && joint !== 32) return 0;
  index = afterDigits(input, index + 1, to, 2);
  if (index < 0 || input.charCodeAt(index) !== 58) return 0;
  index = afterDigits(input, index + 1, to, 2);
  if (index < 0) return 0;
  if (input.charCodeAt(index) === 58 && afterDigits(input, index + 1, to, 2) > 0) index += 3;
  // A fraction of a second: ".123" or ",123".
  const fraction = input.charCodeAt(index);
  if ((fraction === 46 || fraction === 44) && index + 1 < to && isDigitCode(input.charCodeAt(index + 1))) {
    index++;
    while (index < to && isDigitCode(input.charCodeAt(index))) index++;
  }
  // The zone: "Z", or an offset ("+02:00", "+0200", " -0500").
  let zoneAt = index;
  if (
    input.charCodeAt(zoneAt) === 32 &&
    (input.charCodeAt(zoneAt + 1) === 43 || input.charCodeAt(zoneAt + 1) === 45)
  )
    zoneAt++;
  const zone = input.charCodeAt(zoneAt);
  if (zoneAt === index && (zone === 90 || zone === 122)) index++;
  else if ((zone === 43 || zone === 45) && afterDigits(input, zoneAt + 1, to, 2) > 0) {
    index = zoneAt + 3;
    if (input.charCodeAt(index) === 58) index++;
    if (afterDigits(input, index, to, 2) > 0) index += 2;
  }
  if (bracketed) {
    if (input.charCodeAt(index) !== 93) return 0;
    index++;
  }
  if (index >= to || input.charCodeAt(index) !== 32) return 0;
  let end = index;
  // The severity, bare, bracketed or followed by ":".
  while (index < to && input.charCodeAt(index) === 32) index++;
  const levelBracket = input.charCodeAt(index) === 91;
  const levelStart = levelBracket ? index + 1 : index;
  let levelEnd = levelStart;
  while (levelEnd < to && levelEnd - levelStart <= 8 && isAsciiLetterOrDigit(input.charCodeAt(levelEnd)))
    levelEnd++;
  if (levelEnd > levelStart && LOG_LEVELS.has(input.slice(levelStart, levelEnd).toUpperCase())) {
    let after = levelEnd;
    if (levelBracket) after = input.charCodeAt(after) === 93 ? after + 1 : -1;
    if (after > 0 && input.charCodeAt(after) === 58) after++;
    if (after > 0 && (after >= to || input.charCodeAt(after) === 32)) end = after;
  }
  // Nothing past the region is folded (a prefix cut by the region's end is left as it is).
  return end <= to ? end - at : 0;
}

/**
 * Width of what folds to a line break at `at` under foldRegion's `lineStarts` (0 for nothing): a bare
 * block-level tag (blockTagWidth), or at a line's start (`atLineStart`) a log line's prefix
 * (logPrefixWidth).
 */
function lineStartAt(input: string, at: number, to: number, atLineStart: boolean): number {
  const codeUnit = input.charCodeAt(at);
  if (codeUnit === 60) return blockTagWidth(input, at, to);
  if (atLineStart && (codeUnit === 91 || isDigitCode(codeUnit))) return logPrefixWidth(input, at, to);
  return 0;
}

/**
 * Width in the original of the folded unit that starts at `start`, for a region ending at `end`: escapes
 * and comment delimiters span several code units, everything else one. (Recomputed on demand instead of
 * stored per unit; only segment ends need it.) A collapsed whitespace run and a log-line prefix (folded
 * to a line break) are never a segment end, so their widths are not needed.
 */
function originalWidthAt(input: string, start: number, end: number, lineStarts: boolean): number {
  const codeUnit = input.charCodeAt(start);
  if (codeUnit === BACKSLASH && start + 1 < end) {
    const next = input.charCodeAt(start + 1);
    if (next === 110 || next === 114 || next === 116 || next === 34 || next === BACKSLASH || next === 47)
      return 2;
    if (
      next === 117 &&
      start + 5 < end &&
      hexValue(input.charCodeAt(start + 2)) >= 0 &&
      hexValue(input.charCodeAt(start + 3)) >= 0 &&
      hexValue(input.charCodeAt(start + 4)) >= 0 &&
      hexValue(input.charCodeAt(start + 5)) >= 0
    ) {
      return 6;
    }
    return 1;
  }
  if (codeUnit === 60) {
    if (start + 4 <= end && input.startsWith("!--", start + 1)) return 4;
    const tag = lineStarts ? blockTagWidth(input, start, end) : 0;
    return tag > 0 ? tag : 1;
  }
  if (
    codeUnit === 45 &&
    start + 3 <= end &&
    input.charCodeAt(start + 1) === 45 &&
    input.charCodeAt(start + 2) === 62
  ) {
    return 3;
  }
  return 1;
}

/** Entries per anchor word in FoldedRegion.hits. */
export const HIT_STRIDE = 4;

/**
 * `hits` with the anchor word in `slot` that ends at folded index `end` written at `hitCount` (grown when
 * full): the end, its rules anchored on it masked by `anchorFilter` (-1 keeps all; without a bracket
 * since the previous word it drops the bracket-anchored rules), the rules it is a companion of, its
 * learned gate weight.
 */
function withHit(
  hits: Int32Array,
  hitCount: number,
  end: number,
  anchors: AnchorTable,
  slot: number,
  anchorFilter: number,
): Int32Array {
  const target = hitCount + HIT_STRIDE > hits.length ? grown(hits, hitCount) : hits;
  target[hitCount] = end;
  target[hitCount + 1] = anchors.anchorMaskAt(slot) & anchorFilter;
  target[hitCount + 2] = anchors.companionMaskAt(slot);
  target[hitCount + 3] = anchors.gateWeightAt(slot);
  return target;
}

/** Doubles an Int32Array's capacity, keeping its first `used` entries. */
function grown(array: Int32Array, used: number): Int32Array {
  const larger = new Int32Array(array.length * 2);
  larger.set(array.subarray(0, used));
  return larger;
}

/**
 * A region of the scanned text folded for matching (see foldRegion), plus what the segmenter needs from
 * the same pass: the anchor words found and the positions of possible segment boundaries. The arrays are
 * buffers reused by the next foldRegion call: only the first `length` (`hitCount`, `markCount`) entries
 * are meaningful.
 */
export class FoldedRegion {
  /** The folded code units: lower case, homoglyphs and leetspeak mapped, whitespace collapsed, invisibles dropped. */
  codes: Uint16Array;
  /** `originalStart[i]` is the first index in the scanned text that folded unit `i` stands for. */
  originalStart: Int32Array;
  /** Number of folded code units. */
  length = 0;
  /**
   * Anchor words, in order: `hits[4k]` is the folded index right after the word (where the word ends),
   * `hits[4k + 1]` the rules anchored on it (bracket-anchored rules only when a bracket came since the
   * previous word, see InstructionRule.anchorAfterBracket), `hits[4k + 2]` the rules it is a companion of,
   * `hits[4k + 3]` its learned gate weight (AnchorTable.setGate).
   */
  hits: Int32Array = new Int32Array(48);
  hitCount = 0;
  /** Folded indices of every line break, sentence-end character (`. ! ? 。 ！`) and `"`, in order. */
  marks: Int32Array = new Int32Array(64);
  markCount = 0;
  /** The scanned text and the end of the region in it, for originalEndOf and the segmenter's case check. */
  input = "";
  inputEnd = 0;
  /** Whether block-level tags and log-line prefixes were folded to line breaks (foldRegion's `lineStarts`). */
  lineStarts = true;

  /** `codes` as bytes, for textOf. */
  private readonly codeBytes: Buffer;

  constructor(capacity: number) {
    this.codes = new Uint16Array(capacity);
    this.originalStart = new Int32Array(capacity);
    this.codeBytes = Buffer.from(this.codes.buffer, 0, this.codes.byteLength);
  }

  /** One past the last index in the scanned text that folded unit `index` stands for. */
  originalEndOf(index: number): number {
    const start = this.originalStart[index]!;
    return start + originalWidthAt(this.input, start, this.inputEnd, this.lineStarts);
  }

  /**
   * The folded code units [start, end) as a string. Decoded from a Buffer made once per region buffer:
   * a TextDecoder (or String.fromCharCode) call needs a fresh typed-array view per string, and the
   * view cost the most; on the benign corpus' checked segments (~65 units each) this measured about
   * half the time of either.
   */
  textOf(start: number, end: number): string {
    return this.codeBytes.toString("utf16le", start * 2, end * 2);
  }
}

// The region reused across calls (the scanner consumes each result before the next call), so a call
// allocates nothing per character. Regions above SCRATCH_LIMIT get a fresh one that is not kept.
const SCRATCH_LIMIT = 1 << 20;
let scratchRegion = new FoldedRegion(1024);

/**
 * Folds `input[from, to)` for matching in one left-to-right pass (O(n) time and memory).
 *
 * - lower case, fullwidth forms, Cyrillic/Greek homoglyphs and small capitals map to ASCII letters;
 * - zero-width, bidi and other invisible characters are dropped; combining accents are dropped;
 * - whitespace runs collapse to one space, runs containing a line break to one newline;
 * - JSON escapes (`\n`, `\r`, `\t`, `\"`, `\\`, `\uXXXX`) are decoded, so an escaped newline is a line break;
 * - HTML comment delimiters (`<!--`, `-->`) become line breaks, so a hidden comment is scanned as its own line;
 * - with `lineStarts`, a bare block-level tag ("<p>", "</li>", "<br/>"; endsRenderedLine) becomes a line break, as
 *   the page renders it, and so does a log line's date, time and severity (logPrefixWidth), so the line's
 *   text opens a sentence (the learned stage's training reads texts without either, see
 *   learned-candidates.ts);
 * - leetspeak digits inside mostly-letter words become letters.
 *
 * Nothing outside [from, to) is read. While folding, every folded word (maximal run of word characters)
 * is hashed and looked up in `anchors`, and possible segment boundaries are recorded (FoldedRegion.hits
 * and marks, for segmentRegion). The result may be the scratch region that the next call overwrites:
 * use it before calling again. Never throws; any string (including lone surrogates) is accepted.
 */
export function foldRegion(
  input: string,
  from: number,
  to: number,
  anchors: AnchorTable,
  lineStarts = true,
): FoldedRegion {
  const capacity = to - from;
  let region: FoldedRegion;
  if (capacity > SCRATCH_LIMIT) {
    region = new FoldedRegion(capacity);
  } else {
    if (scratchRegion.codes.length < capacity) {
      const previous = scratchRegion;
      scratchRegion = new FoldedRegion(Math.max(capacity, previous.codes.length * 2));
      scratchRegion.hits = previous.hits;
      scratchRegion.marks = previous.marks;
    }
    region = scratchRegion;
  }
  const codes = region.codes;
  const originalStart = region.originalStart;
  let hits = region.hits;
  let marks = region.marks;
  let hitCount = 0;
  let markCount = 0;
  const fold = FOLD;
  const word = WORD_CHARACTER;
  const classes = FOLDED_CLASS;
  const bracketOnly = ~anchors.rulesAnchoredAfterBracket;
  let count = 0;
  // Word hashing of the folded codes (as the pre-filter does it, see anchor-table.ts extendWordHash).
  let hash = SEED;
  let inWord = false;
  // True when an opening bracket was written since the last word ended (see FoldedRegion.hits). Not
  // reset at segment boundaries, which can only keep a rule, never drop one.
  let afterBracket = false;
  // Leetspeak state for the current original word run.
  let runEnd = -1;
  let runAllowsLeet = false;
  let index = from;
  while (index < to) {
    let codeUnit = input.charCodeAt(index);
    // Hot path: a letter that folds to a-z (most of any text) is copied with no further checks.
    const letter = fold[codeUnit]!;
    if (letter >= 97 && letter <= 122) {
      codes[count] = letter;
      originalStart[count] = index;
      count++;
      index++;
      hash = ((hash << 7) | (hash >>> 25)) ^ letter;
      inWord = true;
      continue;
    }
    let folded: number;
    let width = 1;
    let lineStartWidth = 0;
    if (letter <= NEWLINE_FOLD) {
      // Second hot path: an invisible or whitespace character, which is never part of an escape or a
      // comment delimiter (the bulk of whitespace and zero-width floods, and every space between words).
      if (letter === DROP) {
        index++;
        continue;
      }
      folded = letter;
    } else {
      if (lineStarts && (codeUnit === 60 || codeUnit === 91 || isDigitCode(codeUnit)))
        lineStartWidth = lineStartAt(input, index, to, count === 0 || codes[count - 1] === NEWLINE);
      if (codeUnit === BACKSLASH && index + 1 < to) {
        const next = input.charCodeAt(index + 1);
        if (next === 110 || next === 114) {
          codeUnit = NEWLINE;
          width = 2;
        } else if (next === 116) {
          codeUnit = SPACE;
          width = 2;
        } else if (next === 34 || next === BACKSLASH || next === 47) {
          // \" is a quote inside a JSON string, not a string delimiter: fold it to a typographic quote.
          codeUnit = next === 34 ? ESCAPED_QUOTE : next;
          width = 2;
        } else if (next === 117 && index + 5 < to) {
          const a = hexValue(input.charCodeAt(index + 2));
          const b = hexValue(input.charCodeAt(index + 3));
          const c = hexValue(input.charCodeAt(index + 4));
          const d = hexValue(input.charCodeAt(index + 5));
          if (a >= 0 && b >= 0 && c >= 0 && d >= 0) {
            codeUnit = (a << 12) | (b << 8) | (c << 4) | d;
            width = 6;
          }
        }
      } else if (codeUnit === 60 && index + 4 <= to && input.startsWith("!--", index + 1)) {
        codeUnit = NEWLINE;
        width = 4;
      } else if (lineStartWidth > 0) {
        // A bare block-level tag, or a log line's date, time and severity: a line break as shown.
        width = lineStartWidth;
        codeUnit = NEWLINE;
      } else if (
        codeUnit === 45 &&
        index + 3 <= to &&
        input.charCodeAt(index + 1) === 45 &&
        input.charCodeAt(index + 2) === 62
      ) {
        codeUnit = NEWLINE;
        width = 3;
      } else if (word[codeUnit] === 1 && codeUnit >= 48 && codeUnit <= 57) {
        if (index >= runEnd) {
          // First digit of a word run: count the run's letters and digits once (back to its start and
          // forward to its end), so every run is scanned at most twice and plain words not at all.
          let runStart = index;
          while (runStart > from && word[input.charCodeAt(runStart - 1)] === 1) runStart--;
          let letters = 0;
          let digits = 0;
          let otherDigits = 0;
          let nonHexLetters = 0;
          let digitAfterLetter = false;
          let scan = runStart;
          while (scan < to) {
            const inRun = input.charCodeAt(scan);
            if (word[inRun] !== 1) break;
            if (inRun >= 48 && inRun <= 57) {
              digits++;
              if (LEET_DIGITS[inRun - 48] === 0) otherDigits++;
              if (letters > 0) digitAfterLetter = true;
            } else {
              letters++;
              const lower = inRun | 32;
              if (inRun !== 95 && !(lower >= 97 && lower <= 102)) nonHexLetters++;
            }
            scan++;
          }
          runEnd = scan;
          runAllowsLeet =
            letters >= digits ||
            (otherDigits === 0 && digitAfterLetter && (nonHexLetters > 0 || letters + digits <= 6));
        }
        if (runAllowsLeet) {
          const leet = LEET_DIGITS[codeUnit - 48]!;
          if (leet !== 0) codeUnit = leet;
        }
      }
      // An escaped quote, backslash or slash is taken as it is; everything else goes through the table.
      folded =
        width === 2 && codeUnit !== NEWLINE && codeUnit !== SPACE
          ? codeUnit
          : width === 1 || codeUnit !== NEWLINE
            ? fold[codeUnit]!
            : NEWLINE_FOLD;
      if (folded === DROP) {
        index += width;
        continue;
      }
    }
    if (folded === SPACE_FOLD || folded === NEWLINE_FOLD) {
      // Collapse whitespace runs; a run containing a line break becomes one newline.
      const last = count > 0 ? codes[count - 1]! : NEWLINE;
      if (last === SPACE || last === NEWLINE) {
        if (last === SPACE && folded === NEWLINE_FOLD) {
          codes[count - 1] = NEWLINE;
          // The space was the last unit written, so its mark still lands in order.
          if (markCount === marks.length) marks = grown(marks, markCount);
          marks[markCount++] = count - 1;
        }
        index += width;
        continue;
      }
      folded = folded === NEWLINE_FOLD ? NEWLINE : SPACE;
    }
    // Write one folded unit other than a-z.
    const kind = classes[folded]!;
    if ((kind & WORD_BIT) !== 0) {
      hash = ((hash << 7) | (hash >>> 25)) ^ folded;
      inWord = true;
    } else {
      if (inWord) {
        const slot = anchors.find(hash);
        if (slot >= 0) {
          hits = withHit(hits, hitCount, count, anchors, slot, afterBracket ? -1 : bracketOnly);
          hitCount += HIT_STRIDE;
        }
        hash = SEED;
        inWord = false;
        afterBracket = false;
      }
      if ((kind & BRACKET_BIT) !== 0) afterBracket = true;
      else if ((kind & MARK_BIT) !== 0) {
        if (markCount === marks.length) marks = grown(marks, markCount);
        marks[markCount++] = count;
      }
    }
    codes[count] = folded;
    originalStart[count] = index;
    count++;
    index += width;
  }
  if (inWord) {
    const slot = anchors.find(hash);
    if (slot >= 0) {
      hits = withHit(hits, hitCount, count, anchors, slot, afterBracket ? -1 : bracketOnly);
      hitCount += HIT_STRIDE;
    }
  }
  region.length = count;
  region.hits = hits;
  region.hitCount = hitCount / HIT_STRIDE;
  region.marks = marks;
  region.markCount = markCount;
  region.input = input;
  region.inputEnd = to;
  region.lineStarts = lineStarts;
  return region;
}
