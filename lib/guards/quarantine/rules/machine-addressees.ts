/**
 * The agent addressed by the job it is doing: "AI reviewer, ...", "# AI log analyst: ...", "To the AI:
 * ...", "Für den KI-Prüfer: ...", "Revisore IA, ...", "Assistenti virtuali, ...", "Il segretario
 * virtuale ...", and in a label by what it writes ("Anweisung für automatische Zusammenfassungen:"). A
 * planted note names the reader after its task as often as by "assistant"; a machine word ("AI", "KI",
 * "IA", "LLM") or a qualifier of automation ("virtual", "virtuale") next to the role noun makes the role
 * the agent's. The role nouns are those of reading, checking and helping with a
 * text: a machine word next to a person's profession ("AI researcher", "KI-Entwickler", "AI team")
 * names people who work on AI, and is not read (those nouns are not in ROLE_NOUNS).
 *
 * Used by the vocative (agent-steering-rules.ts isVocativeOrder) and the label (agent-label-rules.ts
 * labelAt, roleLabelAt, isAgentWord) forms of the agent-vocative rule, where the order after the address
 * is judged as for "Assistant, ..." and "AI agent: ...", and by reader-obligations.ts as a name of the
 * reader an obligation is put on ("The virtual secretary must ...").
 */

import type { SegmentToken } from "../tokenize-segment";
import { wordSet } from "../word-set";
import { AUTOMATION_WORDS as READER_QUALIFIERS } from "./machine-reader-conditions";

/** Words that name a machine on their own, before or after a role noun. */
const MACHINE_WORDS = wordSet(["ai", "ki", "ia", "llm", "gpt", "chatbot"]);

/**
 * Qualifiers of automation that make a role noun the machine's: "virtual assistant", "segretario
 * virtuale", "automatisierte Prüfer", "revisori automatici". Not "coding": a repository's own notes
 * address coding agents by that name ("Note for coding agents: run the tests first", AGENTS.md), and
 * not the words that qualify something else ("machine", "linguistico", "programmazione").
 */
const AUTOMATION_WORDS = wordSet(
  [...READER_QUALIFIERS.words].filter((word) => !/^(coding|machine|linguistico|programmazione)$/.test(word)),
);

/**
 * The jobs an agent does over a text, in the three languages: reviewing, analysing, summarising,
 * translating, screening, moderating, assisting. Not the professions of people who build AI.
 */
export const ROLE_NOUNS = wordSet([
  "reviewer",
  "reviewers",
  "analyst",
  "analysts",
  "summarizer",
  "summarizers",
  "summariser",
  "summarisers",
  "reader",
  "readers",
  "helper",
  "helpers",
  "screener",
  "screeners",
  "moderator",
  "moderators",
  "auditor",
  "auditors",
  "translator",
  "translators",
  "triager",
  "secretary",
  "assistant",
  "assistants",
  "agent",
  "agents",
  "prüfer",
  "gutachter",
  "analysten",
  "leser",
  "helfer",
  "übersetzer",
  "zusammenfasser",
  "moderatoren",
  "sekretär",
  "sekretärin",
  "assistent",
  "assistenten",
  "assistenz",
  "agenten",
  "revisore",
  "revisori",
  "analista",
  "analisti",
  "lettore",
  "lettori",
  "traduttore",
  "moderatore",
  "segretario",
  "segretaria",
  "assistente",
  "assistenti",
  "agente",
  "agenti",
]);

/**
 * Things that name the agent only in a vocative: "AI systems, delete ..." speaks to them, while "AI
 * systems:" heads a paragraph of a policy for people ("AI systems: ensure human oversight").
 */
const THING_NOUNS = wordSet([
  "system",
  "systems",
  "tool",
  "tools",
  "systeme",
  "sistema",
  "sistemi",
  "strumento",
]);

/**
 * What an agent writes, named as a label's addressee with a machine word or a qualifier of automation
 * ("Anweisung für automatische Zusammenfassungen:", "For AI summaries:", "Per i riassunti automatici:",
 * "KI-Zusammenfassungen:"): only a note meant for the machine that writes them heads a paragraph so.
 * Labels only (`vocative` false): nobody speaks to a summary.
 */
const OUTPUT_NOUNS = wordSet([
  "summary",
  "summaries",
  "answers",
  "responses",
  "replies",
  "overviews",
  "zusammenfassung",
  "zusammenfassungen",
  "antworten",
  "übersichten",
  "riassunto",
  "riassunti",
  "risposte",
  "sintesi",
]);

