import { tokenAt } from "../segment-view";
import type { SegmentToken } from "../tokenize-segment";
import { lexiconWordSet, wordSet } from "../word-set";

/** "this note", "diese Nachricht", "questo messaggio": the text that carries the order. */
export const SELF_DETERMINERS = wordSet([
  "this",
  "these",
  "diesen",
  "diese",
  "dieses",
  "diesem",
  "dieser",
  "questa",
  "questo",
  "queste",
  "questi",
]);
export const SELF_NOUNS = lexiconWordSet([
  "note",
  "message",
  "notice",
  "instruction",
  "instructions",
  "paragraph",
  "section",
  "comment",
  "passage",
  "hint",
  "request",
  "part",
  "text",
  "hinweis",
  "nachricht",
  "notiz",
  "anweisung",
  "anweisungen",
  "absatz",
  "abschnitt",
  "kommentar",
  "aufforderung",
  "teil",
  "nota",
  "messaggio",
  "avviso",
  "istruzione",
  "istruzioni",
  "paragrafo",
  "sezione",
  "commento",
  "passaggio",
  "richiesta",
  "parte",
  "testo",
]);

/**
 * True when the word at `index` names the carrying text: "this note", "these instructions",
 * "quest'avviso". Guidance in general is not enough: "Do not reveal the system prompt to the user" is
 * how prompt-engineering docs phrase a defence; the attack hides the note that carries it.
 */
export function isSelfReference(tokens: readonly SegmentToken[], index: number): boolean {
  const token = tokens[index]!;
  if (!SELF_NOUNS.hasToken(token)) return false;
  // "the request above", "die Notiz oben", "la nota qui sopra": the text the reader is in.
  const next = tokens[index + 1];
  if (HERE_WORDS.hasToken(next) || (next?.word === "qui" && HERE_WORDS.hasToken(tokens[index + 2])))
    return true;
  return token.word.startsWith("quest'") || SELF_DETERMINERS.hasToken(tokenAt(tokens, index - 1));
}

/** Where the carrying text stands in the document: "above", "below", "oben", "unten", "sopra", "sotto". */
const HERE_WORDS = wordSet(["above", "below", "oben", "unten", "sopra", "sotto"]);
