/**
 * Deterministic instruction analysis for `conflicting_instructions` and `ambiguous_requirements`. The
 * seed asks for "conflict detection" and "NLP ambiguity detection"; Keel uses documented word rules
 * (English, with the common German and Italian words) instead of a model, so the result is reproducible.
 */

/** An instruction clause reduced to what it asks: a verb class, a polarity and the object words. */
export type InstructionIntent = {
  /** The original instruction text the clause came from. */
  source: string;
  /** Canonical verb (`modify`, `delete`, `add`, ...), or null when the clause has no known verb. */
  verb: string | null;
  /** False for prohibitions (`do not`, `never`, `avoid`, `no`, `without`, `nicht`, `non`, ...). */
  positive: boolean;
  /** Object words: content words after the verb, up to a purpose or condition (`to <verb>`, `for`, `if`, ...). */
  objects: Set<string>;
};

const NEGATION_WORDS = new Set([
  "not",
  "never",
  "no",
  "avoid",
  "without",
  "stop",
  "refrain",
  "nicht",
  "kein",
  "keine",
  "keinen",
  "niemals",
  "nie",
  "non",
  "mai",
  "senza",
  "evita",
  "evitare",
]);

const VERB_CLASSES: Record<string, string> = {};
for (const [canonical, words] of Object.entries({
  modify:
    "modify change edit update alter touch rewrite refactor adjust tweak patch ändern ändere bearbeiten modificare modifica cambiare",
  delete:
    "delete remove drop erase eliminate strip rm purge löschen lösche entfernen entferne eliminare elimina rimuovere rimuovi cancellare",
  add: "add create introduce insert write hinzufügen erstellen erstelle aggiungere aggiungi creare crea",
  keep: "keep preserve retain maintain leave behalten behalte mantenere mantieni conservare",
  enable: "enable activate aktivieren attivare",
  disable: "disable deactivate deaktivieren disattivare",
  include: "include einschließen includere",
  exclude: "exclude ausschließen escludere",
  install: "install installieren installare",
  uninstall: "uninstall deinstallieren disinstallare",
  use: "use utilize employ verwenden verwende benutzen usare usa utilizzare",
  deploy: "deploy release ship publish veröffentlichen rilasciare",
  commit: "commit push merge",
  run: "run execute start ausführen eseguire esegui",
  fix: "fix repair beheben correggere",
  increase: "increase raise erhöhen aumentare",
  decrease: "decrease lower reduce verringern ridurre diminuire",
  show: "show display anzeigen mostrare",
  hide: "hide verstecken nascondere",
})) {
  for (const word of words.split(" ")) VERB_CLASSES[word] = canonical;
}

/** Verb pairs with opposite meaning: "add X" conflicts with "remove X" just as "do X" with "never do X". */
const ANTONYMS: [string, string][] = [
  ["add", "delete"],
  ["keep", "delete"],
  ["enable", "disable"],
  ["include", "exclude"],
  ["install", "uninstall"],
  ["increase", "decrease"],
  ["show", "hide"],
];

const STOP_WORDS = new Set(
  (
    "a an the to of for in on at and or please must should shall always only ever any all be is are was were it its this that these those " +
    "you we i me my our your their with from by as just also make sure need needs will would can could may might do does did so then there here " +
    "into onto up out via per each every some more less very really both either neither yet still again instead already now new old " +
    "der die das den dem ein eine einen und oder bitte immer nur mit von zu im am es il lo la le gli un una uno e o per con di da sempre solo"
  ).split(" "),
);

/** Words that end a clause's object: what follows is a purpose, reason or condition. */
const OBJECT_END_WORDS = new Set([
  "for",
  "so",
  "because",
  "since",
  "when",
  "if",
  "unless",
  "until",
  "while",
  "but",
  "then",
  "um",
  "damit",
  "weil",
  "wenn",
  "perché",
  "se",
  "quando",
]);

/** "to"/"per" end the object only before a verb ("update the tests to match"), not before a place ("add X to the service"). */
const PURPOSE_MARKERS = new Set(["to", "per"]);
const PURPOSE_VERBS = new Set(
  "make match pass support ensure allow prevent get see reflect fit handle improve avoid speed follow satisfy comply test verify check".split(
    " ",
  ),
);

function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/n['’]t\b/g, " not")
    .split(/[^\p{L}\p{N}_]+/u)
    .filter((word) => word !== "");
}

function singular(word: string): string {
  return word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word;
}

/** Splits an instruction into clauses (sentences and `;`-separated parts). */
export function splitClauses(text: string): string[] {
  return text
    .split(/[.;!?\n]+(?:\s|$)|;/)
    .map((clause) => clause.trim())
    .filter((clause) => clause !== "");
}

/** Reduces one clause to its intent (see `InstructionIntent`). */
export function parseIntent(clause: string, source: string): InstructionIntent {
  let positive = true;
  let verb: string | null = null;
  const objects = new Set<string>();
  const clauseWords = words(clause);
  for (let index = 0; index < clauseWords.length; index++) {
    const word = clauseWords[index] as string;
    if (NEGATION_WORDS.has(word)) {
      positive = !positive;
      continue;
    }
    const verbClass = VERB_CLASSES[word];
    if (verb === null && verbClass !== undefined && objects.size === 0) {
      verb = verbClass;
      continue;
    }
    const following = clauseWords[index + 1] ?? "";
    const purpose =
      PURPOSE_MARKERS.has(word) && (VERB_CLASSES[following] !== undefined || PURPOSE_VERBS.has(following));
    if ((OBJECT_END_WORDS.has(word) || purpose) && objects.size > 0) break;
    if (STOP_WORDS.has(word) || OBJECT_END_WORDS.has(word) || PURPOSE_MARKERS.has(word)) continue;
    objects.add(singular(word));
  }
  return { source, verb, positive, objects };
}

