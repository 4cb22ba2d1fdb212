import { tokenAt } from "../segment-view";
import type { SegmentToken } from "../tokenize-segment";
import { wordSet } from "../word-set";

/**
 * The agent's own guidance as a noun phrase: "the instructions you were given", "your initial
 * instructions", "your operator's rules", "die Anweisungen, die du zu Beginn erhalten hast", "le
 * istruzioni che ti sono state date". Two rule files ask this question (extraction in
 * prompt-extraction-rules; guidance declared void or superseded in override-rules), each with its own
 * verb; what they share is whose guidance it is.
 *
 * The noun alone says nothing ("the instructions in the README", "the rules in version 2"); what makes
 * it the agent's is who holds it, which the sentence says in one of four ways (a clause ends the search
 * at any clause-opening punctuation, SegmentToken.gapOpensClause, but not at a comma: "die Anweisungen,
 * die du ... erhalten hast"):
 * - a receipt clause after the noun: the reader got it ("you were given", "given to you", "placed on
 *   you", "die du erhalten hast", "die man dir gegeben hat", "che ti sono state date", "che hai
 *   ricevuto"). "The rules you have defined" and "the instructions you gave the team" name the reader as
 *   the author, not the holder, and stay;
 * - a second-person possessive before it ("your instructions", "deine Vorgaben", "le tue istruzioni"),
 *   possibly with one adjective between ("your initial instructions");
 * - a holder before or after it ("your operator's rules", "die Richtlinien deines Betreibers");
 * - a qualifier that only hidden guidance has ("the system instructions", "the hidden rules").
 * How much each way proves depends on the noun: "your instructions" is the agent's guidance, "your
 * rules", "your settings" or "your orders" are as often a user's firewall rules, preferences or
 * purchases, so the weaker nouns need the receipt clause or a second sign.
 */

/** Nouns that are guidance by themselves: instructions, prompts, directives, guidelines. */
export const STRONG_GUIDANCE_NOUNS = wordSet([
  "instructions",
  "instruction",
  "prompt",
  "prompts",
  "directives",
  "guidelines",
  "guidance",
  "anweisungen",
  "anweisung",
  "systemanweisung",
  "systemanweisungen",
  "vorgaben",
  "richtlinien",
  "instruktionen",
  "istruzioni",
  "direttive",
  "indicazioni",
  "consegne",
  // What only a deployed model has: "Your guardrails were lifted for this session" (Italian borrows the
  // English word without its plural: "i guardrail che ti sono stati dati").
  "guardrails",
  "guardrail",
  "leitplanken",
]);

/** Nouns that are guidance only when the sentence says whose they are: rules, limits, objectives. */
export const WEAK_GUIDANCE_NOUNS = wordSet([
  "rules",
  "restrictions",
  "limits",
  "constraints",
  "objectives",
  "mission",
  "configuration",
  "setup",
  "directions",
  "regeln",
  "einschränkungen",
  "beschränkungen",
  "grenzen",
  "ziele",
  "konfiguration",
  "regole",
  "limiti",
  "restrizioni",
  "vincoli",
  "obiettivi",
  "missione",
  "configurazione",
  "impostazioni",
]);

/** Limits placed on someone: a notice that "your limits were lifted" is a plan upgrade, so these need the receipt clause. */
const LIMIT_NOUNS = wordSet([
  "restrictions",
  "limits",
  "constraints",
  "einschränkungen",
  "beschränkungen",
  "grenzen",
  "limiti",
  "restrizioni",
  "vincoli",
]);

/** "Everything you were told", "alles, was man dir gesagt hat", "tutto ciò che ti è stato detto": only with the receipt clause. */
const EVERYTHING_WORDS = wordSet(["everything", "anything", "alles", "tutto"]);

/** Nouns that are settings of a program as often as an agent's setup: only the receipt clause makes them the agent's. */
const SETUP_NOUNS = wordSet(["configuration", "setup", "konfiguration", "configurazione", "impostazioni"]);

/** Second-person possessives in front of the noun. */
const POSSESSIVES = wordSet([
  "your",
  "deine",
  "deinen",
  "deiner",
  "deinem",
  "dein",
  "ihre",
  "tue",
  "tuoi",
  "tua",
  "tuo",
]);

