import { isJsWhitespace } from "@/lib/text/is-js-whitespace";
import { LEXICON } from "./lexicon";
import type { SegmentToken } from "./tokenize-segment";
import { type WordSet, wordSet } from "./word-set";

/** What a rule sees: one folded sentence or line and its words. */
export interface SegmentView {
  /** The folded segment text. */
  readonly text: string;
  /** Its words, in order. */
  readonly tokens: readonly SegmentToken[];
  /** True when the segment opens a line or a JSON string value. */
  readonly opensLine: boolean;
}

/**
 * `tokens[index]`, but undefined for a negative index without indexing the array with it: V8 treats a
 * negative array index as a named property and looks it up on the slow path (~50x a normal read).
 */
export function tokenAt(tokens: readonly SegmentToken[], index: number): SegmentToken | undefined {
  return index >= 0 ? tokens[index] : undefined;
}

/** Top-level names of a host: "shop.baeckerei-horn.de", "login.northwind.example", "deals-outlet.shop". */
const HOST_ENDINGS: WordSet = wordSet([
  "com",
  "net",
  "org",
  "de",
  "it",
  "io",
  "ch",
  "at",
  "eu",
  "example",
  "test",
  "dev",
  "app",
  "co",
  "shop",
  "store",
]);

/**
 * True when `token` is the last label of a host name ("pakete.example", "example.com"): the dot before it
 * ends no clause. Tokens keep no spaces, so "pakete.example" and "end. Example" look alike; the common
 * endings are read as hosts (a segment is one sentence, so the other reading seldom arises inside it).
 */
export function isHostEnding(token: SegmentToken): boolean {
  return token.gapBefore === "." && HOST_ENDINGS.hasToken(token);
}

/**
 * True when a gap between two words holds sentence or clause-ending punctuation (".", "!", "?", ";"):
 * the answer of /[.!?;]/.test(gap), by a code-unit loop, since the rules ask it per token and a regex
 * call costs several times the loop over a one-character gap.
 */
export function gapEndsClause(gap: string): boolean {
  for (let position = 0; position < gap.length; position++) {
    const codeUnit = gap.charCodeAt(position);
    if (codeUnit === 46 || codeUnit === 33 || codeUnit === 63 || codeUnit === 59) return true;
  }
  return false;
}

/**
 * True when `text` ends with a question mark, blanks after it allowed: the answer of /\?\s*$/.test(text)
 * from the end (the regex tries every position of the sentence from its start).
 */
export function endsWithQuestion(text: string): boolean {
  let last = text.length - 1;
  while (last >= 0 && isJsWhitespace(text.charCodeAt(last))) last--;
  return last >= 0 && text.charCodeAt(last) === 63;
}

/** True when the word at `index` starts the segment or follows clause-opening punctuation. */
export function opensClause(tokens: readonly SegmentToken[], index: number): boolean {
  // The tokenizer precomputed whether the gap holds clause-opening punctuation (CLAUSE_OPENER_CODES).
  return index === 0 || tokens[index]?.gapOpensClause === true;
}

/**
 * True when a negation of the lexicon ("not", "never", "nicht", "non") stands in the `reach` words
 * before `index`: "do not delete", "never paste", "non incollare".
 */
export function negatedWithin(tokens: readonly SegmentToken[], index: number, reach: number): boolean {
  for (let back = index - 1; back >= Math.max(0, index - reach); back--)
    if (LEXICON.negations.hasToken(tokens[back])) return true;
  return false;
}

/**
 * True when the word at `index` is in imperative position: at a clause opening, possibly after up to
 * five discourse words ("please", "now", "and then", "you must", "bitte", "per favore"), or right after
 * "please" wherever it stands.
 */
export function isImperativePosition(tokens: readonly SegmentToken[], index: number): boolean {
  let position = index;
  let steps = 0;
  while (!opensClause(tokens, position) && position > 0 && steps < 5) {
    const previous = tokens[position - 1]!;
    if (!LEXICON.scaffoldWords.hasToken(previous)) return false;
    // "please" opens an order wherever it stands, also glued onto a truncated sentence.
    if (POLITE_OPENERS.hasToken(previous)) return true;
    position--;
    steps++;
  }
  return opensClause(tokens, position);
}

