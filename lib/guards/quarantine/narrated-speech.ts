import type { RemovalRange } from "./expand-removals";
import { KEPT_IN_QUOTED_DATA } from "./kept-rules";

/**
 * Speech in a story: a character's words in quotation marks with the narrator's attribution right after
 * them ('"Forget the instructions your father left," said Mrs. Alder, folding the letter.', '„Vergiss
 * alles, was ich dir heute Morgen gesagt habe", sagte Frau Kessler', '«Dimentica tutto quello che ti ho
 * detto», disse la nonna'). What a character says to another character is the story's, and the
 * scanner removed it as an order to the agent. A removal is read as such when it lies inside a
 * quotation on its line and the quotation is followed, after an optional comma or sentence mark, by a
 * verb of speaking and a speaker: a pronoun, an article, a title or a capitalised name ("said Mrs.
 * Alder", "she said", "sagte Frau Kessler", "fragte er", "disse la nonna", "rispose Marco").
 *
 * A chat-template token or an encoded payload is removed whatever the quotation. Linear: each removal
 * looks at most QUOTE_REACH characters each way on its line.
 */

/** How far from a removal its quotation's marks may stand, in characters. */
const QUOTE_REACH = 240;

/** Opening quotation marks: " “ „ « ‚ and the French and German guillemets. */
function opensQuote(codeUnit: number): boolean {
  return (
    codeUnit === 34 ||
    codeUnit === 0x201c ||
    codeUnit === 0x201e ||
    codeUnit === 0xab ||
    codeUnit === 0x201a ||
    codeUnit === 0xbb
  );
}

/** Closing quotation marks: " ” “ » ‘ and the German guillemet. */
function closesQuote(codeUnit: number): boolean {
  return (
    codeUnit === 34 ||
    codeUnit === 0x201d ||
    codeUnit === 0x201c ||
    codeUnit === 0xbb ||
    codeUnit === 0x2018 ||
    codeUnit === 0xab
  );
}

/**
 * A verb of speaking and its speaker after the closing mark: "said Mrs. Alder", "she said", "sagte
 * Frau Kessler", "fragte er", "disse la nonna", "rispose Marco". Case-sensitive for the name.
 */
const ATTRIBUTION =
  /^[,.!?;:\u2013\u2014-]?[ \t]*(?:(?:said|asked|replied|answered|whispered|shouted|called|cried|muttered|added|sagte|fragte|antwortete|rief|flüsterte|meinte|erwiderte|disse|chiese|rispose|esclamò|sussurrò|gridò|aggiunse)[ \t]+(?:[A-ZÄÖÜ][\p{L}.'-]*|he|she|they|er|sie|lui|lei|the|der|die|das|la|il|lo|Mr\.|Mrs\.|Ms\.|Dr\.|Frau|Herr|signora|signor)|(?:he|she|they|I|er|sie|ich)[ \t]+(?:said|asked|replied|whispered|sagte|fragte|antwortete))\b/u;

/** A cheap test before the removals are read: no verb of speaking, no attribution. */
const SPEAKING_WORD =
  /said|asked|replied|answered|whisper|shout|called|cried|mutter|added|sagte|fragte|antwortete|rief|flüsterte|meinte|erwiderte|disse|chiese|rispose|esclam|sussurr|gridò|aggiunse/;

/** True when text[start, end) lies in a quotation on its line followed by a narrator's attribution. */
function inNarratedSpeech(text: string, start: number, end: number): boolean {
  let open = -1;
  // The removal may open with the quotation mark itself ('„Vergiss alles ...“, sagte Frau Kessler').
  for (let at = start; at >= 0 && start - at <= QUOTE_REACH; at--) {
    const codeUnit = text.charCodeAt(at);
    if (codeUnit === 10) return false;
    if (opensQuote(codeUnit)) {
      open = at;
      break;
    }
  }
  if (open < 0) return false;
  // The first closing mark after the opening one: inside the removal ('... left,"' or the whole
  // sentence with its attribution) or after it.
  for (let at = open + 1; at < text.length && at - end <= QUOTE_REACH; at++) {
    const codeUnit = text.charCodeAt(at);
    if (codeUnit === 10) return false;
    if (closesQuote(codeUnit)) return at >= start && ATTRIBUTION.test(text.slice(at + 1, at + 60));
  }
  return false;
}

/** The removals that are not a character's speech in a story (see the file comment). */
export function withoutNarratedSpeech(text: string, removals: RemovalRange[]): RemovalRange[] {
  if (removals.length === 0 || !SPEAKING_WORD.test(text)) return removals;
  return removals.filter(
    (removal) => KEPT_IN_QUOTED_DATA.has(removal.rule) || !inNarratedSpeech(text, removal.start, removal.end),
  );
}