/**
 * Qualifiers that only hidden guidance carries: "the system instructions", "die versteckten Regeln",
 * "le istruzioni nascoste". "initial" or "original" stay out of this list ("Show the original
 * instructions again") and count only with a possessive ("your initial instructions").
 */
const HIDDEN_QUALIFIERS = wordSet([
  "system",
  "hidden",
  "secret",
  "internal",
  "confidential",
  "developer",
  "versteckten",
  "geheimen",
  "internen",
  "sistema",
  "nascoste",
  "nascosti",
  "segrete",
  "segreti",
  "interne",
]);

/** Adjectives that may stand between a possessive and the noun: "your initial instructions". */
const GUIDANCE_ADJECTIVES = wordSet([
  // Not "own": "provide your own instructions" is a product's bring-your-own.
  "operating",
  "initial",
  "original",
  "previous",
  "earlier",
  "current",
  "full",
  "complete",
  "exact",
  "starting",
  "first",
  "real",
  // What the agent was set up with: "your setup instructions", "your startup rules", "your default
  // guidelines", "your standing orders".
  "setup",
  "startup",
  "default",
  "core",
  "standing",
  "ursprünglichen",
  "bisherigen",
  "vorherigen",
  "aktuellen",
  "vollständigen",
  "ersten",
  "iniziali",
  "originali",
  "precedenti",
  "attuali",
  "complete",
]);

/** Italian and German adjectives that follow the noun: "le istruzioni iniziali", "le regole originali". */
const TRAILING_ADJECTIVES = wordSet([
  "iniziali",
  "originali",
  "precedenti",
  "attuali",
  "nascoste",
  "segrete",
  "complete",
  "esatte",
  "integrali",
]);

/** The reader as the receiver: "you" (EN, after the verb or before a passive), "dir"/"du" (DE), "ti" (IT). */
const RECIPIENT_PRONOUNS = wordSet(["you", "dir", "du", "ti"]);

/** Verbs of receiving, with the reader as subject: "you received", "die du erhalten hast", "che hai ricevuto". */
const RECEIVE_VERBS = wordSet([
  "received",
  "got",
  "erhalten",
  "bekommen",
  "gekriegt",
  "ricevuto",
  "ricevute",
  "ricevuti",
  "ricevuta",
]);

/**
 * Verbs of giving, with the reader as indirect object or passive subject: "you were given", "given to
 * you", "placed on you", "die man dir gegeben hat", "che ti sono state date", "con cui sei stato
 * configurato".
 */
const GIVE_VERBS = wordSet([
  "given",
  "told",
  "assigned",
  "placed",
  "imposed",
  "configured",
  "issued",
  "handed",
  "set",
  // What the agent was started or equipped with: "the rules you were started with", "the setup you were
  // deployed with", "die Vorgaben, mit denen du gestartet wurdest", "con cui sei stato avviato".
  "started",
  "launched",
  "initialized",
  "initialised",
  "deployed",
  "programmed",
  "provided",
  "supplied",
  "loaded",
  "primed",
  "gestartet",
  "initialisiert",
  "bereitgestellt",
  "programmiert",
  "eingerichtet",
  "avviato",
  "avviata",
  "inizializzato",
  "inizializzata",
  "programmato",
  "programmata",
  "gegeben",
  "mitgegeben",
  "auferlegt",
  "gesagt",
  "detto",
  "gesetzt",
  "zugewiesen",
  "konfiguriert",
  "date",
  "dati",
  "dato",
  "data",
  "imposte",
  "imposti",
  "imposto",
  "fornite",
  "forniti",
  "fornito",
  "assegnate",
  "assegnati",
  "configurato",
  "configurata",
]);

/** The agent as the receiver in the third person: "given to assistants", "date agli assistenti". */
const AGENT_RECIPIENTS = wordSet([
  "assistant",
  "assistants",
  "agent",
  "agents",
  "ai",
  "model",
  "models",
  "llm",
  "llms",
  "bots",
  "assistenten",
  "agenten",
  "ki",
  "modelle",
  "assistenti",
  "agenti",
  "modelli",
  "all'assistente",
  "all'ia",
  "all'agente",
]);

/**
 * True when guidance at `noun` is given to the agent in the third person: "any instructions given to
 * assistants", "the rules given to the AI", "le istruzioni date agli assistenti". For sentences that
 * set a text above what agents were told (override-rules.ts).
 */