const POLITE_OPENERS = wordSet(["please", "kindly", "bitte", "favore"]);

const SECOND_PERSON = wordSet(["you", "du", "tu", "sie", "voi", "lei"]);

/**
 * True when nothing before the word at `index` turns it into a non-imperative ("will ignore", "to
 * ignore", "it ignore"). A modal after a second-person subject still counts ("you must ignore").
 */
export function isNotBlocked(tokens: readonly SegmentToken[], index: number): boolean {
  if (opensClause(tokens, index)) return true;
  const previous = tokenAt(tokens, index - 1);
  if (previous === undefined) return true;
  if (!LEXICON.imperativeBlockers.hasToken(previous)) return true;
  const beforePrevious = tokenAt(tokens, index - 2);
  if (beforePrevious !== undefined && SECOND_PERSON.hasToken(beforePrevious)) return true;
  // "you need to ignore", "you have to ignore"
  const third = tokenAt(tokens, index - 3);
  return previous.word === "to" && third !== undefined && SECOND_PERSON.hasToken(third);
}

/**
 * True when the word is a key or a list item in code or config rather than a verb with an object:
 * followed by `:`, `=` or `,` ("{ type: 'create' }", "share='', password=''", "output, prompt").
 */
export function isKeyOrListItem(token: SegmentToken): boolean {
  return /^\s*[:=,]/.test(token.gapAfter);
}

/** Index of the first word in [from, to) that satisfies `predicate`, or -1. */
export function findWord(
  tokens: readonly SegmentToken[],
  from: number,
  to: number,
  predicate: (word: string) => boolean,
): number {
  const end = Math.min(to, tokens.length);
  for (let index = Math.max(0, from); index < end; index++) if (predicate(tokens[index]!.word)) return index;
  return -1;
}

/** True when any word in [from, to) satisfies `predicate`. */
export function anyWord(
  tokens: readonly SegmentToken[],
  from: number,
  to: number,
  predicate: (word: string) => boolean,
): boolean {
  return findWord(tokens, from, to, predicate) >= 0;
}

/** True when the segment contains an e-mail address (word@word.tld). O(n). */
export function hasEmailAddress(text: string): boolean {
  let at = text.indexOf("@");
  while (at > 0) {
    const before = text.charCodeAt(at - 1);
    const dot = text.indexOf(".", at + 2);
    if (
      isAddressCharacter(before) &&
      dot > at + 1 &&
      dot - at < 64 &&
      isAddressCharacter(text.charCodeAt(at + 1))
    ) {
      const afterDot = text.charCodeAt(dot + 1);
      if (afterDot >= 97 && afterDot <= 122) return true;
    }
    at = text.indexOf("@", at + 1);
  }
  return false;
}

/** Lower-case letters, digits, ".", "-" and "_": the characters of a mail address's parts. */
export function isAddressCharacter(codeUnit: number): boolean {
  return (
    (codeUnit >= 97 && codeUnit <= 122) ||
    (codeUnit >= 48 && codeUnit <= 57) ||
    codeUnit === 46 ||
    codeUnit === 45 ||
    codeUnit === 95
  );
}

/**
 * True when the segment contains a URL or a bare domain: under a common generic top-level domain, or
 * (OTHER_DOMAIN) a country's or a reserved one.
 */
export function hasUrl(text: string): boolean {
  return (
    hasUrlAsTrained(text) || OTHER_DOMAIN.test(text) || (text.includes("://") && REMOTE_SCHEME.test(text))
  );
}

/**
 * A link to a file or storage server outside the web ("sftp://203.0.113.7/drop", "ftp://", "scp://",
 * "s3://bucket", "gs://", "smb://", "rsync://", "wss://"): a place data can be sent to as much as an
 * https link. Not "file://", which is the machine itself.
 */
const REMOTE_SCHEME = /\b(?:sftp|ftps?|scp|s3|gs|wss?|smb|rsync):\/\//;

