import { CHARACTER_FOLD } from "./character-fold-table";
import { REWRITE_FILLER } from "./character-references";

/**
 * Letters written in the "fancy text" styles that live outside the Basic Multilingual Plane: the
 * Mathematical Alphanumeric Symbols ("𝐈𝐠𝐧𝐨𝐫𝐞", "𝘐𝘨𝘯𝘰𝘳𝘦", "𝕀𝕘𝕟𝕠𝕣𝕖", "𝙸𝚐𝚗𝚘𝚛𝚎", U+1D400-U+1D7FF) and the
 * squared, negative circled and negative squared capitals ("🄸🄶🄽", "🅘🅖🅝", "🅸🅶🅽", U+1F130-U+1F189) and the
 * regional indicator letters ("🇮​🇬​🇳", U+1F1E6-U+1F1FF; a flag is a pair of them, "🇩🇪" reads "DE").
 * Web "font generators" produce them, a reader sees the words, and the scanner's per-code-unit folding
 * (character-fold-table.ts, a 64K table) cannot map a surrogate pair. The circled and letterlike forms of
 * the BMP ("ⓘⓖⓝ", "ℌ") are in that table.
 *
 * withStyledLettersFolded rewrites each such pair as its ASCII letter followed by a soft hyphen, which
 * the scanner drops: the text keeps its length, so every position the scan reports is a position
 * of the original text (scan-tool-result-text.ts scanAtDepth rebuilds the output from the original).
 * Why a rewrite rather than a second table: the pre-filter, the folder and every rule read the text,
 * and one O(n) pass that only texts holding such a pair pay for keeps all of them as they are.
 */

const MATH_FIRST = 0x1d400;
const MATH_LAST = 0x1d7ff;
const ENCLOSED_FIRST = 0x1f130;
const ENCLOSED_LAST = 0x1f1ff;
/** The regional indicator symbols, letters of flag pairs ("🇩🇪") also written one by one as letters. */
const REGIONAL_FIRST = 0x1f1e6;
const NEGATIVE_SQUARED_LAST = 0x1f189;
/** The high surrogates of the two ranges. */
const MATH_HIGH = 0xd835;
const ENCLOSED_HIGH = 0xd83c;

/** The folded ASCII letter or digit of each code point of the two ranges, 0 for none. */
const MATH_LETTERS = new Uint8Array(MATH_LAST - MATH_FIRST + 1);
const ENCLOSED_LETTERS = new Uint8Array(ENCLOSED_LAST - ENCLOSED_FIRST + 1);

/**
 * The ASCII letter or digit a code point is under NFKC ("𝐀" -> "A", case kept), or for a Greek letter
 * the scanner's homoglyph ("𝛂" -> "α" -> "a"); 0 for none.
 */
function asciiOf(codePoint: number): number {
  const normalized = String.fromCodePoint(codePoint).normalize("NFKC");
  if (normalized.length !== 1) return 0;
  const code = normalized.charCodeAt(0);
  if (code < 128) return /[A-Za-z0-9]/.test(normalized) ? code : 0;
  const folded = CHARACTER_FOLD[code]!;
  return folded >= 97 && folded <= 122 ? folded : 0;
}

for (let codePoint = MATH_FIRST; codePoint <= MATH_LAST; codePoint++)
  MATH_LETTERS[codePoint - MATH_FIRST] = asciiOf(codePoint);
for (let codePoint = ENCLOSED_FIRST; codePoint <= ENCLOSED_LAST; codePoint++) {
  // The negative circled and negative squared capitals have no compatibility decomposition: by offset.
  const offset = (codePoint - ENCLOSED_FIRST) % 0x20;
  if (codePoint >= REGIONAL_FIRST)
    ENCLOSED_LETTERS[codePoint - ENCLOSED_FIRST] = 65 + codePoint - REGIONAL_FIRST;
  else if (codePoint <= NEGATIVE_SQUARED_LAST)
    ENCLOSED_LETTERS[codePoint - ENCLOSED_FIRST] =
      asciiOf(codePoint) || (offset < 26 && codePoint >= 0x1f150 ? 65 + offset : 0);
}

/** The folded letter of the surrogate pair at `index` (its high half), or 0. */
function styledLetterAt(text: string, index: number): number {
  const high = text.charCodeAt(index);
  const low = text.charCodeAt(index + 1);
  if (low < 0xdc00 || low > 0xdfff) return 0;
  const codePoint = ((high - 0xd800) << 10) + (low - 0xdc00) + 0x10000;
  if (high === MATH_HIGH) return codePoint <= MATH_LAST ? MATH_LETTERS[codePoint - MATH_FIRST]! : 0;
  if (codePoint >= ENCLOSED_FIRST && codePoint <= ENCLOSED_LAST)
    return ENCLOSED_LETTERS[codePoint - ENCLOSED_FIRST]!;
  return 0;
}

/**
 * `text` with every styled letter (see the file comment) written as its ASCII letter and a zero-width
 * space, the same length; `text` itself when it holds none. Two native searches for a text without the
 * ranges' high surrogates; one pass otherwise.
 */
export function withStyledLettersFolded(text: string): string {
  const math = text.indexOf(String.fromCharCode(MATH_HIGH));
  const enclosed = text.indexOf(String.fromCharCode(ENCLOSED_HIGH));
  if (math < 0 && enclosed < 0) return text;
  let index = math < 0 ? enclosed : enclosed < 0 ? math : Math.min(math, enclosed);
  let result = "";
  let copied = 0;
  for (; index < text.length - 1; index++) {
    const high = text.charCodeAt(index);
    if (high !== MATH_HIGH && high !== ENCLOSED_HIGH) continue;
    const letter = styledLetterAt(text, index);
    if (letter === 0) continue;
    result += text.slice(copied, index);
    result += String.fromCharCode(letter);
    result += REWRITE_FILLER;
    index++;
    copied = index + 1;
  }
  return copied === 0 ? text : result + text.slice(copied);
}