export function isGivenToAgents(tokens: readonly SegmentToken[], noun: number): boolean {
  if (!STRONG_GUIDANCE_NOUNS.hasToken(tokens[noun]) && !WEAK_GUIDANCE_NOUNS.hasToken(tokens[noun]))
    return false;
  for (let index = noun + 1; index < Math.min(tokens.length, noun + 4); index++) {
    if (!GIVE_VERBS.hasToken(tokens[index])) continue;
    for (let later = index + 1; later < Math.min(tokens.length, index + 4); later++)
      if (AGENT_RECIPIENTS.hasToken(tokens[later])) return true;
    return false;
  }
  return false;
}

/** Passive auxiliaries before a giving verb in English: "you were given", "you have been told". */
const PASSIVE_AUXILIARIES = wordSet(["were", "was", "are", "been", "got"]);

/** Genitives of whoever configures an agent: "the assistant's rules", "your operator's guidelines". */
const HOLDER_GENITIVES = wordSet([
  "assistant's",
  "agent's",
  "model's",
  "bot's",
  "ai's",
  "operator's",
  "operators'",
  "developer's",
  "developers'",
  "creator's",
  "creators'",
]);

/** German and Italian holders after the noun: "die Richtlinien deines Betreibers", "le regole del tuo gestore". */
const HOLDER_NOUNS = wordSet([
  "betreibers",
  "entwicklers",
  "entwickler",
  "assistenten",
  "gestore",
  "operatore",
  "sviluppatori",
  "sviluppatore",
  "dell'assistente",
  "dell'operatore",
  "creatori",
]);
const HOLDER_DETERMINERS = wordSet(["deines", "deiner", "tuo", "tuoi", "del", "des", "der"]);

/** How far after the noun a receipt clause or a holder may stand ("..., die du zu Beginn erhalten hast"). */
const CLAUSE_REACH = 8;

/**
 * True when a receipt clause follows the noun at `noun`: a recipient pronoun and a verb of receiving or
 * giving in the right voice, within the same clause.
 */
function hasReceiptClause(tokens: readonly SegmentToken[], noun: number): boolean {
  let recipient = -1;
  const end = Math.min(tokens.length, noun + 1 + CLAUSE_REACH);
  for (let index = noun + 1; index < end; index++) {
    const token = tokens[index]!;
    if (token.gapOpensClause) return false;
    if (RECIPIENT_PRONOUNS.hasToken(token)) {
      recipient = index;
      // "the directions your developers gave you", "the rules we handed you": somebody else gave, the
      // reader received. A subject must stand between the noun and the verb ("the rules gave you room"
      // has the rules as subject).
      if (token.word === "you" && GAVE_VERBS.hasToken(tokens[index - 1]) && index - 1 > noun + 1) return true;
      // "given to you", "placed on you", "set for you": the giving verb came first.
      const before = tokens[index - 1];
      const verb = tokens[index - 2];
      if (
        token.word === "you" &&
        (before?.word === "to" ||
          before?.word === "on" ||
          before?.word === "upon" ||
          before?.word === "for") &&
        GIVE_VERBS.hasToken(verb) &&
        index - 2 > noun
      )
        return true;
      continue;
    }
    if (recipient < 0) continue;
    const recipientWord = tokens[recipient]!.word;
    if (RECEIVE_VERBS.hasToken(token)) {
      // "you received", "die du erhalten hast", "che hai ricevuto" (the subject is in the verb: "hai").
      if (recipientWord === "you" || recipientWord === "du") return true;
    }
    if (GIVE_VERBS.hasToken(token)) {
      // English needs the passive ("you were given"), or "you" is the giver ("the rules you gave them").
      if (recipientWord === "you") {
        if (PASSIVE_AUXILIARIES.hasToken(tokens[index - 1])) return true;
        continue;
      }
      // "die man dir gegeben hat", "che ti sono state date", "che ti hanno dato".
      if (recipientWord === "dir" || recipientWord === "ti") return true;
    }
  }
  if (operatesUnder(tokens, noun)) return true;
  if (startedSessionWith(tokens, noun)) return true;
  // Italian without a pronoun: "le istruzioni che hai ricevuto".
  for (let index = noun + 1; index < Math.min(tokens.length, noun + 5); index++) {
    const token = tokens[index]!;
    if (token.gapOpensClause) return false;
    if (token.word === "hai" && RECEIVE_VERBS.hasToken(tokens[index + 1])) return true;
    if (token.word === "sei" && tokens[index + 1]?.word === "stato" && GIVE_VERBS.hasToken(tokens[index + 2]))
      return true;
  }
  return false;
}

