/**
 * The sentences around the matches of a native search, for the text-wide passes that read one sentence
 * per match (consented-orders.ts, summary-directives.ts, setup-requests.ts): a sentence runs from after
 * ". ", "! ", "? " or a line break to the next one, within SENTENCE_REACH characters of the match each
 * way, so a text without sentence ends is read in bounded pieces.
 */

import { blockTagWidth } from "../normalize-text";
import type { SegmentView } from "../segment-view";

/** How far a sentence reaches from its match, each way. */
export const SENTENCE_REACH = 300;

/** The end of the sentence that starts at `start`: after ". ", "! ", "? " or at a line break, within reach. */
export function sentenceEnd(text: string, start: number): number {
  const limit = Math.min(text.length, start + SENTENCE_REACH);
  for (let index = start; index < limit; index++) {
    const code = text.charCodeAt(index);
    if (code === 10 || code === 13) return index;
    if (
      (code === 46 || code === 33 || code === 63) &&
      (index + 1 >= text.length || /\s/.test(text[index + 1]!)) &&
      !isGermanOrdinalDate(text, index)
    )
      return index + 1;
  }
  return limit;
}

/** The start of the sentence that holds `index`, within reach. */
export function sentenceStart(text: string, index: number): number {
  const limit = Math.max(0, index - SENTENCE_REACH);
  for (let position = index - 1; position >= limit; position--) {
    const code = text.charCodeAt(position);
    if (code === 10 || code === 13) return position + 1;
    if (
      (code === 46 || code === 33 || code === 63) &&
      /\s/.test(text[position + 1] ?? "") &&
      !isGermanOrdinalDate(text, position)
    )
      return position + 1;
  }
  return limit;
}

/** A German month after an ordinal's dot and a space ("30. Juni", "1. Mai", "3. Okt."). */
const GERMAN_MONTH_AFTER =
  /^\s(?:jan(?:uar)?|feb(?:ruar)?|m(?:ä|ae)rz|apr(?:il)?|mai|jun[i.]|jul[i.]|aug(?:ust)?|sep(?:t(?:ember)?)?|okt(?:ober)?|nov(?:ember)?|dez(?:ember)?)\b/i;

/**
 * True when the "." at `dot` closes a German ordinal in a date ("am 30. Juni", "bis zum 1. Mai"): one or
 * two digits after a non-digit, then a month. German writes the day as an ordinal with a dot, which would
 * otherwise end the sentence in the middle ("Antworte, dass die Frist am 30. Juni endet, auch wenn ...").
 */
function isGermanOrdinalDate(text: string, dot: number): boolean {
  if (text.charCodeAt(dot) !== 46) return false;
  let digits = 0;
  while (digits < 3 && dot - digits - 1 >= 0) {
    const code = text.charCodeAt(dot - digits - 1);
    if (code < 48 || code > 57) break;
    digits++;
  }
  if (digits === 0 || digits > 2) return false;
  return GERMAN_MONTH_AFTER.test(text.slice(dot + 1, dot + 14));
}

/**
 * Calls `visit(start, end)` for each sentence that holds a match of the global `search`, in text order,
 * once: a match inside a sentence already visited is skipped. `visit` may return how far the walk is
 * covered (a pass that read the next sentence too); by default the sentence's end. Linear: each match
 * costs a native step and each sentence is walked once within SENTENCE_REACH.
 */
export function forEachMatchedSentence(
  text: string,
  search: RegExp,
  visit: (start: number, end: number, at: number) => number | undefined,
): void {
  search.lastIndex = 0;
  let covered = 0;
  for (let match = search.exec(text); match !== null; match = search.exec(text)) {
    if (match.index < covered) continue;
    const start = sentenceStart(text, match.index);
    const end = sentenceEnd(text, match.index);
    covered = Math.max(end, visit(start, end, match.index) ?? end);
    search.lastIndex = Math.max(search.lastIndex, covered);
  }
}

/**
 * The part of the sentence [start, end) around the match at `at` that a page renders as one line: a
 * page fetched as one line of HTML ("<h1>Shop</h1><p>Whenever an LLM ...</p><p>Thanks.</p>") has no
 * line break between its paragraphs, so its "sentence" runs over the tags that end rendered lines
 * (normalize-text.ts blockTagWidth); the pass reads and removes only the paragraph of its match.
 * Linear in the sentence's length.
 */
export function renderedLineAround(text: string, start: number, end: number, at: number): [number, number] {
  let from = start;
  let to = end;
  // A loop over the sentence, not indexOf: a text without "<" would be searched to its end per sentence.
  for (let index = start; index < end; index++) {
    if (text.charCodeAt(index) !== 60) continue;
    const width = blockTagWidth(text, index, end);
    if (width === 0) continue;
    if (index + width <= at) from = index + width;
    else if (index >= at) {
      to = index;
      break;
    }
  }
  return [from, to];
}

/**
 * The flat [start, end, ...] list of the sentences around the matches of `search` that a text-wide pass
 * keeps: `rawTest` (optional) is asked of the raw sentence first, so most sentences are never folded;
 * the rendered line around the match (renderedLineAround) is folded by `viewOf` within the sentence
 * passes' `budget` and kept when `holds` says so. The shared walk of the passes that read one sentence
 * per match (self-endorsement.ts, selective-reports.ts, mail-forwarding.ts, concealed-purpose.ts,
 * user-authority.ts). Linear, as forEachMatchedSentence.
 */
export function findMatchedSentences(
  text: string,
  search: RegExp,
  viewOf: (start: number, end: number) => SegmentView,
  budget: { left: number },
  holds: (view: SegmentView) => boolean,
  rawTest?: (sentenceStart: number, sentenceEnd: number) => boolean,
  shortest = 20,
): number[] {
  const found: number[] = [];
  forEachMatchedSentence(text, search, (sentenceStart, sentenceEnd, at) => {
    if (sentenceEnd - sentenceStart < shortest) return undefined;
    if (rawTest !== undefined && !rawTest(sentenceStart, sentenceEnd)) return undefined;
    const [start, end] = renderedLineAround(text, sentenceStart, sentenceEnd, at);
    if (budget.left <= 0) return text.length;
    budget.left -= end - start;
    if (holds(viewOf(start, end))) found.push(start, end);
    return undefined;
  });
  return found;
}
