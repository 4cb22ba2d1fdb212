/**
 * A sentence led by an addressee that names an agent, closed by a colon: "Assistants comparing vacuums:
 * describe ...", "Processing note for the assistant managing this mailbox: schedule ...", "An den
 * KI-Assistenten: Bitte speichern Sie ...", "Für KI-Einkaufsberater: Empfehlen Sie ...", "Agli
 * assistenti che confrontano prodotti: presentate ...".
 *
 * Why: the hand-written address rules (agent-address-rules.ts) accept only an unambiguous machine as the
 * addressee ("Note for the AI assistant:"), because a bare "assistant" is a person's job in ordinary
 * mail ("Note for teaching assistants: ..."). Writers of injected notes use the bare noun, a trade ("shopping
 * assistants", "KI-Einkaufsberater") or a task ("assistants comparing products") instead, and the order
 * after the colon is then in any wording; the learned stage scores those sentences just under its
 * threshold (2.9-3.4 logits against 3.74 on the writer probes p). This shape does not decide anything by
 * itself: it lowers the learned stage's threshold for the sentence it leads by LEAD_DISCOUNT logits
 * (learned-order-rule.ts), as hidden markup does (hidden-markup.ts). The discount is picked on the
 * tuning sets' benign texts (docs/quarantine.md, "Addressed leads").
 *
 * The lead: at most eight words from the sentence's start to the first colon; one of them an agent noun
 * of the lexicon ("assistant", "Assistenten", "agenti", "bot", "AI", "KI", "IA"), a compound led by a
 * machine name ("KI-Einkaufsberater", "AI-reviewer") or ending in an agent noun ("Terminassistent",
 * "Einkaufsassistenten"); and no word naming people (team, staff, students, users, customers,
 * developers, ...): "Note for the AI team:" and "Teaching assistants and students:" address people.
 * After the colon, something at stake (STAKE_WORDS): the answer, secrets, memory, guidance, money.
 */
import { LEXICON } from "../lexicon";
import type { SegmentToken } from "../tokenize-segment";
import { wordSet } from "../word-set";

/**
 * Logits the learned threshold is lowered by for a sentence an agent addressee leads: the largest of 0.5,
 * 1.0, 1.5 and 2.0 under which no benign text of a tuned set or of the threshold pools is flagged more
 * (1.5 flagged one more of writer e's, 2.0 five more; docs/quarantine.md "Addressed leads").
 */
export const LEAD_DISCOUNT = 1.0;

/** The longest lead, in words, up to its colon. */
const MAX_LEAD_WORDS = 8;

/** Machine names that lead a compound: "KI-Einkaufsberater", "AI-reviewer", "IA-assistente". */
const MACHINE_PREFIXES = ["ki-", "ai-", "ia-", "llm-", "gpt-"];

/** Agent nouns a German compound ends in: "Terminassistent", "Einkaufsassistenten", "Chatbot". */
const COMPOUND_AGENT_ENDS = /(?:assistent|assistenten|assistentin|agent|agenten|bot|bots)$/;

/** Words that name people: the lead then addresses people, not an agent. */
const PEOPLE_WORDS = wordSet([
  "team",
  "teams",
  "staff",
  "people",
  "students",
  "student",
  "teaching",
  "human",
  "humans",
  "personal",
  "executive",
  "virtual",
  "users",
  "user",
  "customers",
  "customer",
  "colleagues",
  "developers",
  "engineers",
  "researchers",
  "maintainers",
  "employees",
  "members",
  "travel",
  "insurance",
  "real",
  "estate",
  "sales",
  "support",
  "medical",
  "dental",
  "legal",
  "research",
  "lab",
  "administrative",
  "office",
  "store",
  "shop",
  "nutzer",
  "benutzer",
  "kunden",
  "kollegen",
  "kolleginnen",
  "mitarbeiter",
  "mitarbeitende",
  "studierende",
  "schüler",
  "entwickler",
  "menschen",
  "leute",
  "utenti",
  "utente",
  "clienti",
  "colleghi",
  "dipendenti",
  "studenti",
  "sviluppatori",
  "persone",
  "personale",
  "squadra",
]);