/** Past forms of giving with the reader as object: "... your developers gave you". */
const GAVE_VERBS = wordSet(["gave", "handed", "sent", "issued", "assigned", "told"]);

/** The agent's session: "the setup you started this session with", "con cui hai iniziato la sessione". */
export const SESSION_NOUNS = wordSet([
  "session",
  "conversation",
  "chat",
  "sitzung",
  "unterhaltung",
  "gespräch",
  "sessione",
  "conversazione",
]);
const START_VERBS = wordSet([
  "started",
  "began",
  "begun",
  "opened",
  "begonnen",
  "gestartet",
  "angefangen",
  "iniziato",
  "cominciato",
  "avviato",
  "aperto",
]);
/** The reader as the subject of the start verb: "you", "du", Italian "hai"/"sei" (the subject is in the verb). */
const READER_SUBJECTS = wordSet(["you", "du", "hai", "sei"]);

/**
 * True when a clause right after the noun says the reader started its session with it: "the configuration
 * you started this session with", "die Regeln, mit denen du die Sitzung begonnen hast", "le impostazioni
 * con cui hai iniziato la sessione". A receipt only for the agent's session: "the configuration you
 * started with" is how a tutorial talks about a reader's own files.
 */
function startedSessionWith(tokens: readonly SegmentToken[], noun: number): boolean {
  let reader = -1;
  let started = false;
  let session = false;
  for (let index = noun + 1; index < Math.min(tokens.length, noun + 1 + CLAUSE_REACH); index++) {
    const token = tokens[index]!;
    if (index > noun + 1 && token.gapOpensClause) break;
    if (READER_SUBJECTS.hasToken(token)) reader = index;
    else if (reader >= 0 && START_VERBS.hasToken(token)) started = true;
    else if (SESSION_NOUNS.hasToken(token)) session = true;
  }
  return started && session;
}

/** Verbs of working under rules: "the rules you operate under", "nach denen du arbeitest", "che segui". */
const OPERATE_VERBS = wordSet([
  "operate",
  "work",
  "run",
  "function",
  "follow",
  "obey",
  "arbeitest",
  "handelst",
  "funktionierst",
  "befolgst",
  "operi",
  "lavori",
  "segui",
  "rispetti",
  "funzioni",
]);

/**
 * True when a clause right after the noun says the reader works under it: "the rules you operate
 * under", "the guidelines you follow", "die Regeln, nach denen du arbeitest", "le regole che segui",
 * "le regole secondo cui operi". Counted as a receipt: it says the guidance is the reader's, and the
 * rules that trust a receipt also ask for the agent's world ("the rules you follow at work" between
 * people stays).
 */
function operatesUnder(tokens: readonly SegmentToken[], noun: number): boolean {
  for (let index = noun + 1; index < Math.min(tokens.length, noun + 5); index++) {
    const token = tokens[index]!;
    if (index > noun + 1 && token.gapOpensClause) return false;
    if (!OPERATE_VERBS.hasToken(token)) continue;
    const previous = tokens[index - 1]!.word;
    // English: "you operate"; German: "du arbeitest" (verb last, "nach denen du ..."); Italian: the
    // subject is in the verb, after "che" / "cui" ("che segui", "secondo cui operi").
    if (previous === "you" || previous === "du") return true;
    if (previous === "che" || previous === "cui") return true;
    if (tokenAt(tokens, index - 2)?.word === "du" || tokenAt(tokens, index - 3)?.word === "du") return true;
  }
  return false;
}

