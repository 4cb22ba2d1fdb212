/**
 * HTML character references in a tool result that holds a page's source: "Ignore&nbsp;all&nbsp;previous
 * instructions", "&#73;gnore", "L&#39;assistente deve", "Gr&uuml;&szlig;e". A browser shows the
 * characters; the scanner read "&nbsp;" as a word and "&#73;" as digits, so an order spelled with them
 * passed. withCharacterReferencesDecoded writes each reference as the character it names followed by
 * soft hyphens up to the reference's length: the scanner drops soft hyphens (character-fold-table.ts),
 * and the text keeps its length, so every position the scan reports is one of the original text
 * (scan-tool-result-text.ts scanAtDepth rebuilds the output from the original, and widens a removal that
 * would end inside a reference to its end).
 *
 * Left as they are: "&lt;" and "&gt;", which show markup as text (decoded, a page's escaped example of
 * "<div hidden>" would read as hidden markup); references to characters outside the BMP or to control
 * characters (a tab or line break by reference reads as the space a page shows); and any name not in
 * NAMED (the common ones of Western pages: spaces and joiners, quotes and dashes, and the accented
 * letters of German and Italian).
 */

/**
 * The filler of the same-length rewrites (this module's and styled-letters.ts'): a soft hyphen, which
 * the scanner drops like any invisible character (character-fold-table.ts) but, unlike a zero-width
 * space, does not read as a word split to disguise it (disguised-words.ts).
 */
export const REWRITE_FILLER = "\u00ad";
export const REWRITE_FILLER_CODE = 0xad;

/** Named references decoded, with their code units. */
const NAMED: ReadonlyMap<string, number> = new Map([
  ["nbsp", 0xa0],
  ["ensp", 0x2002],
  ["emsp", 0x2003],
  ["thinsp", 0x2009],
  ["shy", 0xad],
  ["zwj", 0x200d],
  ["zwnj", 0x200c],
  ["lrm", 0x200e],
  ["rlm", 0x200f],
  ["amp", 0x26],
  ["quot", 0x22],
  ["apos", 0x27],
  ["lsquo", 0x2018],
  ["rsquo", 0x2019],
  ["sbquo", 0x201a],
  ["ldquo", 0x201c],
  ["rdquo", 0x201d],
  ["bdquo", 0x201e],
  ["laquo", 0xab],
  ["raquo", 0xbb],
  ["ndash", 0x2013],
  ["mdash", 0x2014],
  ["hellip", 0x2026],
  ["auml", 0xe4],
  ["ouml", 0xf6],
  ["uuml", 0xfc],
  ["Auml", 0xc4],
  ["Ouml", 0xd6],
  ["Uuml", 0xdc],
  ["szlig", 0xdf],
  ["agrave", 0xe0],
  ["egrave", 0xe8],
  ["eacute", 0xe9],
  ["igrave", 0xec],
  ["ograve", 0xf2],
  ["ugrave", 0xf9],
  ["Agrave", 0xc0],
  ["Egrave", 0xc8],
  ["Eacute", 0xc9],
  ["Igrave", 0xcc],
  ["Ograve", 0xd2],
  ["Ugrave", 0xd9],
]);

/** The longest reference read: "&#x0000FFFF;" and the longest name fit. */
const MAX_REFERENCE = 12;

/**
 * The code unit the reference starting at `at` ("&" there) names and the reference's length, as
 * `unit * 16 + length`, or -1 when none is decoded there.
 */
function referenceAt(text: string, at: number): number {
  // The ";" is looked for within MAX_REFERENCE characters only: a text of many "&" and no ";" stays linear.
  const limit = Math.min(text.length, at + MAX_REFERENCE);
  let end = at + 2;
  while (end < limit && text.charCodeAt(end) !== 59) end++;
  if (end >= limit) return -1;
  const body = text.slice(at + 1, end);
  let unit: number;
  if (body.charCodeAt(0) === 35) {
    const hex = body.charCodeAt(1) === 120 || body.charCodeAt(1) === 88;
    const digits = body.slice(hex ? 2 : 1);
    if (digits.length === 0 || !(hex ? /^[0-9a-fA-F]+$/ : /^[0-9]+$/).test(digits)) return -1;
    unit = Number.parseInt(digits, hex ? 16 : 10);
  } else unit = NAMED.get(body) ?? -1;
  if (unit < 0 || unit > 0xffff || (unit >= 0xd800 && unit <= 0xdfff)) return -1;
  // A tab or line break by reference is white space as a page shows it ("che&#10;c'è sopra").
  if (unit === 9 || unit === 10 || unit === 13) unit = 0x20;
  if (unit < 0x20) return -1;
  // Markup shown as text stays text.
  if (unit === 0x3c || unit === 0x3e) return -1;
  return unit * 16 + (end + 1 - at);
}

/**
 * `text` with its HTML character references (see the file comment) decoded in place, the same length;
 * `text` itself when it holds none. One native search when the text has no "&"; one walk from "&" to
 * "&" otherwise.
 */
export function withCharacterReferencesDecoded(text: string): string {
  let at = text.indexOf("&");
  if (at < 0) return text;
  let result = "";
  let copied = 0;
  for (; at >= 0; at = text.indexOf("&", at + 1)) {
    const found = referenceAt(text, at);
    if (found < 0) continue;
    const length = found % 16;
    result += text.slice(copied, at);
    result += String.fromCharCode(Math.floor(found / 16));
    result += REWRITE_FILLER.repeat(length - 1);
    copied = at + length;
    at = copied - 1;
  }
  return copied === 0 ? text : result + text.slice(copied);
}