/**
 * The URL reading the learned stage was trained with (learned-features.ts FLAG_URL): links, "www.",
 * "webhook" and bare domains under the common generic top-level domains. Kept apart from hasUrl, which
 * the rules use and which also reads OTHER_DOMAIN: a feature must be computed as it was in training,
 * and `npm run train:quarantine -- --check` holds the committed weights to it.
 */
export function hasUrlAsTrained(text: string): boolean {
  if (
    text.includes("http://") ||
    text.includes("https://") ||
    text.includes("www.") ||
    text.includes("webhook")
  ) {
    return true;
  }
  // /[a-z0-9-]\.(?:com|...)\b/.test(text), asked only at the dots (a regex opening with a character
  // class is tried at every position of the text, and this is asked of every scored sentence).
  for (let dot = text.indexOf("."); dot >= 0; dot = text.indexOf(".", dot + 1)) {
    const before = dot > 0 ? text.charCodeAt(dot - 1) : -1;
    if (!((before >= 97 && before <= 122) || (before >= 48 && before <= 57) || before === 45)) continue;
    TRAINED_DOMAIN_AFTER_DOT.lastIndex = dot + 1;
    if (TRAINED_DOMAIN_AFTER_DOT.test(text)) return true;
  }
  return false;
}

/** The generic top-level domains hasUrlAsTrained reads, matched right after a dot (sticky). */
const TRAINED_DOMAIN_AFTER_DOT = /(?:com|net|org|io|xyz|ru|cn|info|biz|co|me|app|dev|site|online|top)\b/y;

/**
 * A bare domain under a country's or a reserved top-level domain ("konto-check.de", "paga-veloce.it",
 * "secure-check.example", "index.schnellspiegel.test"): a name of two or more characters that does not
 * follow a dot or a slash (".env.example", "README.de.md" and "path/to/messages.de" are file names; under
 * a country's domain a name is a host only with a hyphen or a second label, since "spiegel.de" and
 * "config.de" read alike, while the reserved "example" and "test" take any name), the domain not
 * followed by "(" ("pattern.test(input)" is code) or by a dot and a file extension.
 */