/** True when the word before the noun (or before one adjective) is a second-person possessive. */
function hasPossessive(tokens: readonly SegmentToken[], noun: number): "plain" | "qualified" | undefined {
  const before = tokens[noun - 1];
  if (before === undefined) return undefined;
  if (POSSESSIVES.hasToken(before)) {
    const after = tokens[noun + 1];
    return after !== undefined && TRAILING_ADJECTIVES.hasToken(after) ? "qualified" : "plain";
  }
  if (GUIDANCE_ADJECTIVES.hasToken(before) || HIDDEN_QUALIFIERS.hasToken(before)) {
    if (POSSESSIVES.hasToken(tokens[noun - 2])) return "qualified";
    // Two adjectives: "your initial operating instructions".
    if (GUIDANCE_ADJECTIVES.hasToken(tokens[noun - 2]) && POSSESSIVES.hasToken(tokenAt(tokens, noun - 3)))
      return "qualified";
  }
  return undefined;
}

/** True when a holder of the agent names the noun: "the assistant's rules", "die Regeln deines Betreibers". */
function hasHolder(tokens: readonly SegmentToken[], noun: number): boolean {
  if (HOLDER_GENITIVES.hasToken(tokens[noun - 1])) return true;
  if (GUIDANCE_ADJECTIVES.hasToken(tokens[noun - 1]) && HOLDER_GENITIVES.hasToken(tokens[noun - 2]))
    return true;
  const next = tokens[noun + 1];
  if (next === undefined || next.gapOpensClause) return false;
  if (HOLDER_NOUNS.hasToken(next) && next.word.startsWith("dell'")) return true;
  return HOLDER_DETERMINERS.hasToken(next) && HOLDER_NOUNS.hasToken(tokens[noun + 2]);
}

/** Italian qualifiers after the noun: "le istruzioni nascoste", "il prompt riservato". */
const TRAILING_HIDDEN = wordSet([
  "nascoste",
  "nascosto",
  "nascosti",
  "nascosta",
  "segrete",
  "segreto",
  "segreti",
  "interne",
  "riservato",
  "riservata",
  "riservate",
  "riservati",
]);

/** True when a hidden qualifier stands right before the noun or (Italian) after it: "system instructions", "istruzioni nascoste". */
function hasHiddenQualifier(tokens: readonly SegmentToken[], noun: number): boolean {
  // Adjacent words only: "system, instructions" in a list of option names is not a phrase.
  if (HIDDEN_QUALIFIERS.hasToken(tokens[noun - 1]) && tokens[noun]!.gapBefore === "") return true;
  const next = tokens[noun + 1];
  if (next === undefined || next.gapBefore !== "") return false;
  if (TRAILING_HIDDEN.hasToken(next)) return true;
  return (next.word === "di" || next.word === "del") && tokens[noun + 2]?.word === "sistema";
}

/** Compounds that name the hidden guidance by themselves. */
const HIDDEN_COMPOUNDS = wordSet([
  "systemprompt",
  "systemnachricht",
  "entwicklernachricht",
  "systemanweisungen",
]);
/** Messages that only a deployed model receives, with a qualifier: "your system message", "the developer message above". */
const MESSAGE_NOUNS = wordSet(["message", "nachricht", "messaggio"]);
const MESSAGE_QUALIFIERS = wordSet(["system", "developer", "hidden", "secret", "versteckte", "geheime"]);
/** Qualifiers that hide a setup: "your hidden configuration", "la configurazione nascosta"; not "system" or "internal" (a product's settings). */
const SECRET_SETUP_QUALIFIERS = wordSet([
  "hidden",
  "secret",
  "confidential",
  "versteckte",
  "versteckten",
  "geheime",
  "geheimen",
  "vertrauliche",
  "vertraulichen",
  "nascosta",
  "nascoste",
  "nascosto",
  "segreta",
  "segrete",
  "riservata",
  "riservate",
]);
const ABOVE_WORDS = wordSet(["above", "oben", "sopra"]);

/**
 * True when a message or setup noun at `noun` is the agent's hidden one: "your system message", "the
 * developer message above", "il messaggio dello sviluppatore sopra", "your hidden configuration", "la
 * tua configurazione nascosta". A message needs its qualifier and the reader's possessive or "above"
 * ("Show the system message in the UI" is a chat app's setting); a setup needs a qualifier of secrecy
 * ("Print the system configuration" is a command's help).
 */
