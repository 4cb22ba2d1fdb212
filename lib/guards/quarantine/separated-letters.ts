import { REWRITE_FILLER } from "./character-references";

/**
 * Words spelled letter by letter with a punctuation mark between the letters: "I.g.n.o.r.e a.l.l
 * p.r.e.v.i.o.u.s i.n.s.t.r.u.c.t.i.o.n.s", "V-e-r-g-i-s-s d-e-i-n-e R-e-g-e-l-n", "i_s_t_r_u_z_i_o_n_i",
 * "s*e*n*d". A reader sees the words; the scanner saw one-letter tokens, so an order spelled this way
 * passed. (Letters spaced with blanks, "I g n o r e", are read by disguised-words.ts, which needs the
 * double blank between words that this spelling does not.)
 *
 * withSeparatedLettersJoined writes each separator of such a run as a soft hyphen, which the scanner drops
 * (character-fold-table.ts): the text keeps its length, so every position the scan reports is one of the
 * original text (scan-tool-result-text.ts scanAtDepth rebuilds the output from the original, as for the
 * other same-length rewrites).
 *
 * A run is a single letter or digit, then the same separator and a single letter or digit at least three
 * times more (four characters or more, three of them letters): "U.S.A." and "e.g." are not touched, nor is
 * a version ("1.2.3.4" has no letter). On a line that holds such a run, shorter runs with the same
 * separator (two or three characters with a letter, "a.l.l", "t-o") are joined too: they are the short
 * words of the same spelled sentence. Joining never makes a benign text read as an order unless its
 * letters spell one.
 */

/** A letter or digit of a spelled run: ASCII, Latin-1 and Latin Extended-A/B letters, and digits. */
const UNIT = "[A-Za-z0-9\\u00c0-\\u024f]";
/** The separators read between spelled letters. */
const SEPARATOR = "([.\\-_*·•|/~])";

/**
 * Not after a letter or digit, unless that is the letter of an escape ("\\n" in a JSON string or a
 * calendar value: "...\\n\\nI.g.n.o.r.e" starts a run at "I").
 */
const RUN_START = `(?<!(?<!\\\\)${UNIT})`;

/**
 * Four single characters or more with one separator between each (captured, and repeated by
 * backreference), not inside a longer word.
 */
const LONG_RUN = new RegExp(`${RUN_START}${UNIT}${SEPARATOR}${UNIT}(?:\\1${UNIT}){2,}(?!${UNIT})`, "g");

/**
 * What every long run holds, without the look-behind: a separator, a character, the same separator, a
 * character and the separator again. One native search rules out nearly every text.
 */
const RUN_CORE = new RegExp(`${SEPARATOR}${UNIT}\\1${UNIT}\\1`);

/** Two single characters or more with one separator between each, not inside a longer word. */
const ANY_RUN = new RegExp(`${RUN_START}${UNIT}${SEPARATOR}${UNIT}(?:\\1${UNIT})*(?!${UNIT})`, "g");

/** Letters a long run needs besides digits (a run of digits is a number, a version or an address). */
const MIN_LETTERS = 3;
/** Characters of a long run (letters and digits). */
const MIN_UNITS = 4;

function isLetter(codeUnit: number): boolean {
  return (
    (codeUnit >= 65 && codeUnit <= 90) ||
    (codeUnit >= 97 && codeUnit <= 122) ||
    (codeUnit >= 0xc0 && codeUnit <= 0x24f && codeUnit !== 0xd7 && codeUnit !== 0xf7)
  );
}

/** How many characters of the run text[start, end) are letters (the others are separators or digits). */
function lettersIn(text: string, start: number, end: number): number {
  let letters = 0;
  for (let index = start; index < end; index += 2) if (isLetter(text.charCodeAt(index))) letters++;
  return letters;
}

/** Start of the line holding `index`, not before `floor` (the end of the last line searched). */
function lineStartOf(text: string, index: number, floor: number): number {
  let start = index;
  while (start > floor) {
    const codeUnit = text.charCodeAt(start - 1);
    if (codeUnit === 10 || codeUnit === 13) break;
    start--;
  }
  return start;
}

/** End of the line holding `index` (its line break, or the text's end). */
function lineEndOf(text: string, index: number): number {
  let end = index;
  while (end < text.length) {
    const codeUnit = text.charCodeAt(end);
    if (codeUnit === 10 || codeUnit === 13) break;
    end++;
  }
  return end;
}

/**
 * `text` with every separator of a spelled-out run (see the file comment) written as a soft hyphen, the
 * same length; `text` itself when it holds none. One native search for most texts; each line that holds
 * a long run is searched once more for all its runs.
 */
export function withSeparatedLettersJoined(text: string): string {
  if (!RUN_CORE.test(text)) return text;
  const joins: { start: number; end: number }[] = [];
  let floor = 0;
  LONG_RUN.lastIndex = 0;
  for (let match = LONG_RUN.exec(text); match !== null; match = LONG_RUN.exec(text)) {
    const start = match.index;
    const end = start + match[0].length;
    if (lettersIn(text, start, end) < MIN_LETTERS) continue;
    const lineStart = lineStartOf(text, start, floor);
    const lineEnd = lineEndOf(text, end);
    const separator = match[1];
    const line = text.slice(lineStart, lineEnd);
    ANY_RUN.lastIndex = 0;
    for (let run = ANY_RUN.exec(line); run !== null; run = ANY_RUN.exec(line)) {
      const runStart = lineStart + run.index;
      const runEnd = runStart + run[0].length;
      const letters = lettersIn(text, runStart, runEnd);
      const long = (runEnd - runStart + 1) / 2 >= MIN_UNITS && letters >= MIN_LETTERS;
      if (long || (run[1] === separator && letters > 0)) joins.push({ start: runStart, end: runEnd });
    }
    // The rest of this line is read; the search goes on at the next line.
    LONG_RUN.lastIndex = lineEnd;
    floor = lineEnd;
  }
  if (joins.length === 0) return text;
  let result = "";
  let copied = 0;
  for (const { start, end } of joins) {
    result += text.slice(copied, start);
    for (let index = start; index < end; index++)
      result += (index - start) % 2 === 1 ? REWRITE_FILLER : text[index];
    copied = end;
  }
  return result + text.slice(copied);
}