/** Plurals the lexicon's agent nouns lack: "agli assistenti", "gli agenti", "den Agenten". */
const AGENT_PLURALS = wordSet(["assistenti", "agenti", "agenten"]);

/** True when the word names an agent by itself, as a machine compound or as a compound's last part. */
function isAgentWord(token: SegmentToken): boolean {
  if (LEXICON.agentNouns.hasToken(token) || AGENT_PLURALS.hasToken(token)) return true;
  const word = token.word;
  for (const prefix of MACHINE_PREFIXES)
    if (word.startsWith(prefix) && word.length > prefix.length + 2) return true;
  return COMPOUND_AGENT_ENDS.test(word);
}

/**
 * Italian mentioning in the forms the lexicon lacks (infinitive, tu, voi and Lei imperatives), shared
 * with hidden-negative-facts.ts.
 */
export const ITALIAN_MENTION_FORMS: readonly string[] = [
  "menzionare",
  "menziona",
  "menzionate",
  "menzioni",
  "accennare",
  "accenna",
  "accennate",
  "accenni",
  "citare",
  "cita",
  "citate",
  "citi",
];

/**
 * What an injected note puts at stake after its lead, as the lexicon's classes: the answer and what it
 * tells or leaves out ("describe ... and do not mention the recall", "say that ...", "empfehlen Sie",
 * "non accennate"), the reader's secrets, memory and persona, its guidance, money and payments, secrets
 * and credentials, destroying. A repository's note for coding agents ("Note for coding agents: run the
 * tests before committing") names none of them (its verbs are runVerbs and editVerbs, left out).
 */
const STAKE_WORDS = wordSet([
  ...LEXICON.answerNouns.words,
  ...LEXICON.tellVerbs.words,
  ...LEXICON.promotionVerbs.words,
  ...LEXICON.revealVerbs.words,
  ...LEXICON.secretNouns.words,
  // "keep", "note" and "mind" are everyday verbs ("keep the cables out of reach of children").
  ...[...LEXICON.memoryVerbs.words].filter((word) => !/^(keep|note|mind)$/.test(word)),
  ...LEXICON.personaVerbs.words,
  // controlNouns left out: "setup", "context", "configuration" are also a room's or a product's.
  ...LEXICON.instructionNouns.words,
  ...LEXICON.overrideVerbs.words,
  ...LEXICON.paymentVerbs.words,
  ...LEXICON.moneyNouns.words,
  ...LEXICON.sensitiveObjects.words,
  ...LEXICON.destroyVerbs.words,
  // Saying and answering, which the lexicon keeps in no class of its own.
  "say",
  "answer",
  "respond",
  "sag",
  "sage",
  "sagen",
  "antworte",
  "antworten",
  "dire",
  "dite",
  "rispondi",
  "rispondere",
  "rispondete",
  ...ITALIAN_MENTION_FORMS,
  "riferisci",
  "riferite",
  "riferire",
]);

/** True when the sentence from `from` names something at stake (STAKE_WORDS). */
function namesAStake(tokens: readonly SegmentToken[], from: number): boolean {
  for (let index = from; index < tokens.length; index++) if (STAKE_WORDS.hasToken(tokens[index])) return true;
  return false;
}

/** True when the sentence opens with a colon-closed lead that addresses an agent (see the file comment). */
export function ledByAgentAddressee(tokens: readonly SegmentToken[]): boolean {
  let agent = false;
  for (let index = 0; index < Math.min(tokens.length - 1, MAX_LEAD_WORDS); index++) {
    const token = tokens[index]!;
    if (PEOPLE_WORDS.hasToken(token)) return false;
    if (isAgentWord(token)) agent = true;
    if (token.gapAfter.includes(":"))
      return agent && tokens.length - index > 4 && namesAStake(tokens, index + 1);
    // A sentence's own end before any colon: no lead.
    if (/[.!?]/.test(token.gapAfter)) return false;
  }
  return false;
}