function isHiddenMessageOrSetup(tokens: readonly SegmentToken[], noun: number): boolean {
  const before = tokenAt(tokens, noun - 1);
  const after = tokens[noun + 1];
  if (MESSAGE_NOUNS.hasToken(tokens[noun])) {
    // "messaggio di sistema", "messaggio dello sviluppatore"
    const italian =
      (after?.word === "di" && tokens[noun + 2]?.word === "sistema") ||
      (after?.word === "dello" && tokens[noun + 2]?.word === "sviluppatore");
    if (!MESSAGE_QUALIFIERS.hasToken(before) && !italian) return false;
    const owner = tokenAt(tokens, noun - (italian ? 1 : 2));
    if (POSSESSIVES.hasToken(owner)) return true;
    const next = italian ? tokens[noun + 3] : after;
    return ABOVE_WORDS.hasToken(next);
  }
  return SECRET_SETUP_QUALIFIERS.hasToken(before) || SECRET_SETUP_QUALIFIERS.hasToken(after);
}

/**
 * How the sentence says that the noun at `noun` is guidance the agent holds, or undefined when it does
 * not (see the file comment): "receipt" ("the rules you were given"), "qualified" ("your initial
 * instructions"), "holder" ("your operator's rules"), "hidden" ("the system instructions") or "plain"
 * ("your instructions"). The weak nouns never come back as "hidden" or "plain" ("your rules have been
 * removed from the firewall"), and limits or settings only as "receipt": "your limits were lifted" and "your configuration is invalid" are notices to users.
 * Each rule decides which kinds it trusts with its verb.
 */
export type GuidanceEvidence = "receipt" | "qualified" | "holder" | "hidden" | "plain";

export function agentGuidanceEvidence(
  tokens: readonly SegmentToken[],
  noun: number,
): GuidanceEvidence | undefined {
  const token = tokens[noun];
  if (token === undefined) return undefined;
  // A name that says it is hidden, held by the reader or standing above: "deinen Systemprompt", "die
  // Entwicklernachricht oben". "Schreibe die Systemanweisungen in die Datei config.yaml" configures a bot.
  if (HIDDEN_COMPOUNDS.hasToken(token)) {
    if (POSSESSIVES.hasToken(tokenAt(tokens, noun - 1)) || ABOVE_WORDS.hasToken(tokens[noun + 1]))
      return "hidden";
  }
  if (MESSAGE_NOUNS.hasToken(token) || SETUP_NOUNS.hasToken(token)) {
    if (isHiddenMessageOrSetup(tokens, noun)) return "hidden";
  }
  // "le tue linee guida": the Italian guidelines are two words.
  const strong =
    STRONG_GUIDANCE_NOUNS.hasToken(token) || (token.word === "linee" && tokens[noun + 1]?.word === "guida");
  const everything = EVERYTHING_WORDS.hasToken(token);
  if (!strong && !everything && !WEAK_GUIDANCE_NOUNS.hasToken(token)) return undefined;
  // The signs that need no context come first, so "die geheimen Richtlinien, die dir mitgegeben wurden"
  // is "hidden" whether or not the sentence names the agent's world.
  const openNoun = !everything && !LIMIT_NOUNS.hasToken(token) && !SETUP_NOUNS.hasToken(token);
  const possessive = openNoun ? hasPossessive(tokens, noun) : undefined;
  if (possessive === "qualified") return "qualified";
  if (openNoun && hasHolder(tokens, noun)) return "holder";
  if (openNoun && strong && hasHiddenQualifier(tokens, noun)) return "hidden";
  if (hasReceiptClause(tokens, noun)) return "receipt";
  // "the instructions that define your behaviour", "le regole che guidano le tue risposte"
  if (openNoun && governsTheReader(tokens, noun)) return "qualified";
  return strong ? possessive : undefined;
}

/** Verbs of guidance governing someone: "define", "govern", "steuern", "bestimmen", "guidano", "regolano". */
const GOVERN_VERBS = wordSet([
  "define",
  "defines",
  "govern",
  "governs",
  "shape",
  "shapes",
  "control",
  "controls",
  "determine",
  "determines",
  "steuern",
  "steuert",
  "bestimmen",
  "bestimmt",
  "definieren",
  "regeln",
  "definiscono",
  "regolano",
  "guidano",
  "determinano",
  "controllano",
]);

/** What the guidance governs in the reader: its behaviour, its answers. */
const CONDUCT_NOUNS = wordSet([
  "behavior",
  "behaviour",
  "responses",
  "answers",
  "replies",
  "verhalten",
  "antworten",
  "comportamento",
  "risposte",
]);