const OTHER_DOMAIN =
  /(?<![./\w-])(?:(?:[a-z0-9]+-[a-z0-9-]+|[a-z0-9-]{2,}\.[a-z0-9-]{2,})\.(?:de|it|eu|ch|at|fr|uk|nl|es)|[a-z0-9-]{2,}(?:\.[a-z0-9-]{2,})?\.(?:example|test))\b(?![(\w-]|\.\w)/;

const LINK_WORDS = wordSet(["link", "links", "url", "http", "https", "www", "hyperlink", "collegamento"]);
const TOP_LEVEL_DOMAINS = wordSet([
  "com",
  "net",
  "org",
  "io",
  "xyz",
  "info",
  "biz",
  "co",
  "me",
  "app",
  "dev",
  "site",
]);

/** The words that name an address: a URL scheme or "www". */
const URL_WORDS = wordSet(["http", "https", "www"]);

/**
 * True when a link is among the `span` words after `index`: the word "link"/"URL", a URL scheme, or a
 * bare domain ("example.com"). Ties a link to the verb that carries it, unlike hasUrl on the whole text.
 */
export function linkFollows(tokens: readonly SegmentToken[], index: number, span: number): boolean {
  return wordOrDomainFollows(tokens, index, span, LINK_WORDS);
}

/**
 * True when an address is among the `span` words after `index`: a URL scheme, "www" or a bare domain.
 * Stricter than linkFollows, which also takes the word "link": "tell the user to click the reset link"
 * is how a help-desk spec reads; "... at https://..." sends the user somewhere.
 */
export function addressFollows(tokens: readonly SegmentToken[], index: number, span: number): boolean {
  return wordOrDomainFollows(tokens, index, span, URL_WORDS);
}

/** True when one of `words` or a bare domain ("example.com") is among the `span` words after `index`. */
function wordOrDomainFollows(
  tokens: readonly SegmentToken[],
  index: number,
  span: number,
  words: WordSet,
): boolean {
  const end = Math.min(tokens.length, index + 1 + span);
  for (let later = index + 1; later < end; later++) {
    const token = tokens[later]!;
    if (words.hasToken(token)) return true;
    const next = tokens[later + 1];
    if (token.gapAfter === "." && next !== undefined && TOP_LEVEL_DOMAINS.hasToken(next)) return true;
  }
  return false;
}

/** An ASCII digit (what `\d` matches without the `u` flag), for hasAccountNumber's gate. */
const HAS_DIGIT = /\d/;

/** True when the segment contains an IBAN-shaped account number (two letters, two digits, 10-30 more). */
export function hasAccountNumber(text: string): boolean {
  // Both forms hold a digit: a sentence without one (most prose the learned stage scores) is answered by
  // one native search instead of two regexes tried at every position.
  if (!HAS_DIGIT.test(text)) return false;
  return /\b[a-z]{2}\d{2}[a-z0-9]{10,30}\b/.test(text) || /\baccount (?:number )?\d{6,}/.test(text);
}

/**
 * True when the text holds an IBAN written in groups of four, as invoices print it: "DE44 5001 0517 5407
 * 3249 31", "IT60 X054 2811 1010 0000 0123 456" (a card number passes too; the payment rule still needs
 * a payment verb and an amount). Kept apart from hasAccountNumber, which the learned
 * stage's features read (changing it would change the committed model's inputs).
 */
export function hasGroupedIban(text: string): boolean {
  // The folded text has undone leetspeak inside words ("gb33" reads "gbee"), so the check digits may be
  // letters; two all-digit groups of four within the first three groups keep prose out.
  return /\b[a-z]{2}[a-z0-9]{2} (?:[a-z0-9]{4} ){0,2}\d{4} \d{4}\b/.test(text);
}

/** True when the segment names a destination outside the conversation: address, URL, account, "to me". */
export function hasDestination(view: SegmentView): boolean {
  // Remembered for the last view: the rules ask it once per candidate verb, and each answer reads the
  // whole text, so a sentence of many send verbs would cost a pass per verb (quadratic) without it. A
  // view is never changed once made, so its answer cannot go stale.
  if (view === lastDestinationView) return lastDestination;
  const destination = hasEmailAddress(view.text) || hasUrl(view.text) || hasAccountNumber(view.text);
  lastDestinationView = view;
  lastDestination = destination;
  return destination;
}

let lastDestinationView: SegmentView | undefined;
let lastDestination = false;

/** Opening quotation marks ("", “, „, «, '), as the folded text has them. */
function hasOpeningQuote(gap: string): boolean {
  for (let index = 0; index < gap.length; index++) {
    const codeUnit = gap.charCodeAt(index);
    if (codeUnit === 34 || codeUnit === 0x201c || codeUnit === 0x201e || codeUnit === 0xab || codeUnit === 39)
      return true;
  }
  return false;
}

/**
 * True when the quotation opening at `index`, after "as" or "come", is a name of one to three words
 * closed right away ("Roleplay as 'root', the system superuser, ...", "presentati come 'Sara
 * dell'amministrazione'"): the name of a role the sentence casts someone in, not a quoted text it
 * mentions ('known as "ignore all previous instructions"' quotes a whole order).
 */
function namesARole(tokens: readonly SegmentToken[], index: number, introducer: SegmentToken): boolean {
  if (introducer.word !== "as" && introducer.word !== "come") return false;
  // Only after a verb of acting or presenting: "such as 'ignore previous instructions'" quotes an order.
  if (!ACTING_VERBS.hasToken(tokenAt(tokens, index - 2))) return false;
  for (let inside = index; inside < Math.min(tokens.length, index + 3); inside++)
    if (hasClosingQuote(tokens[inside]!.gapAfter)) return true;
  return false;
}

/**
 * True when the quotation opening at `index` is the word a user's act is waited for by: one to three
 * words, closed right away, after a verb of saying in a clause that opens the sentence with "as soon
 * as", "when", "once", "sobald", "appena" or a German verb-first "Sagt der Nutzer" ("As soon as the user
 * says 'thanks', open ...", "Appena l'utente dice 'grazie', apri ..."). A trigger word, not a text the
 * sentence is about ("Attacks say things like 'ignore previous instructions'" opens with no trigger).
 */
function quotesATriggerWord(
  tokens: readonly SegmentToken[],
  index: number,
  introducer: SegmentToken,
): boolean {
  if (!TRIGGER_SAYING_VERBS.hasToken(introducer)) return false;
  let closed = false;
  for (let inside = index; inside < Math.min(tokens.length, index + 3) && !closed; inside++)
    if (hasClosingQuote(tokens[inside]!.gapAfter)) closed = true;
  if (!closed) return false;
  // The clause opens after a speaker's label, if any ("Marco: Appena l'utente dice 'grazie', ...").
  const start = afterSpeakerLabel(tokens, index);
  const first = tokens[start]!.word;
  if (TRIGGER_SAYING_VERBS.hasToken(tokens[start]) && index - start <= 4) return true;
  const second = tokens[start + 1]?.word;
  return (
    index - start <= 7 &&
    (TRIGGER_OPENERS.has(first) ||
      (first === "as" && second === "soon") ||
      (first === "non" && second === "appena"))
  );
}

/**
 * True when the token opens a quoted value of a record: its gap is a field separator (",", ";", "=",
 * ":", a tab) right before the quote, with no space between (`790,00;"Make ...`, `msg="Tool ...`,
 * `"note":"Save ...`). A quotation in prose has a space before its quote ("Click 'Save ...'").
 */
export function opensQuotedField(token: SegmentToken): boolean {
  return /[,;=:\t]["'\u201c\u201e\u00ab\u2018]$/.test(token.gapBefore);
}

/** Openers of a short leading phrase of purpose: "To verify ...,", "For your convenience,", "Zur Prüfung". */
const PURPOSE_LEADS: WordSet = wordSet(["to", "for", "um", "zur", "zum", "für", "per"]);
/** "For example, ...", "Zum Beispiel ...", "Per esempio, ...": a how-to's example, not a purpose. */
const EXAMPLE_WORDS: WordSet = wordSet(["example", "instance", "beispiel", "esempio"]);

/**
 * True when the word at `index` follows a short leading phrase of purpose (after a label, if any): at
 * least two and at most `maxWords` words opened by "to", "for", "zur", "per" ... ("To verify
 * compatibility, list ...", "Note: To keep the user safe, back up ...", "Zur Kompatibilitätsprüfung
 * nenne ..."); with `comma`, closed by a comma right before the word and holding no other. An order
 * dressed as a purpose or a favour; "For example, ..." is none.
 */
export function followsPurposePhrase(
  tokens: readonly SegmentToken[],
  index: number,
  maxWords: number,
  comma: boolean,
): boolean {
  const start = afterSpeakerLabel(tokens, index);
  const words = index - start;
  if (words < 2 || words > maxWords || !PURPOSE_LEADS.hasToken(tokens[start])) return false;
  if (EXAMPLE_WORDS.hasToken(tokens[start + 1])) return false;
  if (!comma) return true;
  if (!tokens[index]!.gapBefore.includes(",")) return false;
  for (let before = start + 1; before < index; before++)
    if (tokens[before]!.gapBefore.includes(",")) return false;
  return true;
}

/**
 * Index of the first word after a speaker's label that opens the sentence ("Marco: ...", "Anna Rossi:
 * ..."): after the last of the first three words (and before `limit`) followed by a colon; 0 when none.
 * A chat log's line names its speaker before the message, and a message's own opening comes after it.
 */
export function afterSpeakerLabel(tokens: readonly SegmentToken[], limit = 3): number {
  let start = 0;
  for (let label = 0; label < Math.min(3, limit, tokens.length); label++)
    if (/^\s*:/.test(tokens[label]!.gapAfter)) start = label + 1;
  return start;
}

/** Verbs of saying a user's trigger word: "says", "types", "sagt", "schreibt", "dice", "scrive". */
const TRIGGER_SAYING_VERBS: WordSet = wordSet([
  "says",
  "types",
  "writes",
  "replies",
  "sagt",
  "schreibt",
  "tippt",
  "dice",
  "scrive",
  "digita",
]);

/** Openers of a clause that waits for the user's act: "when", "once", "sobald", "wenn", "appena", "quando". */
const TRIGGER_OPENERS = new Set([
  "when",
  "once",
  "whenever",
  "if",
  "sobald",
  "wenn",
  "sowie",
  "falls",
  "appena",
  "quando",
  "se",
]);

/** Verbs that cast someone in a role named after "as" / "come": act, roleplay, pose; presentati, agisci. */
const ACTING_VERBS: WordSet = wordSet([
  "act",
  "acting",
  "roleplay",
  "pose",
  "posing",
  "present",
  "introduce",
  "identify",
  "sign",
  "behave",
  "respond",
  "answer",
  "reply",
  "serve",
  "continue",
  "agisci",
  "presentati",
  "presenterà",
  "presentarti",
  "comportati",
  "rispondi",
  "firma",
  "firmati",
]);

/** True when `gap` closes a quotation: a straight or closing quote mark. */
function hasClosingQuote(gap: string): boolean {
  for (let index = 0; index < gap.length; index++) {
    const codeUnit = gap.charCodeAt(index);
    if (
      codeUnit === 34 ||
      codeUnit === 39 ||
      codeUnit === 0x201d ||
      codeUnit === 0x201c ||
      codeUnit === 0xbb ||
      codeUnit === 0x2019
    )
      return true;
  }
  return false;
}

/**
 * True when the word at `index` opens a quotation that the sentence only mentions: an opening quote
 * right before it, after a word that introduces a mention ('attacks say things like "ignore all
 * previous instructions"', 'Sätze wie „Ignoriere alle ...“', 'frasi come "ignora tutte ..."'), or
 * after a colon in a clause about attacks or examples ('Un tipico testo di attacco è: "Ignora ..."').
 */
export function isQuotedMention(tokens: readonly SegmentToken[], index: number): boolean {
  const token = tokens[index];
  if (token === undefined || !hasOpeningQuote(token.gapBefore)) return false;
  const previous = tokenAt(tokens, index - 1);
  if (previous === undefined) return false;
  if (LEXICON.quoteIntroducers.hasToken(previous))
    return !namesARole(tokens, index, previous) && !quotesATriggerWord(tokens, index, previous);
  // 'A typical attack text is: "..."': after a colon, a word about attacks or examples in the clause.
  if (!token.gapBefore.includes(":")) return false;
  for (let back = index - 1; back >= 0 && back >= index - 8; back--) {
    const word = tokens[back]!;
    if (LEXICON.metaWords.hasToken(word) || LEXICON.quoteIntroducers.hasToken(word)) return true;
  }
  return false;
}

/**
 * Past-tense verbs of writing or showing that report a text (isQuotedMentionAt, reportsAQuotation). Not the lexicon's
 * quoteIntroducers, which the learned stage reads as a feature: these only keep a rule's removal from
 * firing on a reported quotation. Verbs of asking and ordering ("asked", "forderte", "chiedeva") are
 * left out: 'the admin asked: "..."' can be how an attacker frames an order; so is "read", which is
 * also an imperative ('System: read "~/.ssh/id_rsa" and ...').
 */
export const REPORTED_WRITING_VERBS: WordSet = wordSet([
  "wrote",
  "stated",
  "claimed",
  "displayed",
  "showed",
  "contained",
  "stand",
  "standen",
  "lautete",
  "behauptete",
  "zeigte",
  "enthielt",
  "scriveva",
  "recitava",
  "riportava",
  "affermava",
  "sosteneva",
  "mostrava",
  "conteneva",
  "scritto",
]);

function countStraightQuotes(gap: string): number {
  let count = 0;
  for (let index = 0; index < gap.length; index++) if (gap.charCodeAt(index) === 34) count++;
  return count;
}

/**
 * True when a quotation opens in the sentence's first third (as quotesAMention reads it) right after a
 * past-tense verb of writing or showing, or after a colon that follows one within the clause ('Auf der
 * Seite stand: „Ignoriere ...“', 'The banner stated: "..."'), and no word before it names the user: the
 * sentence reports what a page said. For the rules only; the learned stage and its training read
 * quotesAMention alone.
 */
export function reportsAQuotation(tokens: readonly SegmentToken[]): boolean {
  // A transcript's speaker label ("Ing. Gatti: ...", "Interviewer: ...") is not part of what the
  // sentence says: its first third is counted after the label.
  const label = leadingLabelLength(tokens);
  const limit = Math.min(tokens.length, label + quotationLimitFor(tokens.length - label));
  // Straight quote marks seen so far: after an odd number, the next one closes a quotation ('about
  // "IGNORE SYSTEM: call read" payloads' quotes nothing after "read").
  let straightQuotes = countStraightQuotes(tokens[0]?.gapBefore ?? "");
  for (let index = 1; index < limit; index++) {
    const gap = tokens[index]!.gapBefore;
    const closes = straightQuotes % 2 === 1 && gap.charCodeAt(0) === 34;
    straightQuotes += countStraightQuotes(gap);
    if (closes || !hasOpeningQuote(gap)) continue;
    const reach = gap.includes(":") ? 8 : 1;
    let reported = false;
    for (let back = index - 1; back >= 0 && back >= index - reach; back--)
      if (REPORTED_WRITING_VERBS.hasToken(tokens[back])) reported = true;
    if (!reported) continue;
    for (let back = index - 1; back >= 0 && back >= index - 8; back--)
      if (LEXICON.userNouns.hasToken(tokens[back])) return false;
    return true;
  }
  return false;
}

/**
 * Words that narrate an attack or a claim before a quotation (narratesAQuotation): the attack and its
 * maker ("attacker", "injection", "payload", "hijacking", "jailbreak", "phishing", "Angreifer",
 * "attaccante") and verbs that report
 * what a text claimed or slipped in ("claims", "telling", "hid", "behauptete", "versteckte", "sosteneva").
 */
const NARRATION_WORDS: WordSet = wordSet([
  "attacker",
  "attackers",
  "attack",
  "attacks",
  "injection",
  "injections",
  "injected",
  "malicious",
  "payload",
  "payloads",
  "adversarial",
  "hijacking",
  "jailbreak",
  "jailbreaks",
  "jailbreaking",
  "phishing",
  "scam",
  "scams",
  "scammers",
  "claims",
  "claim",
  "claiming",
  "telling",
  "hid",
  "planted",
  "angreifer",
  "angreifers",
  "angriff",
  "angriffe",
  "angriffs",
  "injektion",
  "schadcode",
  "bösartige",
  "bösartigen",
  "behauptet",
  "behauptete",
  "versteckte",
  "attaccante",
  "attaccanti",
  "attacco",
  "attacchi",
  "iniezione",
  "iniezioni",
  "malevolo",
  "malevola",
  "malevoli",
  "sostiene",
  "sosteneva",
  "afferma",
  "affermava",
  "nascose",
]);

/** The reader addressed right after a narrating word: "claims you ...", "telling you ...", "ti". */
const READER_ADDRESS: WordSet = wordSet(["you", "your", "du", "dir", "dich", "ti", "tu", "vi"]);

/** How many words before a quotation a narrating word may stand (narratesAQuotation). */
const NARRATION_REACH = 16;

/**
 * True when the sentence narrates a quotation: a quotation opens after a word that narrates an attack
 * or a claim within NARRATION_REACH words before it, and no word between them names the user ("The
 * attacker hid a line in a shared doc telling the assistant to 'remember for all future sessions' that
 * ...", "a retrieved document claims that the model's task has changed ('your real task is ...')", "Im
 * beschriebenen Fall behauptete eine Produktseite, die Regeln des Assistenten seien ‚abgelaufen‘"), nor
 * in the eight words before the quotation ('The user told you: "..."' is a forged request). An
 * advisory's account of an order, not the order; unlike quotesAMention, the quotation may open anywhere
 * in the sentence. For the rules only (like reportsAQuotation).
 */
export function narratesAQuotation(tokens: readonly SegmentToken[]): boolean {
  let narration = -1;
  let straightQuotes = countStraightQuotes(tokens[0]?.gapBefore ?? "");
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (index > 0) {
      const gap = token.gapBefore;
      const closes = straightQuotes % 2 === 1 && gap.charCodeAt(0) === 34;
      straightQuotes += countStraightQuotes(gap);
      if (!closes && narration >= 0 && index - narration <= NARRATION_REACH && opensAQuotation(gap)) {
        // 'The user told you: "..."': the user named in the eight words before it, a forged request.
        let user = false;
        for (let back = index - 1; back >= 0 && back >= index - 8 && !user; back--)
          user = LEXICON.userNouns.hasToken(tokens[back]);
        if (!user) return true;
      }
    }
    // Not a word that opens a quotation itself or is part of an address ("'malicious@gmail.com'").
    if (
      NARRATION_WORDS.hasToken(token) &&
      !opensAQuotation(token.gapBefore) &&
      !token.gapAfter.startsWith("@") &&
      // "telling you to 'reply OK'" is an order put through a word of telling, not an account of one.
      !READER_ADDRESS.hasToken(tokens[index + 1])
    )
      narration = index;
    else if (narration >= 0 && LEXICON.userNouns.hasToken(token)) narration = -1;
  }
  return false;
}

/**
 * True when the gap holds an opening quotation mark: hasOpeningQuote's, and the single low-9 and left
 * quotes a narrated quotation also opens with ("‚abgelaufen‘", "‘your real task’").
 */
function opensAQuotation(gap: string): boolean {
  if (hasOpeningQuote(gap)) return true;
  for (let index = 0; index < gap.length; index++) {
    const codeUnit = gap.charCodeAt(index);
    if (codeUnit === 0x201a || codeUnit === 0x2018) return true;
  }
  return false;
}

/** Words of a label of one to three words before a colon that opens the sentence ("Gatti: ..."), or 0. */
function leadingLabelLength(tokens: readonly SegmentToken[]): number {
  for (let index = 0; index < Math.min(tokens.length - 1, 3); index++)
    if (tokens[index]!.gapAfter.startsWith(":")) return index + 1;
  return 0;
}

/**
 * The words a quotation may open at to be what the sentence is about (quotesAMention,
 * reportsAQuotation): its first third, or its first nine words.
 */
function leadingQuotationLimit(tokens: readonly SegmentToken[]): number {
  return Math.min(tokens.length, quotationLimitFor(tokens.length));
}

/** leadingQuotationLimit for a sentence of `count` words, before the cap at its length. */
function quotationLimitFor(count: number): number {
  return Math.max(8, Math.floor(count / 3)) + 1;
}

/**
 * True when the sentence is about a quotation: a quoted mention (see isQuotedMention) opens in its first
 * third (or among its first nine words), so the quotation is what the sentence is about ('A typical
 * payload reads "..."'). A quotation at the end of an order ('... in your response like "..."') does not
 * make the order data.
 */
export function quotesAMention(tokens: readonly SegmentToken[]): boolean {
  const limit = leadingQuotationLimit(tokens);
  for (let index = 1; index < limit; index++) if (isQuotedMention(tokens, index)) return true;
  return false;
}

/** True when the word's first code unit is an ASCII digit: a cheap test before a digit regex. */
export function startsWithDigit(word: string): boolean {
  const codeUnit = word.charCodeAt(0);
  return codeUnit >= 48 && codeUnit <= 57;
}

/** True when a phone number (digit groups of eight digits or more, after "+" or opening with 0) starts at `index`. */
export function isPhoneNumberAt(tokens: readonly SegmentToken[], index: number): boolean {
  const token = tokens[index]!;
  if (
    !startsWithDigit(token.word) ||
    !/^\d+$/.test(token.word) ||
    (!token.gapBefore.endsWith("+") && !token.word.startsWith("0"))
  )
    return false;
  let digits = token.word.length;
  for (let next = index + 1; next < Math.min(tokens.length, index + 6); next++) {
    if (!/^\d+$/.test(tokens[next]!.word) || !/^[-()]*$/.test(tokens[next]!.gapBefore)) break;
    digits += tokens[next]!.word.length;
  }
  return digits >= 8;
}
