import { hexDigitValue } from "./base64";
import { REWRITE_FILLER } from "./character-references";

/**
 * Text hidden in URL encoding: a link or query string that carries the order ("...?q=Ignore%20all%20
 * previous%20instructions%20and%20...", "note=Vergiss+deine+Regeln%2C+..."), or a whole payload written
 * as %XX escapes. A browser, a log viewer and the model read the words; the scanner read one long token,
 * so the order passed.
 *
 * withPercentEncodingDecoded writes each escape of such a token as the character it encodes followed by
 * soft hyphens up to the escape's length ("%20" -> " " and two fillers; "%C3%BC" -> "ü" and five), which
 * the scanner drops (character-fold-table.ts): the text keeps its length, so every position the scan
 * reports is one of the original text (scan-tool-result-text.ts scanAtDepth rebuilds the output from the
 * original, as for the other same-length rewrites). In the query ("?" onwards) of such a token, the
 * "=" before a value of six words or more reads as a line break, so the value is read as a text of its
 * own; other "=" and the "&" between fields read as spaces, and "+" is the space of a form-encoded
 * query.
 *
 * Only tokens (runs without white space) with MIN_ESCAPES escapes or more are decoded: "50%" and a lone
 * "%2F" in a path are left alone. Escapes of control characters stay as they are, except a line break
 * (decoded: a forged chat turn keeps its lines) and a tab (a space); UTF-8 sequences that are not valid
 * stay too, and so does "%25" (a literal "%", which would otherwise start a second layer).
 */

/** Escapes a token needs before it is decoded. */
const MIN_ESCAPES = 3;

/** The byte of the escape at `at` ("%" there), or -1. */
function escapedByte(text: string, at: number): number {
  if (text.charCodeAt(at) !== 37 || at + 2 >= text.length) return -1;
  const high = hexDigitValue(text.charCodeAt(at + 1));
  const low = hexDigitValue(text.charCodeAt(at + 2));
  return high < 0 || low < 0 ? -1 : high * 16 + low;
}

function isSpace(codeUnit: number): boolean {
  return codeUnit <= 32 || codeUnit === 0xa0 || codeUnit === 0x2028 || codeUnit === 0x2029;
}

/**
 * The character the escape sequence at `at` encodes and the sequence's length, as
 * `unit * 16 + escapes` (escapes of three characters each), or -1 when it is not decoded: printable
 * ASCII, a line break, a tab (read as a space), or a valid UTF-8 sequence of two or three bytes.
 */
function sequenceAt(text: string, at: number): number {
  const lead = escapedByte(text, at);
  if (lead < 0) return -1;
  if (lead < 0x80) {
    if (lead === 9) return 0x20 * 16 + 1;
    if ((lead < 0x20 && lead !== 10 && lead !== 13) || lead === 0x7f || lead === 0x25) return -1;
    return lead * 16 + 1;
  }
  const continuations = lead >= 0xc2 && lead <= 0xdf ? 1 : lead >= 0xe0 && lead <= 0xef ? 2 : -1;
  if (continuations < 0) return -1;
  let unit = lead & (continuations === 1 ? 0x1f : 0x0f);
  for (let index = 1; index <= continuations; index++) {
    const byte = escapedByte(text, at + 3 * index);
    if (byte < 0x80 || byte > 0xbf) return -1;
    unit = (unit << 6) | (byte & 0x3f);
  }
  if ((continuations === 2 && unit < 0x800) || (unit >= 0xd800 && unit <= 0xdfff)) return -1;
  return unit * 16 + continuations + 1;
}

/** Word gaps a query value needs to be read as a sentence of its own (six words or more). */
const SENTENCE_GAPS = 5;

/**
 * True when the query value from `start` (after its "=") to the next "&" or `end` has SENTENCE_GAPS
 * encoded spaces or more ("%20", "+", an encoded line break).
 */
function valueIsSentence(text: string, start: number, end: number): boolean {
  let gaps = 0;
  for (let index = start; index < end && text.charCodeAt(index) !== 38; index++) {
    const codeUnit = text.charCodeAt(index);
    if (codeUnit === 43) gaps++;
    else if (codeUnit === 37) {
      const byte = escapedByte(text, index);
      if (byte === 0x20 || byte === 0x0a) gaps++;
    }
    if (gaps >= SENTENCE_GAPS) return true;
  }
  return false;
}

/**
 * `text` with the escapes of its URL-encoded tokens (see the file comment) decoded in place, the same
 * length; `text` itself when it holds none. One native search when the text has no "%"; otherwise one
 * walk from "%" to "%" and one pass over each token that holds an escape.
 */
export function withPercentEncodingDecoded(text: string): string {
  let at = text.indexOf("%");
  if (at < 0) return text;
  let result = "";
  let copied = 0;
  while (at >= 0 && at < text.length) {
    if (escapedByte(text, at) < 0) {
      at = text.indexOf("%", at + 1);
      continue;
    }
    let start = at;
    while (start > copied && !isSpace(text.charCodeAt(start - 1))) start--;
    let end = at;
    let escapes = 0;
    while (end < text.length && !isSpace(text.charCodeAt(end))) {
      if (escapedByte(text, end) >= 0) {
        escapes++;
        end += 3;
      } else end++;
    }
    if (escapes >= MIN_ESCAPES) {
      result += text.slice(copied, start);
      let query = false;
      let afterValue = false;
      let index = start;
      while (index < end) {
        const codeUnit = text.charCodeAt(index);
        const found = codeUnit === 37 ? sequenceAt(text, index) : -1;
        if (found >= 0) {
          const length = 3 * (found % 16);
          result += String.fromCharCode(Math.floor(found / 16));
          result += REWRITE_FILLER.repeat(length - 1);
          index += length;
          continue;
        }
        // A field whose value is a sentence reads as a line of its own: "?q=Ignore%20all%20..." shows
        // "?q" and then "Ignore all ..." as a line, as a reader of the decoded link sees it. A short
        // value stays in the link ("?q=delete%20my%20account" is what someone searched for).
        if (codeUnit === 63) query = true;
        if (query && codeUnit === 61 && !afterValue) {
          result += valueIsSentence(text, index + 1, end) ? "\n" : " ";
          afterValue = true;
        } else if (query && codeUnit === 38) {
          result += " ";
          afterValue = false;
        } else result += query && codeUnit === 43 ? " " : text[index];
        index++;
      }
      copied = end;
    }
    at = text.indexOf("%", end);
  }
  return copied === 0 ? text : result + text.slice(copied);
}