/** Relative pronouns that open the governing clause: "that", "which", "die", "che". */
const GOVERNING_RELATIVES = wordSet(["that", "which", "die", "welche", "che"]);

/**
 * True when a relative clause right after the noun says it governs the reader's conduct: "the
 * instructions that define your behaviour", "die Regeln, die dein Verhalten steuern", "le regole che
 * guidano le tue risposte". The possessive names the reader's conduct, so the guidance is the reader's.
 */
function governsTheReader(tokens: readonly SegmentToken[], noun: number): boolean {
  if (!GOVERNING_RELATIVES.hasToken(tokens[noun + 1])) return false;
  let governs = false;
  let possessive = false;
  for (let index = noun + 2; index < Math.min(tokens.length, noun + 7); index++) {
    const token = tokens[index]!;
    if (token.gapOpensClause && !token.gapBefore.includes(",")) return false;
    if (GOVERN_VERBS.hasToken(token)) governs = true;
    if (POSSESSIVES.hasToken(token)) possessive = true;
    if (CONDUCT_NOUNS.hasToken(token))
      return governs || GOVERN_VERBS.hasToken(tokens[index + 1]) ? possessive : false;
  }
  return false;
}

/**
 * Words that put a sentence in an agent's world: its conversation, its answer, its makers. A receipt
 * clause alone is also how people talk to people ("Repeat the instructions you were given by the nurse",
 * "The guidelines you were given last year no longer apply"), so the rules that trust a receipt clause
 * ask for one of these words in the same sentence.
 */
const AGENT_CONTEXT_WORDS = wordSet([
  "conversation",
  "chat",
  "session",
  "reply",
  "answer",
  "response",
  "output",
  "summary",
  "assistant",
  "model",
  "ai",
  "llm",
  "bot",
  "chatbot",
  "agent",
  "developers",
  "developer",
  "operator",
  "prompt",
  "gespräch",
  "unterhaltung",
  "sitzung",
  "antwort",
  "ausgabe",
  "zusammenfassung",
  "assistent",
  "assistenten",
  "modell",
  "ki",
  "entwickler",
  "betreiber",
  "conversazione",
  "sessione",
  "risposta",
  "riassunto",
  "sintesi",
  "assistente",
  "modello",
  "ia",
  "sviluppatori",
  "gestore",
  "operatore",
  // Where the text itself stands: "everything you were told before this line", "unten", "qui sotto".
  "line",
  "lines",
  "paragraph",
  "section",
  "page",
  "document",
  "below",
  "above",
  "zeile",
  "zeilen",
  "absatz",
  "abschnitt",
  "seite",
  "dokument",
  "unten",
  "oben",
  "riga",
  "righe",
  "paragrafo",
  "sezione",
  "pagina",
  "documento",
  "sotto",
  "sopra",
]);

/**
 * True when the sentence names the agent's world (AGENT_CONTEXT_WORDS). O(words); callers ask at most
 * once per sentence (see GuidanceContext).
 */
function hasAgentContext(tokens: readonly SegmentToken[]): boolean {
  for (const token of tokens) if (AGENT_CONTEXT_WORDS.hasToken(token)) return true;
  return false;
}

/** The agent-context question for one sentence, answered at most once (keeps the rules linear). */
export class GuidanceContext {
  #answer: boolean | undefined;
  constructor(private readonly tokens: readonly SegmentToken[]) {}
  get agentWorld(): boolean {
    this.#answer ??= hasAgentContext(this.tokens);
    return this.#answer;
  }
}

/**
 * True when the evidence is enough for a rule that trusts any sign but a bare possessive: a receipt
 * clause only in a sentence about the agent's world.
 */
export function isHeldEvidence(evidence: GuidanceEvidence | undefined, context: GuidanceContext): boolean {
  if (evidence === undefined || evidence === "plain") return false;
  return evidence !== "receipt" || context.agentWorld;
}

/** Every word agentGuidanceEvidence can name, for the rules' anchor lists. */
export const GUIDANCE_NOUN_WORDS: readonly string[] = [
  ...STRONG_GUIDANCE_NOUNS.words,
  ...HIDDEN_COMPOUNDS.words,
  ...MESSAGE_NOUNS.words,
  "linee",
  ...WEAK_GUIDANCE_NOUNS.words,
  ...EVERYTHING_WORDS.words,
];