function jaccard(left: Set<string>, right: Set<string>): number {
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const word of left) if (right.has(word)) shared++;
  return shared / (left.size + right.size - shared);
}

function areAntonyms(left: string, right: string): boolean {
  return ANTONYMS.some(
    ([first, second]) => (first === left && second === right) || (first === right && second === left),
  );
}

/**
 * True when two intents contradict: their objects overlap (Jaccard >= `minimumOverlap`) and either
 * (a) they have the same verb (or one has none) and opposite polarity ("never modify tests" / "update
 * the tests"), or (b) their verbs are antonyms and the polarity is the same ("add logging" / "remove
 * logging"; "don't remove X" / "keep X" agree).
 */
export function intentsConflict(
  left: InstructionIntent,
  right: InstructionIntent,
  minimumOverlap: number,
): boolean {
  if (jaccard(left.objects, right.objects) < minimumOverlap) return false;
  const sameVerb = left.verb === null || right.verb === null || left.verb === right.verb;
  if (sameVerb && left.positive !== right.positive) return true;
  return (
    left.verb !== null &&
    right.verb !== null &&
    areAntonyms(left.verb, right.verb) &&
    left.positive === right.positive
  );
}

/** Maximum clauses compared pairwise (bounds the work to ~20k pairs). */
export const MAX_COMPARED_CLAUSES = 200;

/**
 * The instructions that contradict each other (`intentsConflict` over every pair of clauses from the
 * given instructions), in input order, each listed once.
 */
export function findConflictingInstructions(
  instructions: readonly string[],
  minimumOverlap: number,
): string[] {
  const intents = instructions
    .flatMap((instruction) => splitClauses(instruction).map((clause) => parseIntent(clause, instruction)))
    .slice(0, MAX_COMPARED_CLAUSES);
  const conflicting = new Set<string>();
  for (let left = 0; left < intents.length; left++) {
    for (let right = left + 1; right < intents.length; right++) {
      const first = intents[left] as InstructionIntent;
      const second = intents[right] as InstructionIntent;
      if (intentsConflict(first, second, minimumOverlap)) {
        conflicting.add(first.source);
        conflicting.add(second.source);
      }
    }
  }
  return instructions
    .filter((instruction) => conflicting.has(instruction))
    .filter((value, index, all) => all.indexOf(value) === index);
}

/** Phrases that leave the requirement open (matched on whole words, case-insensitive). */
export const VAGUE_PHRASES: readonly string[] = [
  "or something",
  "something like",
  "or whatever",
  "whatever you think",
  "whatever works",
  "etc",
  "and so on",
  "tbd",
  "tbc",
  "to be decided",
  "not sure",
  "unsure",
  "maybe",
  "perhaps",
  "somehow",
  "some kind of",
  "sort of",
  "kind of",
  "i guess",
  "figure it out",
  "you decide",
  "up to you",
  "irgendwie",
  "oder so",
  "vielleicht",
  "usw",
  "in qualche modo",
  "o qualcosa",
  "forse",
  "ecc",
];

const VAGUE_VERBS = new Set([
  "fix",
  "update",
  "improve",
  "change",
  "clean",
  "cleanup",
  "do",
  "handle",
  "make",
  "sort",
  "tidy",
  "optimize",
  "refactor",
  "better",
  "modify",
  "repair",
]);
const PRONOUN_OBJECTS = new Set([
  "it",
  "this",
  "that",
  "stuff",
  "things",
  "thing",
  "everything",
  "something",
  "them",
  "better",
]);

/**
 * Ambiguity signals in the operation and instructions, each a short label:
 * - a vague phrase from `VAGUE_PHRASES`;
 * - an either/or question (a `?` and the word "or"/"oder"/"o" in the same clause);
 * - an unresolved placeholder (`<environment>`, `[insert ...]`, `{{name}}`, `???`);
 * - a vague operation: after dropping stop words and pronoun objects ("it", "this", "stuff"), nothing
 *   or a single vague verb remains ("fix it", "make it better", "clean up").
 */
export function findAmbiguitySignals(operation: string, instructions: readonly string[]): string[] {
  const signals: string[] = [];
  for (const original of [operation, ...instructions]) {
    // Paths are not prose: "/etc/hosts" must not read as "etc".
    const text = original.replace(/\S*[/\\]\S*/g, " ");
    const joined = ` ${words(text).join(" ")} `;
    for (const phrase of VAGUE_PHRASES)
      if (joined.includes(` ${phrase} `)) signals.push(`vague wording "${phrase}" in "${shorten(original)}"`);
    for (const clause of text.split(/(?<=\?)/)) {
      if (clause.includes("?") && / (?:or|oder|o) /.test(` ${words(clause).join(" ")} `))
        signals.push(`open either/or question "${shorten(clause.trim())}"`);
    }
    if (
      /(?<![\w<])<[A-Za-z_ -]{1,40}>|\[(?:insert|add|your|todo)[^\]]{0,60}\]|\{\{[^}]{1,60}\}\}|\?\?\?/i.test(
        text,
      )
    ) {
      signals.push(`unresolved placeholder in "${shorten(original)}"`);
    }
  }
  const content = words(operation.replace(/\S*[/\\]\S*/g, " path ")).filter(
    (word) => !STOP_WORDS.has(word) && !PRONOUN_OBJECTS.has(word) && word !== "up",
  );
  if (content.length === 0 || (content.length === 1 && VAGUE_VERBS.has(content[0] as string))) {
    signals.push(`operation "${shorten(operation)}" does not say what to change`);
  }
  return [...new Set(signals)];
}

function shorten(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
