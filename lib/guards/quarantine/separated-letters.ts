import { REWRITE_FILLER } from "./character-references";
import { lineEndFrom, lineStartBefore } from "./text-lines";

/**
 * Words spelled letter by letter with a mark, a symbol or an emoji between the letters: "I.g.n.o.r.e
 * a.l.l p.r.e.v.i.o.u.s i.n.s.t.r.u.c.t.i.o.n.s", "V-e-r-g-i-s-s d-e-i-n-e R-e-g-e-l-n",
 * "i_s_t_r_u_z_i_o_n_i", "s*e*n*d", "I♥g♥n♥o♥r♥e", "I🙂g🙂n🙂o". A reader sees the words; the scanner saw one-letter tokens, so an order spelled this way
 * passed. (Letters spaced with blanks, "I g n o r e", are read by disguised-words.ts, which needs the
 * double blank between words that this spelling does not.)
 *
 * withSeparatedLettersJoined writes each separator of such a run as soft hyphens, which the scanner drops
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
/** The ASCII marks read as separators between spelled letters. */
const ASCII_MARKS = String.raw`.\-_*|/~+^`;
/**
 * The symbols read as separators: section and degree signs, middle dots and bullets, geometric shapes, the
 * miscellaneous symbols and dingbats ("♥", "★", "✦", "❤"), the star "⭐", and any emoji outside the BMP
 * (a surrogate pair), each with an optional variation selector.
 */
const SYMBOL_MARKS = String.raw`\u00a7\u00b0\u00b7\u2022\u203b\u25a0-\u27bf\u2b50`;
/**
 * The separator between spelled letters, captured so that the same one repeats between every two
 * letters. Not a quote, a bracket, a backslash ("\\n\\n\\n\\n" in a JSON string is four line breaks,
 * not the letters "nnnn"), nor the commas, colons and other marks of ordinary prose and data.
 */
const SEPARATOR = String.raw`([${ASCII_MARKS}${SYMBOL_MARKS}]|[\ud83c-\ud83e][\udc00-\udfff])\ufe0f?`;

/**
 * Not after a letter or digit, unless that is the letter of an escape ("\\n" in a JSON string or a
 * calendar value: "...\\n\\nI.g.n.o.r.e" starts a run at "I").
 */
const RUN_START = `(?<!(?<!\\\\)${UNIT})`;

/**
 * Four single characters or more with one separator between each (captured, and repeated by
 * backreference), not inside a longer word.
 */
const LONG_RUN = new RegExp(
  `${RUN_START}${UNIT}${SEPARATOR}${UNIT}(?:\\1\ufe0f?${UNIT}){2,}(?!${UNIT})`,
  "g",
);

/**
 * What every long run with an ASCII separator holds, without the look-behind: a separator, a
 * character, the same separator, a character and the separator again. One native search rules out
 * nearly every text; SYMBOL_PRESENT and SYMBOL_CORE do the same for the symbol separators.
 */
const ASCII_CORE = new RegExp(`([${ASCII_MARKS}])${UNIT}\\1${UNIT}\\1`);
const SYMBOL_PRESENT = new RegExp(`[${SYMBOL_MARKS}\\ud83c-\\ud83e]`);
const SYMBOL_CORE = new RegExp(
  `([${SYMBOL_MARKS}]|[\\ud83c-\\ud83e][\\udc00-\\udfff])\ufe0f?${UNIT}\\1\ufe0f?${UNIT}\\1`,
);

/** Two single characters or more with one separator between each, not inside a longer word. */
const ANY_RUN = new RegExp(`${RUN_START}${UNIT}${SEPARATOR}${UNIT}(?:\\1\ufe0f?${UNIT})*(?!${UNIT})`, "g");

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

/** True for a letter or digit of a run (UNIT). */
function isUnit(codeUnit: number): boolean {
  return isLetter(codeUnit) || (codeUnit >= 48 && codeUnit <= 57);
}

/** How many characters of the run text[start, end) are letters, and how many letters or digits. */
function unitsIn(text: string, start: number, end: number): { letters: number; units: number } {
  let letters = 0;
  let units = 0;
  for (let index = start; index < end; index++) {
    const codeUnit = text.charCodeAt(index);
    if (isLetter(codeUnit)) letters++;
    if (isUnit(codeUnit)) units++;
  }
  return { letters, units };
}

/**
 * `text` with every separator of a spelled-out run (see the file comment) written as a soft hyphen, the
 * same length; `text` itself when it holds none. One native search for most texts; each line that holds
 * a long run is searched once more for all its runs.
 */
export function withSeparatedLettersJoined(text: string): string {
  if (!ASCII_CORE.test(text) && !(SYMBOL_PRESENT.test(text) && SYMBOL_CORE.test(text))) return text;
  const joins: { start: number; end: number }[] = [];
  let floor = 0;
  LONG_RUN.lastIndex = 0;
  for (let match = LONG_RUN.exec(text); match !== null; match = LONG_RUN.exec(text)) {
    const start = match.index;
    const end = start + match[0].length;
    if (unitsIn(text, start, end).letters < MIN_LETTERS) continue;
    // The line's start is looked for back to the end of the last line searched only.
    const lineStart = lineStartBefore(text, start, floor);
    const lineEnd = lineEndFrom(text, end, text.length);
    const separator = match[1];
    const line = text.slice(lineStart, lineEnd);
    ANY_RUN.lastIndex = 0;
    for (let run = ANY_RUN.exec(line); run !== null; run = ANY_RUN.exec(line)) {
      const runStart = lineStart + run.index;
      const runEnd = runStart + run[0].length;
      const { letters, units } = unitsIn(text, runStart, runEnd);
      const long = units >= MIN_UNITS && letters >= MIN_LETTERS;
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
      result += isUnit(text.charCodeAt(index)) ? text[index] : REWRITE_FILLER;
    copied = end;
  }
  return result + text.slice(copied);
}
