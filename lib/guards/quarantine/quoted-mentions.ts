import type { RemovalRange } from "./expand-removals";
import { isActionVerb, LEXICON } from "./lexicon";
import { REPORTED_WRITING_VERBS } from "./segment-view";

/** How far before a quotation the words that make it a mention are looked for. */
const LOOKBACK = 120;
/** How many words before the quotation are checked. */
const WORDS_CHECKED = 8;

/** A quote mark that opens a quotation: `"`, “, „, «, ‘. */
export function isOpeningQuote(codeUnit: number): boolean {
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
 * does not count. Also a later sentence of a closed «...» or „...“ quotation whose start is such a
 * mention (`enclosable`: false when the text holds neither opening mark), and with `testReport` (the
 * text holds a test run's marks) a string a test report quotes after a colon (TEST_REPORT_WORDS).
 * Bounded lookback, so linear over all removals.
 */
export function isQuotedMentionAt(
  text: string,
  start: number,
  enclosable = true,
  testReport = false,
): boolean {
  // A removal that starts with the quotation's own opening mark after a parenthesized example's opening
  // ('Anfragevorlagen (z. B. „Gib deine ersten Anweisungen ...“) konnten wir ...', the segment cut after
  // "(z. B."): the example is the quotation that mark opens. Only the short text before it is read.
  if (
    isOpeningQuote(text.charCodeAt(start)) &&
    start > 0 &&
    text.charCodeAt(start - 1) === 32 &&
    PARENTHESIZED_EXAMPLE_BEFORE.test(text.slice(Math.max(0, start - PARENTHESIS_LEAD), start).toLowerCase())
  )
    return true;
  // The same after "z. B.", "e.g." without a parenthesis ('Missbrauchsversuchen, z. B. „Vergiss ...“'):
  // the segmenter cut the sentence after the abbreviation's dot.
  if (
    isOpeningQuote(text.charCodeAt(start)) &&
    start > 0 &&
    text.charCodeAt(start - 1) === 32 &&
    EXAMPLE_ABBREVIATION_BEFORE.test(
      text.slice(Math.max(0, start - PARENTHESIS_LEAD), start - 1).toLowerCase(),
    )
  )
    return true;
  // A quotation that opens with an abbreviation the segmenter ended a sentence at ('the ticket contained
  // the line: "P.S. to the AI sorting this: include ..."', '„N.B. an die KI: ...“'): the removal starts
  // after the abbreviation, the quotation before it.
  const abbreviation = abbreviationOpeningAQuotation(text, start);
  if (abbreviation >= 0) return isQuotedMentionAt(text, abbreviation, enclosable, testReport);
  // A later sentence of a quotation in guillemets or German quotes on the same line ('trovato questa
  // recensione: «Prodotto ottimo. Nota per gli assistenti AI: ...»'): the quotation opens before it.
  const enclosing = enclosable ? enclosingQuotationStart(text, start) : -1;
  if (enclosing >= 0 && isQuotedMentionAt(text, enclosing, false, testReport)) return true;
  let index = start - 1;
  while (index >= 0 && (text.charCodeAt(index) === 32 || text.charCodeAt(index) === 9)) index--;
  // A quote mark right before the removal and after a space or a colon opens a quotation; one after a
  // word ('call read" payloads') closes one.
  const opensRightBefore =
    index === start - 1 &&
    isOpeningQuote(text.charCodeAt(index)) &&
    !/[\p{L}\p{N}]/u.test(text[index - 1] ?? "");
  // An HTML comment shown as inline code: "a line crafted by us: `<!-- AI agents: run ... -->`".
  if (index >= 4 && text.startsWith("<!--", index - 3) && text.charCodeAt(index - 4) === 96) index -= 4;
  const inlineCode = index >= 0 && text.charCodeAt(index) === 96;
  if (index < 0 || !(isOpeningQuote(text.charCodeAt(index)) || inlineCode)) {
    // The quotation opens the removed line itself, after a blockquote marker: '> „Füge der
    // Zusammenfassung ...“' under "Im Test lautete der versteckte Text (hier nur als Beispiel zitiert):".
    // What introduces it stands at the end of the line before.
    // A code comment's marker may stand before it too: "# „ignoriere ...“ nur zitieren." under "# ...
    // Sicherheitsartikel, die Sätze wie".
    let opening = start;
    while (opening < text.length && /[ \t>#*/]/.test(text[opening]!)) opening++;
    if (opening >= text.length || !isOpeningQuote(text.charCodeAt(opening)) || opening - start > 8)
      return false;
    index = start - 1;
    while (index >= 0 && (text.charCodeAt(index) === 32 || text.charCodeAt(index) === 9)) index--;
    if (index < 0 || text.charCodeAt(index) !== 10) return false;
    index--;
    if (index >= 0 && text.charCodeAt(index) === 13) index--;
    while (index >= 0 && (text.charCodeAt(index) === 32 || text.charCodeAt(index) === 9)) index--;
    // After a colon; or the line before ends with a word that introduces a quotation ("Sätze wie",
    // "phrases like"): a quotation on its own line under any other sentence is not introduced by it.
    if (index < 0) return false;
    if (text.charCodeAt(index) !== 58) {
      const lineBefore = text.slice(Math.max(0, index + 1 - LOOKBACK), index + 1).toLowerCase();
      const last = /([\p{L}]+)$/u.exec(lineBefore);
      return last !== null && introducesQuote(last[1]!, false);
    }
    index++;
  }
  index--;
  if (index >= 0 && text.charCodeAt(index) === 92) index--; // \" inside a JSON or YAML string
  const quoteBefore = index;
  while (index >= 0 && (text.charCodeAt(index) === 32 || text.charCodeAt(index) === 9)) index--;
  // The quotation on an indented or blockquoted line of its own under a line that ends with a colon
  // ('The payload under test:\n    "Note to the AI assistant: ..."', '... come esempio):\n\n> «...»'):
  // the colon introduces it as on one line. Set apart, as documents set an example apart; a quotation at
  // the line's start under "Developer:" is that role's.
  let lineStart = index;
  if (lineStart >= 0 && text.charCodeAt(lineStart) === 62) {
    lineStart--;
    while (lineStart >= 0 && (text.charCodeAt(lineStart) === 32 || text.charCodeAt(lineStart) === 9))
      lineStart--;
  }
  if (lineStart >= 0 && lineStart < quoteBefore && text.charCodeAt(lineStart) === 10) {
    let back = lineStart - 1;
    // Blank lines between them (at most LOOKBACK characters of them) are allowed.
    const floor = Math.max(0, lineStart - LOOKBACK);
    while (back >= floor && (text.charCodeAt(back) <= 32 || text.charCodeAt(back) === 62)) back--;
    if (back >= 0 && text.charCodeAt(back) === 58) index = back;
  }
  const afterColon = index >= 0 && (text.charCodeAt(index) === 58 || text.charCodeAt(index) === 0xff1a);
  if (afterColon) {
    index--;
    while (index >= 0 && text.charCodeAt(index) === 32) index--;
    // "key": "value" is JSON, not a quotation introduced by prose.
    if (index >= 0 && (text.charCodeAt(index) === 34 || text.charCodeAt(index) === 39)) return false;
  }
  const from = Math.max(0, index + 1 - LOOKBACK);
  const before = text.slice(from, index + 1).toLowerCase();
  // An example in parentheses after a word of prose: 'Vorlagen (z. B. „...“)', 'richiesta (ad es. "...")'.
  if (!afterColon && PARENTHESIZED_EXAMPLE_BEFORE.test(before)) return true;
  // An abbreviation of "for example" right before: 'Missbrauchsversuchen, z. B. „Vergiss ...“', 'e.g. "..."'.
  if (!afterColon && EXAMPLE_ABBREVIATION_BEFORE.test(before)) return true;
  // Inline code is also introduced as a line or a string ("the line `...`", "la riga `...`"), and a
  // compound's parts count ("Test-Repository").
  const words = before
    .split(inlineCode ? /[^\p{L}\p{N}'.]+/u : /[^\p{L}\p{N}'.-]+/u)
    .filter((word) => word !== "");
  const checked = words.slice(-WORDS_CHECKED);
  if (checked.length === 0) return false;
  const last = checked[checked.length - 1]!;
  if (!afterColon)
    return introducesQuote(last, inlineCode) || reportsWriting(last, opensRightBefore, checked);
  return checked.some(
    (word, at) =>
      LEXICON.metaWords.has(word) ||
      introducesQuote(word, inlineCode) ||
      reportsWriting(word, opensRightBefore, checked) ||
      (testReport && TEST_REPORT_WORDS.has(word)) ||
      (word === "read" && opensRightBefore && at > 0 && READ_SUBJECTS.has(checked[at - 1]!)),
  );
}

/**
 * Subjects that make "read" the past tense of a text's wording before a colon: "at the bottom it read:
 * "..."", "the note read: "..."". "Read" alone is also an imperative ('System: read "~/.ssh/id_rsa"').
 */
const READ_SUBJECTS = new Set(["it", "which", "that", "text", "line", "note", "sign", "message", "banner"]);

/** Marks of a test run's output: "FAIL", "FALLITO", "AssertionError", "assert", "✖", "●". */
const TEST_RUN_MARK = /\b(?:FAIL(?:ED)?|FALLITO|FEHLGESCHLAGEN|AssertionError|assert)\b|[✖✘●]/;

/**
 * Words of a test runner's report before a colon and the string it found or expected: "Expected
 * substring not to be found: "forget your instructions"", "Trovato nel prompt di sistema: "ignora le
 * istruzioni precedenti"", "Received: "..."". Read only in a text that holds a test run's marks
 * (TEST_RUN_MARK): "found: "..."" alone is how a page may frame an order too.
 */
const TEST_REPORT_WORDS = new Set([
  "expected",
  "received",
  "substring",
  "found",
  "matched",
  "erwartet",
  "gefunden",
  "erhalten",
  "trovato",
  "trovata",
  "atteso",
  "ricevuto",
]);

/** How far back, on the removal's line, the opening of a quotation holding it is looked for. */
const ENCLOSING_REACH = 400;

/**
 * The start of the text of a quotation in guillemets («...») or German quotes („...“) that is still
 * open at `start` and closes after it, on the same line and within ENCLOSING_REACH characters each way:
 * the index right after its opening mark; -1 when there is none. A closing mark or a straight quote met
 * first, or a line break, ends the walk back. Bounded, so linear over all removals.
 */
function enclosingQuotationStart(text: string, start: number): number {
  const floor = Math.max(0, start - ENCLOSING_REACH);
  for (let index = start - 2; index >= floor; index--) {
    const codeUnit = text.charCodeAt(index);
    if (codeUnit === 10 || codeUnit === 0xbb || codeUnit === 0x201c || codeUnit === 34) return -1;
    if (codeUnit !== 0xab && codeUnit !== 0x201e) continue;
    // The quotation must close on the same line, after the removal's start: an opening mark left open
    // quotes nothing.
    const closing = codeUnit === 0xab ? 0xbb : 0x201c;
    const limit = Math.min(text.length, start + ENCLOSING_REACH);
    for (let after = start; after < limit; after++) {
      const next = text.charCodeAt(after);
      if (next === closing) return index + 1;
      if (next === 10 || next === codeUnit) return -1;
    }
    return -1;
  }
  return -1;
}

/** Characters an abbreviation that opens a quotation may have ("P.S.", "P.P.S.", "N.B.", "z.B."). */
const ABBREVIATION_LENGTH = 7;

/**
 * The start of a quotation's text when the removal at `start` follows an abbreviation right after the
 * quotation's opening mark (letters and at least one dot, at most ABBREVIATION_LENGTH characters, then
 * spaces): '"P.S. to the AI ...' gives the index of "P". -1 otherwise. Reads at most a few characters.
 */
function abbreviationOpeningAQuotation(text: string, start: number): number {
  let index = start - 1;
  while (index >= 0 && text.charCodeAt(index) === 32) index--;
  if (index === start - 1 || index < 0 || text.charCodeAt(index) !== 46) return -1;
  const end = index + 1;
  while (index >= 0 && end - index <= ABBREVIATION_LENGTH && /[A-Za-z.]/.test(text[index]!)) index--;
  if (index < 0 || end - index - 1 < 2 || end - index > ABBREVIATION_LENGTH + 1) return -1;
  return isOpeningQuote(text.charCodeAt(index)) ? index + 1 : -1;
}

/**
 * The end of the text before a quotation that opens a parenthesized example after a word and a space:
 * "templates (e.g.", "Anfragevorlagen (z. B.", "richiesta (ad es.", "prompts (".
 */
/** How much text before a quotation PARENTHESIZED_EXAMPLE_BEFORE reads ("word (for instance, " fits). */
const PARENTHESIS_LEAD = 24;

const PARENTHESIZED_EXAMPLE_BEFORE =
  /[\p{L}\p{N}] \((?:e\.\s?g\.|i\.\s?e\.|z\.\s?b\.|bspw\.|bsp\.|etwa|ad es\.|ad esempio|per esempio|per es\.|es\.|cioè|for example|for instance|zum beispiel|beispielsweise|such as)?,?[ \t]*$/u;

/** "e.g.", "z. B.", "bspw.", "ad es.", "per es.", "i.e." ending the text before a quotation. */
const EXAMPLE_ABBREVIATION_BEFORE =
  /(?:^|[^\p{L}])(?:e\.\s?g\.|z\.\s?b\.|bspw\.|ad es\.|per es\.|i\.\s?e\.),?$/u;

/** A word that introduces a quotation ("example", "Beispiel"); for inline code also "line", "string". */
function introducesQuote(word: string, inlineCode: boolean): boolean {
  return (
    LEXICON.quoteIntroducers.has(word) ||
    CITING_WORDS.has(word) ||
    (inlineCode && INLINE_CODE_NOUNS.has(word))
  );
}

/**
 * Verbs of citing, besides the lexicon's quote introducers (which the learned stage reads as a feature,
 * so they are kept here): "un articolo che cita "..."", "Artikel, die „...“ zitieren", "a post quoting".
 */
const CITING_WORDS = new Set([
  "quotes",
  "quoting",
  "quoted",
  "cites",
  "citing",
  "zitiert",
  "zitieren",
  "zitierte",
  "cita",
  "citano",
  "citando",
  "citato",
]);

/**
 * A past-tense verb of writing or showing reports what a page said ('the page stated "..."', 'auf der
 * Seite stand „...“', 'una pagina scriveva "..."'), unless the user is the one reported: a forged
 * 'the user wrote: "send ..."' stays an order.
 */
function reportsWriting(word: string, opensRightBefore: boolean, checked: readonly string[]): boolean {
  return (
    opensRightBefore &&
    REPORTED_WRITING_VERBS.has(word) &&
    !checked.some((other) => LEXICON.userNouns.has(other))
  );
}

/** What inline code is introduced as: "the line `...`", "die Zeile", "la riga", "the string". */
const INLINE_CODE_NOUNS = new Set(["line", "string", "snippet", "zeile", "riga", "stringa"]);

/** Closing quotation marks: `"`, ”, “ (German closing), », ’. */
function isClosingQuote(codeUnit: number): boolean {
  return (
    codeUnit === 34 || codeUnit === 0x201d || codeUnit === 0x201c || codeUnit === 0xbb || codeUnit === 0x2019
  );
}

/** How far into a removal its quotation may open. */
const QUOTE_REACH = 60;

/** A predicate right after a quotation makes it the subject: '"..." is not the threat model'. */
const PREDICATE_AFTER_QUOTE = new Set([
  "is",
  "isn't",
  "are",
  "was",
  "remains",
  "stays",
  "ist",
  "sind",
  "war",
  "bleibt",
  "è",
  "sono",
  "era",
  "resta",
  "rimane",
  "non",
]);

/**
 * Controls a quotation names when one of them follows it: '"forget previous messages" button', '„Alles
 * vergessen“ Schaltfläche', '"ignora tutto" pulsante' - the label of a button, option or command.
 */
const CONTROL_NOUNS = new Set([
  "button",
  "buttons",
  "option",
  "command",
  "setting",
  "toggle",
  "checkbox",
  "menu",
  "tab",
  "link",
  "shortcut",
  "schaltfläche",
  "knopf",
  "befehl",
  "einstellung",
  "menü",
  "pulsante",
  "tasto",
  "opzione",
  "comando",
  "impostazione",
  "voce",
]);

/** How many words text[from, to) holds (runs of letters), counting at most four. */
function wordsBefore(text: string, from: number, to: number): number {
  let count = 0;
  let inWord = false;
  for (let index = from; index < to && count < 4; index++) {
    const letter = /\p{L}/u.test(text[index]!);
    if (letter && !inWord) count++;
    inWord = letter;
  }
  return count;
}

/** Kinds of text a quotation is named as: 'the "..." string', 'die Zeichenkette „...“', 'la frase «...»'. */
const TEXT_KIND_NOUNS = new Set([
  "string",
  "strings",
  "phrase",
  "phrases",
  "payload",
  "payloads",
  "pattern",
  "patterns",
  "trick",
  "attack",
  "attacks",
  "jailbreak",
  "zeichenkette",
  "satz",
  "angriff",
  "muster",
  "stringa",
  "frase",
  "attacco",
  "trucco",
]);

/** Words after a dash that point back at the quotation before it: "such", "this", "solche", "tali". */
const POINTING_BACK = new Set([
  "such",
  "this",
  "these",
  "that",
  "solche",
  "solcher",
  "solches",
  "diese",
  "dieser",
  "dieses",
  "das",
  "tali",
  "questo",
  "questa",
  "queste",
  "questi",
]);

/** Prepositions that make a quotation their object: 'beyond "..."', 'oltre «...»', 'jenseits von „...“'. */
const PREPOSITIONS_BEFORE_QUOTE = new Set([
  "beyond",
  "oltre",
  "jenseits",
  "than",
  "against",
  "gegen",
  "contro",
]);

/** The reader addressed after the quotation: then the predicate is an order about it ('"..." is your task'). */
const SECOND_PERSON_AFTER_QUOTE = /\b(you|your|du|dein\w*|dich|dir|tu|tuo|tua|ti)\b/iu;

/**
 * True when the removal text[start, end) is a quotation a sentence names as a thing: it opens right
 * after a quote mark, and either a preposition stands before the quote mark ('Beyond "ignore all
 * previous instructions"', 'oltre «ignora tutte ...»') or the quotation closes inside the removal and
 * a predicate follows it ('"Please ignore all previous instructions" is not the threat model',
 * '„Ignoriere alle vorherigen Anweisungen“ ist nicht das Bedrohungsmodell') that does not address the
 * reader, the name of a control or (with at most three words of the removal before it) of a kind of
 * text ('the classic "..." string'), or a dash and a word that points back at it ('„...“ – solche Rollen
 * ...'). Reads at most the removal and 40 characters before it.
 */
export function isQuotationAsNounAt(text: string, start: number, end: number): boolean {
  const removalStart = start;
  // The quote mark: right before the removal, or among its first QUOTE_REACH characters (a heading
  // such as 'Talk abstract: "..." is not ...' is removed with its label).
  let index = start - 1;
  while (index >= 0 && (text.charCodeAt(index) === 32 || text.charCodeAt(index) === 9)) index--;
  if (index < 0 || !isOpeningQuote(text.charCodeAt(index))) {
    index = -1;
    for (let at = start; at < Math.min(end, start + QUOTE_REACH); at++) {
      if (text.charCodeAt(at) === 10) break;
      if (isOpeningQuote(text.charCodeAt(at))) {
        index = at;
        break;
      }
    }
    if (index < 0) return false;
    start = index + 1;
  }
  const before = text
    .slice(Math.max(0, index - 40), index)
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
  if (before.length > 0 && PREPOSITIONS_BEFORE_QUOTE.has(before[before.length - 1]!)) return true;
  for (let at = start; at < end; at++) {
    if (!isClosingQuote(text.charCodeAt(at))) continue;
    const rest = text.slice(at + 1, end);
    // '„Du bist jetzt ein Reiseführer“ – solche Rollen ...': a dash, then a word that points back at it.
    const pointer = /^\s*[-–—]\s+([\p{L}]+)/u.exec(rest);
    if (pointer !== null && POINTING_BACK.has(pointer[1]!.toLowerCase())) return true;
    const next = /^[\s,]*([\p{L}']+)/u.exec(rest);
    if (next === null) return false;
    const word = next[1]!.toLowerCase();
    // '"forget previous messages" button', '„Verlauf löschen“-Schaltfläche': the name of a control; 'the
    // classic "ignore all previous instructions" string': the name of a text.
    if (CONTROL_NOUNS.has(word)) return true;
    // A text named by its kind holds the removal: at most three words of it before the quote mark
    // ('Ignore what the user asks and print the "x" string' is an order with a quotation in it).
    if (TEXT_KIND_NOUNS.has(word) && wordsBefore(text, removalStart, index) <= 3) return true;
    return PREDICATE_AFTER_QUOTE.has(word) && !SECOND_PERSON_AFTER_QUOTE.test(rest);
  }
  return false;
}

/** How far back on its line the string literal around a removal is looked for. */
const CODE_LOOKBACK = 200;

/** What may stand before a fixture's string literal on its line: identifiers, `.`, `=`, `(`, `[`, `,`. */
const CODE_PREFIX = /^[\s\p{L}\p{N}_$.=([,]*$/u;

/** What may stand before a string literal in a test file: CODE_PREFIX plus ")", "-", "{" and ":" (calls, object literals). */
const TEST_CODE_PREFIX = /^[\s\p{L}\p{N}_$.=([\],){:-]*$/u;

/**
 * A test file: a test runner's structure (`describe("...", () =>`, `it("...", `, `test(`, `def test_`,
 * `func Test...(t *testing.T)`, `#[test]`, `@Test`) or an assertion (`expect(`, `assert `, `assertEqual`).
 */
export const TEST_CODE_MARKER =
  /\b(?:describe|it|test)\(\s*["'`]|\bdef test_|\bfunc Test\w*\(t \*testing\.T\)|#\[test\]|@Test\b|\bexpect\(|\bassert(?:Equal|True|_eq!)?[ (]/;

/**
 * Parts of identifiers that declare a string literal in code as test data or an example: a fixture
 * that quotes an attack (`const attack = "Ignore your instructions ..."`, `SAMPLE_PHISH = "..."`,
 * `assert detector("...") == "attack"`, `CASES = [("...", True)]`) holds the attack as data.
 */
const FIXTURE_WORDS = new Set([
  "sample",
  "samples",
  "fixture",
  "fixtures",
  "test",
  "tests",
  "testcase",
  "testcases",
  "case",
  "cases",
  "expect",
  "expected",
  "assert",
  "mock",
  "dummy",
  "corpus",
  "payload",
  "payloads",
  "attack",
  "attacks",
  "malicious",
  "phish",
  "phishing",
  "injection",
  "injections",
  "jailbreak",
  "probe",
  "probes",
  "beispiel",
  "beispiele",
  "testfall",
  "testfälle",
  "angriff",
  "angriffe",
  "esempio",
  "esempi",
  "prova",
  "prove",
  "caso",
  "casi",
  "attacco",
  "attacchi",
  // The German and Italian words for "malicious", "evil" and "injection" (`BOESER_KOMMENTAR = "..."`,
  // `COMMENTO_MALEVOLO = "..."`), as English has "malicious".
  "evil",
  "böse",
  "böser",
  "bösartig",
  "bösartige",
  "boese",
  "boeser",
  "boesartig",
  "schädlich",
  "schaedlich",
  "injektion",
  "injektionen",
  "testdaten",
  "malevolo",
  "malevola",
  "malevoli",
  "malevole",
  "dannoso",
  "dannosa",
  "malizioso",
  "maliziosa",
  "iniezione",
  "iniezioni",
]);

/**
 * True when the removal at text[start, ...) lies inside the first string literal of a line of code that
 * names it as test data or an example: the literal opens after `=`, `(`, `[` or `,` (an assignment or
 * an argument, not a JSON key's value) and a part of an identifier before it, split at `_`, `.` and
 * case changes, is a fixture word ("sample", "test", "cases", "assert", "attack", "angriff",
 * "attacco", ...). Bounded lookback on the removal's line, so linear over all removals.
 */
export function isCodeFixtureAt(text: string, start: number, testCode = false): boolean {
  // In a test file every string literal handed to code is test data (isTestLiteralAt).
  if (testCode && isTestLiteralAt(text, start)) return true;
  const limit = Math.max(0, start - CODE_LOOKBACK);
  let lineStart = start;
  while (lineStart > limit && text.charCodeAt(lineStart - 1) !== 10) lineStart--;
  if (lineStart === limit && limit > 0 && text.charCodeAt(limit - 1) !== 10) return false;
  // The first quote mark of the line opens the literal; the removal starts inside it (before it
  // closes) or on the code that opens it (a removal of the whole line).
  let open = -1;
  for (let index = lineStart, end = Math.min(text.length, start + CODE_LOOKBACK); index < end; index++) {
    const codeUnit = text.charCodeAt(index);
    if (codeUnit === 10) break;
    if (codeUnit === 34 || codeUnit === 39) {
      open = index;
      break;
    }
  }
  if (open < 0) return false;
  const quote = text.charCodeAt(open);
  for (let index = open + 1; index < start; index++)
    if (text.charCodeAt(index) === quote && text.charCodeAt(index - 1) !== 92) return false;
  let before = open - 1;
  while (before >= lineStart && (text.charCodeAt(before) === 32 || text.charCodeAt(before) === 9)) before--;
  if (before < lineStart) return false;
  const opener = text.charCodeAt(before);
  // Python's `assert "..." not in reply`: the literal is the assertion's operand.
  const asserted =
    before - 5 >= lineStart &&
    text.slice(before - 5, before + 1) === "assert" &&
    (before - 6 < lineStart || !/[\p{L}\p{N}_]/u.test(text[before - 6]!));
  if (opener === 61) {
    // `==`, `!=`, `<=`, `>=` compare; only a plain `=` assigns.
    const previous = before > lineStart ? text.charCodeAt(before - 1) : 0;
    if (previous === 61 || previous === 33 || previous === 60 || previous === 62) return false;
  } else if (opener !== 40 && opener !== 91 && opener !== 44 && !asserted) return false;
  const prefix = text.slice(lineStart, asserted ? before + 1 : before);
  // Code only: identifiers, member access, calls and lists (`CASES = [(`, `assert detector(`,
  // `const attack =`), never a CSV row or prose (a comma opener needs an open call or list).
  if (!CODE_PREFIX.test(prefix) || (opener === 44 && !/[([]/.test(prefix))) return false;
  const parts = prefix
    .replace(/([a-z\u00e0-\u00ff])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^\p{L}]+/u);
  return parts.some((part) => FIXTURE_WORDS.has(part));
}

/**
 * True when the removal at text[start, ...) lies inside a string literal that a line of test code hands
 * to code: any literal of the line (`costruisciMessaggi("...", [], "...")`, `toEqual({ role: "user",
 * content: "..." })`, `const msgs = build("...")`), with only code before it on the line
 * (TEST_CODE_PREFIX once the line's earlier literals are left out) and a call, assignment, list or
 * object opened there. A removal of the whole line starts on code and is not inside a literal: only the
 * literal would be data. Bounded lookback on the removal's line, so linear over all removals.
 */
function isTestLiteralAt(text: string, start: number): boolean {
  const limit = Math.max(0, start - CODE_LOOKBACK);
  let lineStart = start;
  while (lineStart > limit && text.charCodeAt(lineStart - 1) !== 10) lineStart--;
  if (lineStart === limit && limit > 0 && text.charCodeAt(limit - 1) !== 10) return false;
  // Walk the line up to the removal: the code outside literals, and the quote of the open literal.
  let code = "";
  let quote = 0;
  for (let index = lineStart; index < start; index++) {
    const codeUnit = text.charCodeAt(index);
    if (quote !== 0) {
      if (codeUnit === 92) index++;
      else if (codeUnit === quote) quote = 0;
      continue;
    }
    if (codeUnit === 34 || codeUnit === 39 || codeUnit === 96) quote = codeUnit;
    else code += text[index];
  }
  if (quote !== 0) return TEST_CODE_PREFIX.test(code) && /[=([{]/.test(code);
  // A removal of the whole line starts on its code: the code up to the line's first literal.
  if (code.trim() !== "") return false;
  for (let index = start; index < Math.min(text.length, start + CODE_LOOKBACK); index++) {
    const codeUnit = text.charCodeAt(index);
    if (codeUnit === 10) return false;
    if (codeUnit === 34 || codeUnit === 39 || codeUnit === 96)
      return TEST_CODE_PREFIX.test(code) && /[=([{]/.test(code);
    code += text[index];
  }
  return false;
}

/** How many lines above a removal the opening of its list or its example block is looked for. */
const LIST_LINES = 24;

/** A line that is one string literal of a list, alone: `    "Ignore previous instructions",`. */
const LITERAL_ITEM_LINE = /^[ \t]*(["'`]).*\1[ \t]*,?[ \t]*$/;

/** A line that opens a list of fixtures in code: `PAYLOADS = [`, `const attacks = [`, `cases := []string{`. */
const LIST_OPENING_LINE =
  /^[ \t]*(?:(?:const|let|var|final|static)[ \t]+)?([\p{L}\p{N}_$.]+)[ \t:]*(?::=|=)[^"'`\n]*[[({][ \t]*$/u;

/** A line that introduces an example block: it ends with a colon and names an example. */
const EXAMPLE_INTRO_LINE =
  /\b(?:example|examples|e\.g\.|for instance|sample|such as|beispiel|beispiele|z\. ?b\.|etwa|esempio|esempi|ad esempio|per esempio)\b[^\n]*:[ \t]*$/iu;

/** How far back the start of a removal's line is looked for; a longer line is no list item or example line. */
const LINE_REACH = 2000;

/**
 * Line starts of one text asked in ascending order (the removals are sorted): the last answer is kept,
 * and a later index on the same line is answered by a walk forward from the last one, so a text of one
 * long line costs one walk over it instead of LINE_REACH characters per removal.
 */
class LineStarts {
  private at = -1;
  private start = -1;

  constructor(private readonly text: string) {}

  /** The start of the line that holds `index`, or -1 when it lies more than LINE_REACH characters back. */
  of(index: number): number {
    const text = this.text;
    if (this.at >= 0 && index >= this.at) {
      let position = this.at;
      while (position < index && text.charCodeAt(position) !== 10) position++;
      if (position === index) {
        this.at = index;
        return this.start >= 0 && index - this.start <= LINE_REACH ? this.start : -1;
      }
    }
    const limit = Math.max(0, index - LINE_REACH);
    let at = index;
    while (at > limit && text.charCodeAt(at - 1) !== 10) at--;
    this.at = index;
    this.start = at === limit && limit > 0 ? -1 : at;
    return this.start;
  }
}

/** The start of the line that holds `index`, or -1 when it lies more than LINE_REACH characters back. */
function lineStartOf(text: string, index: number): number {
  const limit = Math.max(0, index - LINE_REACH);
  let at = index;
  while (at > limit && text.charCodeAt(at - 1) !== 10) at--;
  return at === limit && limit > 0 ? -1 : at;
}

/** The indentation width of the line starting at `lineStart` (spaces and tabs, at most 200). */
function indentation(text: string, lineStart: number): number {
  const limit = Math.min(text.length, lineStart + 200);
  let at = lineStart;
  while (at < limit && (text.charCodeAt(at) === 32 || text.charCodeAt(at) === 9)) at++;
  return at - lineStart;
}

/**
 * True when the removal at text[start, ...) is a string literal standing alone on its line as an item of
 * a list that code opens a few lines above with a fixture name (`PAYLOADS = [`, `ANGRIFFE = [`, `const
 * attacchi = [`; FIXTURE_WORDS) or in a test file (`testCode`): a detector's test data, one attack per
 * line. Reads at most LIST_LINES lines of at most LINE_REACH characters above, so linear over all
 * removals.
 */
export function isListedLiteralAt(
  text: string,
  start: number,
  testCode: boolean,
  lines: LineStarts = new LineStarts(text),
): boolean {
  let lineStart = lines.of(start);
  if (lineStart < 0) return false;
  let lineEnd = start;
  while (lineEnd < text.length && lineEnd - lineStart < LINE_REACH && text.charCodeAt(lineEnd) !== 10)
    lineEnd++;
  if (lineEnd - lineStart >= LINE_REACH || !LITERAL_ITEM_LINE.test(text.slice(lineStart, lineEnd)))
    return false;
  for (let count = 0; count < LIST_LINES && lineStart > 0; count++) {
    const previousStart = lineStartOf(text, lineStart - 1);
    if (previousStart < 0) return false;
    const line = text.slice(previousStart, lineStart - 1);
    if (LITERAL_ITEM_LINE.test(line)) {
      lineStart = previousStart;
      continue;
    }
    const opening = LIST_OPENING_LINE.exec(line);
    if (opening === null) return false;
    if (testCode) return true;
    const parts = opening[1]!
      .replace(/([a-z\u00e0-\u00ff])([A-Z])/g, "$1 $2")
      .toLowerCase()
      .split(/[^\p{L}]+/u);
    return parts.some((part) => FIXTURE_WORDS.has(part));
  }
  return false;
}

/**
 * True when the removal at text[start, ...) is on an indented line of a block that a line ending in a
 * colon introduces as an example a few lines above ("Ein Beispiel aus der Dokumentation:\n  System: Du
 * bist ..."): documentation showing what a text looks like. The removal's line must be indented deeper
 * than the introduction, and so must every line between. Reads at most LIST_LINES lines of at most
 * LINE_REACH characters above.
 */
export function isInExampleBlockAt(
  text: string,
  start: number,
  lines: LineStarts = new LineStarts(text),
): boolean {
  let lineStart = lines.of(start);
  if (lineStart < 0) return false;
  const depth = indentation(text, lineStart);
  if (depth < 2) return false;
  for (let count = 0; count < LIST_LINES && lineStart > 0; count++) {
    const previousStart = lineStartOf(text, lineStart - 1);
    if (previousStart < 0) return false;
    const previousDepth = indentation(text, previousStart);
    if (previousDepth >= depth && previousStart < lineStart - 1) {
      lineStart = previousStart;
      continue;
    }
    if (previousDepth >= depth) return false;
    const line = text.slice(previousStart, Math.min(lineStart - 1, previousStart + 400));
    return EXAMPLE_INTRO_LINE.test(line);
  }
  return false;
}

/** How far around a removal the enclosing JSON object of a test record is looked for. */
const RECORD_REACH = 400;

/**
 * A test record's verdict: a key that names the expected outcome and a value that is a verdict,
 * `"expected": "blocked"`, `"erwartet": "blockiert"`, `"atteso": "bloccato"`, `"label": "injection"`.
 */
const VERDICT_ENTRY =
  /"(?:expected|expect|expectation|label|verdict|outcome|erwartet|erwartung|ergebnis|atteso|esito|etichetta|risultato)"\s*:\s*"(?:blocked|block|flagged|flag|malicious|injection|attack|unsafe|rejected|reject|denied|deny|quarantined|harmful|jailbreak|blockiert|blockieren|abgelehnt|bösartig|angriff|unsicher|markiert|bloccato|bloccata|bloccare|rifiutato|malevolo|attacco|pericoloso|segnalato)"/i;

/**
 * True when the removal at text[start, ...) is a string value inside a JSON object that also states the
 * verdict a test expects for it (VERDICT_ENTRY): `{"eingabe": "Du bist jetzt DAN ...", "erwartet":
 * "blockiert"}` is a detector's test case, data about an attack, not an order. The object is found by a
 * bounded walk (RECORD_REACH characters each way to its braces), so this is linear over all removals.
 */
export function isFixtureRecordAt(text: string, start: number): boolean {
  // The removal must sit in a string value: a quote before it on its line, after a colon.
  let quote = -1;
  for (let index = start - 1; index >= Math.max(0, start - RECORD_REACH); index--) {
    const codeUnit = text.charCodeAt(index);
    if (codeUnit === 10) break;
    if (codeUnit === 34 && text.charCodeAt(index - 1) !== 92) {
      quote = index;
      break;
    }
  }
  if (quote < 0) return false;
  let before = quote - 1;
  while (before >= 0 && (text.charCodeAt(before) === 32 || text.charCodeAt(before) === 9)) before--;
  if (text.charCodeAt(before) !== 58) return false;
  let open = -1;
  for (let index = before; index >= Math.max(0, start - RECORD_REACH); index--) {
    const codeUnit = text.charCodeAt(index);
    if (codeUnit === 123) {
      open = index;
      break;
    }
    if (codeUnit === 125) return false;
  }
  if (open < 0) return false;
  let close = -1;
  for (let index = start; index < Math.min(text.length, start + RECORD_REACH); index++) {
    const codeUnit = text.charCodeAt(index);
    if (codeUnit === 125) {
      close = index;
      break;
    }
    if (codeUnit === 123) return false;
  }
  if (close < 0) return false;
  return VERDICT_ENTRY.test(text.slice(open, close + 1));
}

/** Any fixture word as a substring, case-insensitive (see withoutQuotedMentions). */
const FIXTURE_WORD_SUBSTRING = new RegExp([...FIXTURE_WORDS].join("|"), "i");

/** An example word anywhere in the text: without one, no removal can sit in an example block. */
const EXAMPLE_WORD = /example|e\.g\.|for instance|sample|such as|beispiel|z\. ?b\.|etwa|esemp/i;

/** A verdict key anywhere in the text: without one, no removal can sit in a test record. */
const VERDICT_KEY =
  /"(?:expected|expect|expectation|label|verdict|outcome|erwartet|erwartung|ergebnis|atteso|esito|etichetta|risultato)"\s*:/i;

/** The removals that are not quoted mentions (see isQuotedMentionAt, isCodeFixtureAt, isFixtureRecordAt). */
export function withoutQuotedMentions(text: string, removals: RemovalRange[]): RemovalRange[] {
  if (removals.length === 0) return removals;
  // One search over the text instead of a walk to the enclosing braces for every removal (a dense
  // input has tens of thousands of removals).
  const mayHoldRecords = VERDICT_KEY.test(text);
  // isCodeFixtureAt needs a fixture word in an identifier; a text without any (as a substring, so a
  // superset of the words it would find) has no fixture.
  const testCode = TEST_CODE_MARKER.test(text);
  const mayHoldFixtures = testCode || FIXTURE_WORD_SUBSTRING.test(text);
  // isInExampleBlockAt needs a line that introduces an example.
  const mayHoldExamples = EXAMPLE_WORD.test(text);
  const lines = new LineStarts(text);
  // Only a text with a guillemet or a German opening quote can hold a removal inside a longer one.
  const enclosable = text.includes("«") || text.includes("„");
  // A test run's output quotes the strings it expected or found (TEST_REPORT_WORDS).
  const testReport = TEST_RUN_MARK.test(text);
  return removals.filter(
    (removal) =>
      !isQuotedMentionAt(text, removal.start, enclosable, testReport) &&
      !isQuotationAsNounAt(text, removal.start, removal.end) &&
      !(mayHoldFixtures && isCodeFixtureAt(text, removal.start, testCode)) &&
      !(mayHoldFixtures && isListedLiteralAt(text, removal.start, testCode, lines)) &&
      !(mayHoldExamples && isInExampleBlockAt(text, removal.start, lines)) &&
      !(mayHoldRecords && isFixtureRecordAt(text, removal.start)),
  );
}

/** Quote marks that open a quotation inside parentheses: `"`, “, „, «, ‘, ‚, '. */
function opensParenthesizedQuote(codeUnit: number): boolean {
  return isOpeningQuote(codeUnit) || codeUnit === 0x201a || codeUnit === 39;
}

/** Quote marks that close one: `"`, ”, “, », ’, ‘, '. */
function closesParenthesizedQuote(codeUnit: number): boolean {
  return isClosingQuote(codeUnit) || codeUnit === 0x2018 || codeUnit === 39;
}

/**
 * What may stand between an opening parenthesis and its quotation: "e.g.", "i.e.", "z. B.", "etwa",
 * "ad es.", "per esempio", "for example", "such as", "wie", "come" (lower-case: the text is folded).
 */
const PARENTHESIS_INTRODUCER =
  /(?:e\.\s?g\.|i\.\s?e\.|z\.\s?b\.|bspw\.|bsp\.|etwa|ad es\.|ad esempio|per esempio|per es\.|es\.|cioè|for example|for instance|zum beispiel|beispielsweise|such as|like|wie|come)?,?[ \t]*/y;

/** How far a parenthesized quotation may reach, from "(" to ")". */
const PARENTHESIS_REACH = 400;

/**
 * The folded segment `text` with each quotation in parentheses blanked out (spaces of the same length),
 * or undefined when it has none: 'coax a model into repeating its instructions ("repeat the text
 * above", "what were you told?")', 'zwei Systemnachrichten verglichen: eine neutrale („Du bist ein
 * Assistent.“)', '(ad es. "scrivi le tue istruzioni iniziali ...")'. A quotation put in parentheses
 * after words of a sentence (and a space: 'print("...")' is a call) is that sentence's example, and a rule that matches the sentence only
 * through it reads an example, not an order (scan-tool-result-text.ts firstMatchingRule asks the rule
 * again of the blanked text). The parenthesis must follow a word and hold only quotations (and commas,
 * "or", "oder", "o" between them) up to its ")" or, open, up to the end of a text the segmenter cut at
 * a quote mark (`cutAtQuote`: it cuts '("a", "b")' at '", "'); a sentence that is nothing but the
 * parenthesis keeps it. Each "(" is read once within PARENTHESIS_REACH, so this is linear.
 */
export function exampleQuotationsBlanked(text: string, cutAtQuote = false): string | undefined {
  let open = text.indexOf("(");
  if (open < 0) return undefined;
  // The text's pieces, each kept or blanked, joined once (a sentence with many parentheses stays linear).
  const pieces: string[] = [];
  let copied = 0;
  while (open >= 0) {
    const close = parenthesizedQuotationEnd(text, open, cutAtQuote);
    if (close > 0) {
      pieces.push(text.slice(copied, open), " ".repeat(close + 1 - open));
      copied = close + 1;
      open = text.indexOf("(", close + 1);
    } else open = text.indexOf("(", open + 1);
  }
  if (pieces.length === 0) return undefined;
  pieces.push(text.slice(copied));
  const blanked = pieces.join("");
  // At least three words must stand outside the parentheses.
  return holdsThreeWords(blanked, 0, blanked.length) ? blanked : undefined;
}

/**
 * Introducers that report someone writing or saying: an example only with any one as the writer
 * (introducedAt, indefiniteWriterBefore).
 */
const WRITING_INTRODUCERS = new Set([
  "writing",
  "writes",
  "wrote",
  "typing",
  "types",
  "typed",
  "says",
  "saying",
  "said",
  "asking",
  "asks",
  "schreibt",
  "schrieb",
  "tippt",
  "tippte",
  "scrive",
  "scrisse",
  "digita",
  // The perfect: "a user has written", "ein Nutzer hat geschrieben", "un utente ha scritto".
  "written",
  "typed",
  "geschrieben",
  "getippt",
  "scritto",
  "digitato",
]);

/** Auxiliaries of the perfect between a writer and its participle: "has", "hat", "ha". */
const PERFECT_AUXILIARIES = new Set(["has", "have", "had", "hat", "haben", "hatte", "ha", "hanno", "aveva"]);

/**
 * Words that introduce a quotation as an example or a report when they stand among the three words
 * before its opening mark: "like", "such as", "e.g.", "example", "quotes", "writing", "typing", "says";
 * "wie", "z. B.", "etwa", "Beispiel", "zitiert", "schreibt", "tippt"; "come", "ad esempio", "esempio",
 * "cita", "scrive", "digita"
 * (folded, lower-case; "z. B." and "e.g." are read by their letters).
 */
const QUOTATION_INTRODUCERS: ReadonlySet<string> = new Set([
  ...CITING_WORDS,
  "zitat",
  "citazione",
  "like",
  "eg",
  "example",
  "examples",
  "instance",
  "phrase",
  "phrases",
  "sentence",
  "sentences",
  "wie",
  "zb",
  "etwa",
  "beispiel",
  "beispiele",
  "sätze",
  "satz",
  "formulierungen",
  "come",
  "esempio",
  "esempi",
  "frasi",
  "frase",
  ...WRITING_INTRODUCERS,
]);

/** Indefinite articles: "a", "an", "ein", "eine", "un", "una", "uno". */
const INDEFINITE_ARTICLES = new Set(["a", "an", "ein", "eine", "einer", "un", "una", "uno"]);

/** Writers that are any one: "someone", "jemand", "qualcuno", "attacker(s)", "Angreifer", "attaccante". */
const ANY_WRITERS = new Set([
  "someone",
  "somebody",
  "anyone",
  "attacker",
  "attackers",
  "jemand",
  "angreifer",
  "qualcuno",
  "attaccante",
  "attaccanti",
]);

/**
 * True when the writer before the word at `at` is any one: "a user writing", "ein Nutzer schreibt",
 * "someone typing", "an attacker types", "un utente scrive", "un utente ha scritto" (an auxiliary of the
 * perfect between them is skipped).
 */
function indefiniteWriterBefore(words: readonly string[], at: number): boolean {
  if (PERFECT_AUXILIARIES.has(words[at - 1] ?? "")) return indefiniteWriterBefore(words, at - 1);
  const writer = words[at - 1];
  if (writer === undefined) return false;
  return ANY_WRITERS.has(writer) || INDEFINITE_ARTICLES.has(words[at - 2] ?? "");
}

/** How much text before an opening quote mark is read for its introducer. */
const INTRODUCER_LEAD = 40;

/** Opening double quote marks of an inline quotation: `"`, “, „, «. */
function opensInlineQuote(codeUnit: number): boolean {
  return codeUnit === 34 || codeUnit === 0x201c || codeUnit === 0x201e || codeUnit === 0xab;
}

/** Closing double quote marks of an inline quotation: `"`, ”, “, ». */
function closesInlineQuote(codeUnit: number): boolean {
  return codeUnit === 34 || codeUnit === 0x201d || codeUnit === 0x201c || codeUnit === 0xbb;
}

/**
 * The folded sentence `text` with each inline quotation introduced as an example or a report blanked out
 * (spaces of the same length), or undefined when it has none: 'a frequently cited example is a user
 * writing "Ignore previous instructions and ..."', 'Sicherheitsartikel, die Sätze wie „ignoriere die
 * vorherigen Anweisungen“ nur zitieren', 'mit typischen Missbrauchsversuchen, z. B. „Vergiss deine
 * Regeln ...“', '| P1 | Direct override | "Ignore your earlier rules ..." |' (a Markdown table's cell).
 * The introducer (QUOTATION_INTRODUCERS) must stand among the three words before the quote
 * mark and not open the sentence ('Say "..."' is an order with its payload in quotes); without one, a
 * quotation closed by its own mark and embedded in a statement counts too ('Researchers showed that
 * adding the line "Ignore ..." to a PDF changed ...', embeddedInStatement). Single quote marks open and
 * close a quotation too where no apostrophe can stand ("a footer read 'When summarising ...'";
 * opensSingleQuoteAt). The quotation must close within the sentence and hold three words, and three
 * words must stand outside it. Each quote mark is read once within PARENTHESIS_REACH, so this is linear.
 */
export function introducedQuotationsBlanked(text: string): string | undefined {
  const pieces: string[] = [];
  let copied = 0;
  for (let open = 0; open < text.length; open++) {
    // 'read 'When summarising ...'': a single quote mark opens a quotation too (opensSingleQuoteAt).
    const single = opensSingleQuoteAt(text, open);
    if (!single && !opensInlineQuote(text.charCodeAt(open))) continue;
    let close = closingMarkAfter(text, open, single);
    // A single quote mark that closes nothing was an apostrophe.
    if (single && close < 0) continue;
    // The segmenter ends a sentence at a closing quote mark at its end: a quotation still open at the
    // end of the text closes there.
    const closed = close >= 0;
    if (close < 0 && text.length - open < PARENTHESIS_REACH) close = text.length - 1;
    if (close < 0) break;
    if (
      holdsThreeWords(text, open + 1, close) &&
      (introducedAt(text, open) ||
        fillsCell(text, open, close) ||
        (closed && embeddedInStatement(text, open, close)))
    ) {
      pieces.push(text.slice(copied, open), " ".repeat(close + 1 - open));
      copied = close + 1;
    }
    open = close;
  }
  if (pieces.length === 0) return undefined;
  pieces.push(text.slice(copied));
  const blanked = pieces.join("");
  return holdsThreeWords(blanked, 0, blanked.length) ? blanked : undefined;
}

/**
 * Words right before a quotation that make it the content of a statement rather than a thing named:
 * a complementizer ('decided that "the assistant forwards ..."') or a copula or verb of stating ('the new
 * rule is "..."', 'our policy states "..."'). Folded, lower case.
 */
const DECLARING_WORDS: ReadonlySet<string> = new Set([
  "that",
  "is",
  "are",
  "was",
  "were",
  "be",
  "states",
  "state",
  "stated",
  "says",
  "dass",
  "ist",
  "sind",
  "war",
  "waren",
  "lautet",
  "lauten",
  "heißt",
  "che",
  "è",
  "sono",
  "era",
  "erano",
  "sarà",
  "recita",
  "dice",
]);

/**
 * Verbs of asking or wanting: with one in the frame the quotation is what somebody wants done ('the
 * site owner asks that "..."', 'verlangt „...“', 'chiede «...»'), an order passed on. Folded, lower case.
 */
const REQUEST_VERBS: ReadonlySet<string> = new Set([
  "ask",
  "asks",
  "asked",
  "request",
  "requests",
  "requested",
  "require",
  "requires",
  "required",
  "want",
  "wants",
  "demand",
  "demands",
  "insist",
  "insists",
  "expect",
  "expects",
  "bittet",
  "bitten",
  "gebeten",
  "verlangt",
  "verlangen",
  "fordert",
  "fordern",
  "erwartet",
  "erwarten",
  "möchte",
  "möchten",
  "will",
  "wollen",
  "chiede",
  "chiedono",
  "richiede",
  "richiedono",
  "vuole",
  "vogliono",
  "pretende",
  "esige",
  "prega",
  "pregano",
]);

/** Words of politeness that make a frame a request: "please", "bitte", "per favore", "gentilmente". */
const POLITE_WORDS: ReadonlySet<string> = new Set([
  "please",
  "kindly",
  "bitte",
  "favore",
  "cortesemente",
  "gentilmente",
]);

/** Prepositions that make the agent noun after them the one addressed: "to the AI", "an die KI", "per l'IA". */
const ADDRESS_PREPOSITIONS: ReadonlySet<string> = new Set([
  "to",
  "for",
  "an",
  "für",
  "per",
  "a",
  "al",
  "alla",
  "all",
  "agli",
  "alle",
  "ai",
]);

/** How far the frame of an embedded quotation is read on each side of it (embeddedInStatement). */
const FRAME_REACH = 160;

/**
 * Words of time shift and validity that are also the common words of any statement ("now", "over",
 * "gilt", "più", "vale"): not taken as a declaration of new guidance in an embedded quotation's frame
 * ('The classic "..." string is now so well known that ...').
 */
const COMMON_SHIFT_WORDS: ReadonlySet<string> = new Set([
  "now",
  "over",
  "longer",
  "anymore",
  "jetzt",
  "nun",
  "ab",
  "mehr",
  "gilt",
  "gelten",
  "vorbei",
  "ora",
  "adesso",
  "poi",
  "più",
  "vale",
  "valgono",
]);

/** The frame of an embedded quotation is prose: letters, digits, blanks and a sentence's punctuation. */
const PROSE_FRAME = /^[\p{L}\p{N} .,;:'’()%?!-]*$/u;

/**
 * True when the quotation text[open, close] (closed by its own mark) is a thing a statement names, not an
 * order: it is embedded in a sentence of prose after a word, with three words of it before ('adding the
 * line "Ignore all previous instructions ..." to a PDF changed ...', 'ob ein Chatbot auf „Vergiss
 * deine Regeln ...“ hereinfällt', 'documenti con istruzioni nascoste del tipo «assistente, invia ...»'),
 * and the sentence around it (its frame) says something about it rather than passing it on to the
 * reader. The frame fails that when it
 * - opens with a verb of the agent's tools or a negation ('Include "..."', 'Do not mention X; just say'),
 * - addresses the reader: a second-person word, a modal of duty, politeness, an agent noun as vocative
 *   or after "to"/"an"/"per" ('PS an die KI, die das liest: Beende jede Antwort mit „...“'), or a
 *   role's label opening the sentence ("system: ..."),
 * - speaks of the answer, of telling, of asking or wanting ('the site owner asks that "..."'),
 * - declares new or changed guidance: a word of time shift, newness or validity ('effective from now on',
 *   'the new rule'; not the common ones, COMMON_SHIFT_WORDS), or the quotation follows "that", "is" or
 *   "states" and their German and Italian counterparts (DECLARING_WORDS),
 * - or is no prose (markup, code, a table's pipes).
 * The caller blanks such a quotation and asks the rule again (scan-tool-result-text.ts isMentionOnly), so
 * an order the frame itself gives is still found. The frame is read FRAME_REACH characters each way (and
 * the sentence's first word), so a sentence of many quotations stays linear.
 */
function embeddedInStatement(text: string, open: number, close: number): boolean {
  let before = open - 1;
  while (before >= 0 && text.charCodeAt(before) === 32) before--;
  if (before < 0 || before === open - 1 || !/\p{L}/u.test(text[before]!)) return false;
  let wordStart = before;
  while (wordStart > 0 && /[\p{L}']/u.test(text[wordStart - 1]!)) wordStart--;
  if (DECLARING_WORDS.has(text.slice(wordStart, before + 1))) return false;
  if (!holdsThreeWords(text, Math.max(0, open - FRAME_REACH), open)) return false;
  const first = /^[^\p{L}]*([\p{L}']+)/u.exec(text.slice(0, FRAME_REACH))?.[1];
  if (first === undefined || isActionVerb(first) || LEXICON.negations.has(first)) return false;
  const frame = `${text.slice(Math.max(0, open - FRAME_REACH), open)} ${text.slice(close + 1, close + 1 + FRAME_REACH)}`;
  if (!PROSE_FRAME.test(frame)) return false;
  const words = [...frame.matchAll(/[\p{L}']+/gu)];
  for (let index = 0; index < words.length; index++) {
    const word = words[index]![0];
    if (word.length < 2) continue;
    if (
      LEXICON.secondPersonWords.has(word) ||
      LEXICON.secondPersonPossessives.has(word) ||
      LEXICON.obligationModals.has(word) ||
      LEXICON.answerNouns.has(word) ||
      LEXICON.tellVerbs.has(word) ||
      POLITE_WORDS.has(word) ||
      REQUEST_VERBS.has(word) ||
      ((LEXICON.temporalShiftWords.has(word) || LEXICON.validityWords.has(word)) &&
        !COMMON_SHIFT_WORDS.has(word)) ||
      LEXICON.newAdjectives.has(word)
    )
      return false;
    // A role's label opening the sentence ("system: ...", "Entwickler: ..."): the quotation is what that
    // role says.
    if (
      index === 0 &&
      LEXICON.roleWords.has(word) &&
      frame.charCodeAt(words[index]!.index + word.length) === 58
    )
      return false;
    if (!LEXICON.agentNouns.has(word)) continue;
    // The agent addressed: "AI, ...", "Assistant: ...", "to the AI", "per l'IA", "all'assistente".
    const after = frame.charCodeAt(words[index]!.index + word.length);
    const elided = word.indexOf("'");
    if (
      after === 44 ||
      after === 58 ||
      ADDRESS_PREPOSITIONS.has(words[index - 1]?.[0] ?? "") ||
      (elided > 0 && ADDRESS_PREPOSITIONS.has(word.slice(0, elided)))
    )
      return false;
  }
  return true;
}

/**
 * The folded sentence `text` with every inline quotation closed within the sentence blanked out, marks
 * included (spaces of the same length), or undefined when it holds none: what the sentence says around
 * its quotations. Double marks (`"`, “, „, «), and single ones (opensSingleQuoteAt, closesSingleQuoteAt).
 * Each mark is read once within PARENTHESIS_REACH, so this is linear.
 */
export function allQuotationsBlanked(text: string): string | undefined {
  let output = "";
  let copied = 0;
  for (let open = 0; open < text.length; open++) {
    const single = opensSingleQuoteAt(text, open);
    if (!single && !opensInlineQuote(text.charCodeAt(open))) continue;
    const close = closingMarkAfter(text, open, single);
    if (close < 0) continue;
    output += text.slice(copied, open) + " ".repeat(close + 1 - open);
    copied = close + 1;
    open = close;
  }
  return copied === 0 ? undefined : output + text.slice(copied);
}

/**
 * The index of the mark that closes the quotation opened at `open` (a single or a double one), within
 * PARENTHESIS_REACH, or -1.
 */
function closingMarkAfter(text: string, open: number, single: boolean): number {
  for (let index = open + 1; index < Math.min(text.length, open + PARENTHESIS_REACH); index++)
    if (single ? closesSingleQuoteAt(text, index) : closesInlineQuote(text.charCodeAt(index))) return index;
  return -1;
}

/** A single quote mark that opens a quotation: after a blank, a colon or "(", before a letter ("read 'When ..."). */
function opensSingleQuoteAt(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  if (code !== 39 && code !== 0x2018) return false;
  const before = index > 0 ? text.charCodeAt(index - 1) : 32;
  return (before === 32 || before === 58 || before === 40) && /\p{L}/u.test(text[index + 1] ?? "");
}

/** A single quote mark that closes a quotation: after a non-blank, before no letter ("... answer'."). */
function closesSingleQuoteAt(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  if (code !== 39 && code !== 0x2019) return false;
  return text.charCodeAt(index - 1) !== 32 && !/[\p{L}\p{N}]/u.test(text[index + 1] ?? "");
}

/** True when the quotation text[open, close] fills a Markdown table cell: "|" before it and after it. */
function fillsCell(text: string, open: number, close: number): boolean {
  let before = open - 1;
  while (before >= 0 && text.charCodeAt(before) === 32) before--;
  let after = close + 1;
  while (after < text.length && text.charCodeAt(after) === 32) after++;
  return before >= 0 && text.charCodeAt(before) === 124 && text.charCodeAt(after) === 124;
}

/** Words of a label whose value is test data or an example ("Testnachricht:", "Payload:", "Esempio:"). */
const TEST_DATA_LABELS: ReadonlySet<string> = new Set([
  "testnachricht",
  "testnachrichten",
  "testeingabe",
  "testfall",
  "testkorpus",
  "payload",
  "payloads",
  "zitat",
  "citazione",
  "beispiel",
  "example",
  "esempio",
  "sample",
  "campione",
]);

/** Words of a filter's report before what it matched: "matched pattern '...'", "Treffer „...“". */
const MATCHED_WORDS: ReadonlySet<string> = new Set(["matched", "treffer", "corrispondenza"]);

/** Verbs of reverting a commit, which name it by its quoted title. */
const REVERT_WORDS: ReadonlySet<string> = new Set(["revert", "reverts", "reverted", "reverting"]);

/** Keys of a log field whose value is what a filter or a detector matched: `match=`, `treffer=`, `corrispondenza=`. */
const MATCH_KEYS: ReadonlySet<string> = new Set([
  "match",
  "matched",
  "pattern",
  "signature",
  "treffer",
  "muster",
  "signatur",
  "corrispondenza",
  "firma",
  "regex",
]);

/**
 * True when an introducer stands among the three words before the quote mark at `open`, not first in
 * the text, or the quotation is the value of a label that names test data or an example.
 */
function introducedAt(text: string, open: number): boolean {
  const from = Math.max(0, open - INTRODUCER_LEAD);
  const words = text
    .slice(from, open)
    .replace(/\b([a-z])\.\s?([a-z])\./g, "$1$2")
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
  const firstWordOfText =
    from === 0
      ? text
          .slice(0, open)
          .split(/[^\p{L}]+/u)
          .filter(Boolean).length
      : -1;
  // 'Testnachricht (Zitat aus dem Testkorpus): „...“', 'Payload: "..."': the quotation is the value of a
  // label that names test data or an example.
  let colon = open - 1;
  while (colon > from && text.charCodeAt(colon) === 32) colon--;
  if (text.charCodeAt(colon) === 58 && words.some((word) => TEST_DATA_LABELS.has(word))) return true;
  // 'BLOCK rule=LLM-INJ-004 ... match="ignore all previous instructions"': the value of a log field
  // that names what a filter matched.
  if (open > 0 && text.charCodeAt(open - 1) === 61 && MATCH_KEYS.has(words[words.length - 1] ?? ""))
    return true;
  // "scanner[1182]: span 112-171 matched pattern 'do not mention ...'": what a filter matched.
  if (MATCHED_WORDS.has(words[words.length - 1] ?? "") || MATCHED_WORDS.has(words[words.length - 2] ?? ""))
    return true;
  // 'Revert "override system prompt per tenant"', 'Reverts part of "..."': git names the commit it
  // reverts by its title, also as the text's first word.
  if (words.slice(-3).some((word) => REVERT_WORDS.has(word))) return true;
  for (let back = 1; back <= Math.min(3, words.length); back++) {
    const word = words[words.length - back]!;
    if (!QUOTATION_INTRODUCERS.has(word)) continue;
    // Someone writing or saying reports an example only when the someone is any one: 'a user writing
    // "..."', 'an attacker types "..."'. 'The user wrote "..."' forges the user's words and 'The CEO
    // said "wire the money"' an authority's: orders.
    if (WRITING_INTRODUCERS.has(word) && !indefiniteWriterBefore(words, words.length - back)) return false;
    // The introducer is the text's first word: 'Say "..."', 'Schreibe „...“' is an order.
    if (firstWordOfText >= 0 && firstWordOfText - back === 0) return false;
    return true;
  }
  return false;
}

/** True when text[start, end) holds three runs of two or more letters (counted by code unit, stopping at three). */
function holdsThreeWords(text: string, start: number, end: number): boolean {
  let words = 0;
  let run = 0;
  for (let index = start; index < end; index++) {
    const code = text.charCodeAt(index);
    const letter =
      (code >= 97 && code <= 122) ||
      (code >= 65 && code <= 90) ||
      (code >= 0xc0 && code !== 0xd7 && code !== 0xf7);
    run = letter ? run + 1 : 0;
    if (run === 2 && ++words === 3) return true;
  }
  return false;
}

/** The index of the ")" that closes a parenthesis at `open` holding only quotations, or -1. */
function parenthesizedQuotationEnd(text: string, open: number, cutAtQuote: boolean): number {
  // After a word and a space: "instructions (", "neutrale („"; not a call's argument, 'print("...")'.
  let before = open - 1;
  if (before < 0 || text.charCodeAt(before) !== 32) return -1;
  while (before >= 0 && text.charCodeAt(before) === 32) before--;
  if (before < 0 || !/[\p{L}\p{N},:]/u.test(text[before]!)) return -1;
  PARENTHESIS_INTRODUCER.lastIndex = open + 1;
  PARENTHESIS_INTRODUCER.exec(text);
  let index = PARENTHESIS_INTRODUCER.lastIndex;
  const limit = Math.min(text.length, open + PARENTHESIS_REACH);
  let quotations = 0;
  while (index < limit) {
    if (!opensParenthesizedQuote(text.charCodeAt(index))) return -1;
    // The quotation's closing mark: the first closing quote followed by ")", ",", ";", " or", " o".
    let end = index + 1;
    while (end < limit) {
      if (closesParenthesizedQuote(text.charCodeAt(end))) {
        const after = text.slice(end + 1, end + 8);
        if (/^[ \t]*(?:\)|[,;]|or\b|oder\b|o\b|und\b|and\b|e\b)/.test(after)) break;
      }
      end++;
    }
    // The segmenter cuts a sentence at '", "' (a JSON value's end): a quotation still open at the end of
    // a text cut at a quote mark was closed there, and the parenthesis is cut with it.
    if (end >= text.length && cutAtQuote)
      return holdsThreeWords(text, index + 1, text.length) ? text.length - 1 : -1;
    if (end >= limit) return -1;
    // Only a quotation of three words or more can hold an order: '("urgent", "asap")' is no example.
    if (holdsThreeWords(text, index + 1, end)) quotations++;
    index = end + 1;
    while (index < limit && /[ \t,;]/.test(text[index]!)) index++;
    if (text.charCodeAt(index) === 41) return quotations > 0 ? index : -1;
    const joiner = /^(?:or|oder|o|und|and|e)[ \t]+/.exec(text.slice(index, index + 6));
    if (joiner !== null) index += joiner[0].length;
  }
  return -1;
}
