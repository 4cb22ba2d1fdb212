import type { RemovalRange } from "./expand-removals";
import { LEXICON } from "./lexicon";

/** How far before a quotation the words that make it a mention are looked for. */
const LOOKBACK = 120;
/** How many words before the quotation are checked. */
const WORDS_CHECKED = 8;

function isOpeningQuote(codeUnit: number): boolean {
  return (
    codeUnit === 34 || codeUnit === 0x201c || codeUnit === 0x201e || codeUnit === 0xab || codeUnit === 0x2018
  );
}

/**
 * True when the removal at text[start, ...) is the content of a quotation that the text around it
 * presents as an example or a quote, not an order: the quotation opens right before it (a quote mark,
 * also JSON-escaped), and the words before the quote mark introduce a mention ("phrases like",
 * "Sätze wie", "frasi come") or, before a colon, talk about attacks or examples ("A typical attack text
 * is: \"...\"", "Un tipico testo di attacco è: \"...\""). A JSON key before the colon ("message": "...")
 * does not count. Bounded lookback, so linear over all removals.
 */
export function isQuotedMentionAt(text: string, start: number): boolean {
  let index = start - 1;
  while (index >= 0 && (text.charCodeAt(index) === 32 || text.charCodeAt(index) === 9)) index--;
  if (index < 0 || !isOpeningQuote(text.charCodeAt(index))) return false;
  index--;
  if (index >= 0 && text.charCodeAt(index) === 92) index--; // \" inside a JSON or YAML string
  while (index >= 0 && (text.charCodeAt(index) === 32 || text.charCodeAt(index) === 9)) index--;
  const afterColon = index >= 0 && (text.charCodeAt(index) === 58 || text.charCodeAt(index) === 0xff1a);
  if (afterColon) {
    index--;
    while (index >= 0 && text.charCodeAt(index) === 32) index--;
    // "key": "value" is JSON, not a quotation introduced by prose.
    if (index >= 0 && (text.charCodeAt(index) === 34 || text.charCodeAt(index) === 39)) return false;
  }
  const from = Math.max(0, index + 1 - LOOKBACK);
  const before = text.slice(from, index + 1).toLowerCase();
  const words = before.split(/[^\p{L}\p{N}'.-]+/u).filter((word) => word !== "");
  const checked = words.slice(-WORDS_CHECKED);
  if (checked.length === 0) return false;
  if (!afterColon) return LEXICON.quoteIntroducers.has(checked[checked.length - 1]!);
  return checked.some((word) => LEXICON.metaWords.has(word) || LEXICON.quoteIntroducers.has(word));
}

/** The removals that are not quoted mentions (see isQuotedMentionAt). */
export function withoutQuotedMentions(text: string, removals: RemovalRange[]): RemovalRange[] {
  return removals.filter((removal) => !isQuotedMentionAt(text, removal.start));
}