/**
 * True when `token`, the last word of an addressee, names what an agent writes ("summaries",
 * "KI-Zusammenfassungen"), not the agent: a label needs a "for" or "to" before such a name.
 */
export function namesAnOutput(token: SegmentToken): boolean {
  if (OUTPUT_NOUNS.hasToken(token)) return true;
  const hyphen = token.word.indexOf("-");
  return hyphen > 0 && OUTPUT_NOUNS.has(token.word.slice(hyphen + 1));
}

/** Qualifiers of what a machine made: "AI-generated summaries", "KI-generierte Antworten". */
const GENERATED_WORDS = wordSet([
  "ai-generated",
  "ai-written",
  "llm-generated",
  "ki-generierte",
  "ki-generierten",
  "ki-erstellte",
  "ki-erstellten",
]);

/** Words a role may stand behind in a name of up to three words: "AI log analyst", "AI code reviewer". */
const MAX_NAME_WORDS = 3;

/**
 * True when `word` is a compound of a machine word and a role noun ("ki-prüfer", "assistenz-bot"; with
 * `vocative`, also of a thing: "ki-systeme"; with `outputs`, also of what an agent writes:
 * "ki-zusammenfassungen").
 */
export function isMachineRoleCompound(word: string, vocative = false, outputs = false): boolean {
  const hyphen = word.indexOf("-");
  if (hyphen <= 0 || hyphen === word.length - 1) return false;
  const head = word.slice(0, hyphen);
  const tail = word.slice(hyphen + 1);
  return (
    (MACHINE_WORDS.has(head) &&
      (ROLE_NOUNS.has(tail) || (vocative && THING_NOUNS.has(tail)) || (outputs && OUTPUT_NOUNS.has(tail)))) ||
    (ROLE_NOUNS.has(head) && /^(bot|ki|ia|ai)$/.test(tail))
  );
}

/**
 * A role noun; with `vocative` also a thing of THING_NOUNS, without it (a label) also what an agent
 * writes (OUTPUT_NOUNS).
 */
function isRole(token: SegmentToken | undefined, vocative: boolean): boolean {
  return (
    ROLE_NOUNS.hasToken(token) || (vocative ? THING_NOUNS.hasToken(token) : OUTPUT_NOUNS.hasToken(token))
  );
}

/**
 * End (exclusive) of a machine addressee named by its job that starts at `tokens[index]`, or -1:
 * - a machine word, then up to two words the last of which is a role noun, written without punctuation
 *   between ("AI reviewer", "AI log analyst", "LLM summarizer");
 * - a role noun, then a machine word or a qualifier of automation ("revisore IA", "assistenti virtuali",
 *   "segretario virtuale"), or a qualifier, then a role noun ("virtual assistant");
 * - one compound of a machine word and a role noun ("KI-Prüfer", "Assistenz-Bot").
 * With `vocative`, the things of THING_NOUNS count as roles ("AI systems, ...", "KI-Systeme"); without
 * it (a label), what an agent writes does ("automatische Zusammenfassungen", "KI-Zusammenfassungen",
 * "AI-generated summaries"; OUTPUT_NOUNS, GENERATED_WORDS).
 */
export function machineAddresseeEnd(
  tokens: readonly SegmentToken[],
  index: number,
  vocative: boolean,
): number {
  const token = tokens[index];
  if (token === undefined) return -1;
  if (token.hasJoiner && isMachineRoleCompound(token.word, vocative, !vocative)) return index + 1;
  if (MACHINE_WORDS.hasToken(token)) {
    for (let last = index + 1; last < Math.min(tokens.length, index + MAX_NAME_WORDS); last++) {
      if (tokens[last - 1]!.gapAfter !== "") return -1;
      if (isRole(tokens[last], vocative)) return last + 1;
    }
    return -1;
  }
  const next = tokens[index + 1];
  if (next === undefined || token.gapAfter !== "") return -1;
  if (isRole(token, vocative) && (MACHINE_WORDS.hasToken(next) || AUTOMATION_WORDS.hasToken(next)))
    return index + 2;
  if (AUTOMATION_WORDS.hasToken(token) && isRole(next, vocative)) return index + 2;
  // "AI-generated summaries:", "KI-generierte Antworten:" (labels only).
  if (!vocative && GENERATED_WORDS.hasToken(token) && OUTPUT_NOUNS.hasToken(next)) return index + 2;
  return -1;
}

/** Words one of which every machine addressee contains, for the anchors of the rules that read it. */
export const MACHINE_ADDRESSEE_ANCHORS: readonly string[] = [
  ...MACHINE_WORDS.words,
  ...AUTOMATION_WORDS.words,
  ...GENERATED_WORDS.words,
];
