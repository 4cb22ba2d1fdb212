import { AnchorTable, hashWord } from "./anchor-table";
import { DECODE_WORDS, ENCODED_ORDER_RULE } from "./encoded-orders";
import { widensPastItsSentence } from "./expand-removals";
import type { InstructionRule } from "./instruction-rule";
import { LEARNED_GATE } from "./learned-weights";
import { ADDRESSEE_NAME_WORDS } from "./rules/addressed-secrecy";
import { agentAddressRule, taskHijackRule } from "./rules/agent-address-rules";
import {
  agentObligationRule,
  agentVocativeRule,
  ignoreUserRule,
  persuadeUserRule,
  scriptedAnswerRule,
  standingOrderRule,
} from "./rules/agent-steering-rules";
import { answerManipulationRule, codeInsertionRule } from "./rules/answer-manipulation-rules";
import { concealmentRule } from "./rules/concealment-rules";
import { CONSENT_WORDS } from "./rules/consented-orders";
import { ANSWER_SIGN_WORDS, REPORT_SIGN_WORDS } from "./rules/dictated-answers";
import { exfiltrationRule, paymentRule } from "./rules/exfiltration-rules";
import { LEARNED_ORDER_RULES, LEARNED_RULE_NAME } from "./rules/learned-order-rule";
import {
  newInstructionsRule,
  overrideEarlierInstructionsRule,
  overrideEverythingRule,
  roleOverrideRule,
} from "./rules/override-rules";
import { ownerImpersonationRule, todoOrderRule } from "./rules/owner-impersonation-rules";
import { agentReplacementRule, personaSwitchRule } from "./rules/persona-rules";
import { promptExtractionRule } from "./rules/prompt-extraction-rules";
import { recurringOrderRule } from "./rules/recurring-order-rules";
import { chatTemplateTokenRule, roleLabelRule } from "./rules/role-label-rules";
import { SUMMARISING_WORD_LIST } from "./rules/selective-reports";
import { SETUP_NOUN_WORDS } from "./rules/setup-requests";
import { SUMMARY_NOUN_WORDS } from "./rules/summary-directives";
import { accessAbuseRule, destructiveCommandRule, selfPropagationRule } from "./rules/tool-abuse-rules";
import { USER_AUDIENCE_WORDS } from "./rules/user-referrals";
import { TRANSFORM_WORDS } from "./transformed-orders";

/** Every detection rule, in the order they are tried (cheapest and most specific first). */
export const DETECTION_RULES: readonly InstructionRule[] = [
  chatTemplateTokenRule,
  roleLabelRule,
  overrideEarlierInstructionsRule,
  roleOverrideRule,
  overrideEverythingRule,
  newInstructionsRule,
  personaSwitchRule,
  agentReplacementRule,
  agentAddressRule,
  agentVocativeRule,
  standingOrderRule,
  recurringOrderRule,
  agentObligationRule,
  ignoreUserRule,
  persuadeUserRule,
  scriptedAnswerRule,
  taskHijackRule,
  concealmentRule,
  promptExtractionRule,
  exfiltrationRule,
  paymentRule,
  destructiveCommandRule,
  accessAbuseRule,
  selfPropagationRule,
  answerManipulationRule,
  codeInsertionRule,
  ownerImpersonationRule,
  todoOrderRule,
  // The learned second stage (rules/learned-order-rule.ts) runs last, on what the rules above missed.
  ...LEARNED_ORDER_RULES,
  // Not a detector: marks the sentences that mention decoding or a letter game, around which the scanner
  // looks for base64 and hex payloads and lines to undo (encoded-orders.ts, transformed-orders.ts). Never
  // matches by itself.
  { name: ENCODED_ORDER_RULE, anchors: [...DECODE_WORDS, ...TRANSFORM_WORDS], matches: () => false },
];
if (DETECTION_RULES.length > 32) throw new Error("detection-rules: rule masks are 32-bit");

/** The bits of the rules whose removals expandRemovals may widen past their sentence. */
export const WIDENING_RULE_MASK: number = DETECTION_RULES.reduce(
  (mask, rule, ruleIndex) => (widensPastItsSentence(rule.name) ? mask | (1 << ruleIndex) : mask),
  0,
);

/** The bit of the decoding mention in a segment's rule mask. */
export const ENCODED_MENTION_MASK: number =
  1 << DETECTION_RULES.findIndex((rule) => rule.name === ENCODED_ORDER_RULE);

/** The bits of the learned stage's rules in a segment's rule mask. */
export const LEARNED_RULE_MASK: number = DETECTION_RULES.reduce(
  (mask, rule, ruleIndex) => (rule.name === LEARNED_RULE_NAME ? mask | (1 << ruleIndex) : mask),
  0,
);

/**
 * Sign classes of words a text-wide pass needs and no rule is anchored on (AnchorTable.signAt): the
 * pre-filter reports which classes occur in a text (PrefilterSigns.words), so a pass whose class is
 * absent skips its search of the whole text. CONSENT_SIGN: the consent words of
 * rules/consented-orders.ts.
 */
export const CONSENT_SIGN = 1;
/** SUMMARY_SIGN: the summary nouns of rules/summary-directives.ts. */
export const SUMMARY_SIGN = 2;
/** SETUP_SIGN: the setup nouns of rules/setup-requests.ts. */
export const SETUP_SIGN = 4;
/** AGENT_NAME_SIGN: the names of an agent of rules/addressed-secrecy.ts. */
export const AGENT_NAME_SIGN = 8;
/** USER_SIGN: the user nouns of rules/user-referrals.ts. */
export const USER_SIGN = 16;
/**
 * ANSWER_SIGN: the answer's names of rules/dictated-answers.ts ("reply", "Antwort", "risposta") and its
 * verbs of the reader's report on a text ("cite", "citi", "zitierst").
 */
export const ANSWER_SIGN = 32;
/**
 * PEOPLE_SIGN: the user in the genitive and in compounds, and a person ("des Nutzers", "Nutzerdomain",
 * "the person you work for", "la persona per cui lavori"), the reader and the human, for the passes about the user that USER_SIGN
 * alone would miss (rules/user-kept-unaware.ts, user-in-the-dark.ts, preferred-over-user.ts,
 * user-domain-records.ts).
 */
export const PEOPLE_SIGN = 64;
/** SOCIAL_SIGN: social networks and profiles (rules/social-posts.ts). */
export const SOCIAL_SIGN = 128;
/** ALERT_SIGN: alerts, notifications and limits (rules/checks-switched-off.ts). */
export const ALERT_SIGN = 256;
/** REASON_SIGN: the words that script a reason ("by saying", "dicendo"; rules/scripted-excuses.ts). */
export const REASON_SIGN = 512;
export const ALL_WORD_SIGNS =
  CONSENT_SIGN |
  SUMMARY_SIGN |
  SETUP_SIGN |
  AGENT_NAME_SIGN |
  USER_SIGN |
  ANSWER_SIGN |
  PEOPLE_SIGN |
  SOCIAL_SIGN |
  ALERT_SIGN |
  REASON_SIGN;
const ALERT_SIGN_WORDS: readonly string[] = [
  "alert",
  "alerts",
  "notification",
  "notifications",
  "warning",
  "warnings",
  "avvisi",
  "notifiche",
  "limit",
  "limite",
  "warnung",
  "warnungen",
  "benachrichtigung",
  "benachrichtigungen",
  "meldungen",
  "hinweise",
  "sicherheitsbenachrichtigung",
  "sicherheitsbenachrichtigungen",
  "sicherheitswarnung",
  "sicherheitswarnungen",
  "sicherheitshinweise",
  "sicherheitsmeldungen",
  "anmeldewarnungen",
  "anmeldehinweise",
  "anmeldebenachrichtigungen",
];
const REASON_SIGN_WORDS: readonly string[] = ["saying", "dicendo", "hinweis", "sagst", "damit"];
const PEOPLE_SIGN_WORDS: readonly string[] = [
  "nutzers",
  "benutzers",
  "nutzerdomain",
  "benutzerdomain",
  "person",
  "persona",
  "persone",
  // The reader and the human kept from something (user-in-the-dark.ts hidesFromTheUser).
  "reader",
  "leser",
  "lettore",
  "human",
  "mensch",
  "menschen",
  "umano",
];
const SOCIAL_SIGN_WORDS: readonly string[] = [
  "linkedin",
  "facebook",
  "instagram",
  "mastodon",
  "tiktok",
  "bluesky",
  "twitter",
  "tweet",
  "social",
  "threads",
  "profile",
  "profiles",
  "profil",
  "profilen",
  "profilo",
  "profili",
  "feed",
];
const WORD_SIGNS: readonly (readonly [words: readonly string[], sign: number])[] = [
  [CONSENT_WORDS, CONSENT_SIGN],
  [SUMMARY_NOUN_WORDS, SUMMARY_SIGN],
  [SUMMARISING_WORD_LIST, SUMMARY_SIGN],
  [SETUP_NOUN_WORDS, SETUP_SIGN],
  [ADDRESSEE_NAME_WORDS, AGENT_NAME_SIGN],
  [USER_AUDIENCE_WORDS, USER_SIGN],
  [ANSWER_SIGN_WORDS, ANSWER_SIGN],
  [REPORT_SIGN_WORDS, ANSWER_SIGN],
  [PEOPLE_SIGN_WORDS, PEOPLE_SIGN],
  [SOCIAL_SIGN_WORDS, SOCIAL_SIGN],
  [ALERT_SIGN_WORDS, ALERT_SIGN],
  [REASON_SIGN_WORDS, REASON_SIGN],
];

/** Word hash -> which rules (bit i = DETECTION_RULES[i]) use the word as anchor or as companion. */
export const ANCHOR_TABLE: AnchorTable = new AnchorTable(
  DETECTION_RULES.flatMap((rule, ruleIndex) => [
    ...rule.anchors.flatMap(anchorParts).map((part) => [hashWord(part), 1 << ruleIndex, 0] as const),
    ...(rule.companions ?? [])
      .flatMap(anchorParts)
      .map((part) => [hashWord(part), 0, 1 << ruleIndex] as const),
  ]),
  DETECTION_RULES.reduce(
    (mask, rule, ruleIndex) => (rule.companions === undefined ? mask | (1 << ruleIndex) : mask),
    0,
  ),
  DETECTION_RULES.reduce(
    (mask, rule, ruleIndex) => (rule.anchorOpensSegment ? mask | (1 << ruleIndex) : mask),
    0,
  ),
  DETECTION_RULES.reduce(
    (mask, rule, ruleIndex) => (rule.anchorAfterBracket ? mask | (1 << ruleIndex) : mask),
    0,
  ),
  WORD_SIGNS.flatMap(([words, sign]) => words.map((word) => [hashWord(word), sign] as const)),
);

/**
 * The learned gate of the learned stage (a cascade's first step): a non-negative weight per folded word,
 * trained by scripts/quarantine/train.ts and committed with the scorer's weights (learned-weights.ts).
 * The pre-filter and the segmenter sum the weights of a sentence's words while they hash them for the
 * anchor table anyway, and a sentence whose sum reaches `threshold` is scored by the learned stage even
 * when none of the hand-written gates (LEARNED_GATES) opened it. Weights are integers.
 */
export interface LearnedGate {
  /** Folded words, space-separated ("" for no gate). */
  readonly words: string;
  /** Integer weight of each word, in the order of `words`, space-separated. */
  readonly weights: string;
  readonly threshold: number;
}

/** The rule bit a sentence the learned gate opens is checked by (the learned rules share one verdict). */
const LEARNED_GATE_RULE_MASK: number =
  1 << DETECTION_RULES.findIndex((rule) => rule.name === LEARNED_RULE_NAME);

/**
 * Installs `gate` in ANCHOR_TABLE (undefined: no learned gate). The committed gate is installed when
 * this module loads; the training script and the evaluation's `--weights` install others.
 */
export function setLearnedGate(gate: LearnedGate | undefined): void {
  const words = gate === undefined || gate.words === "" ? [] : gate.words.split(" ");
  const weights = gate === undefined || gate.weights === "" ? [] : gate.weights.split(" ").map(Number);
  ANCHOR_TABLE.setGate(
    words.map((word, index) => [hashWord(word), weights[index] ?? 0] as const),
    gate?.threshold ?? Number.POSITIVE_INFINITY,
    LEARNED_GATE_RULE_MASK,
  );
}

setLearnedGate(LEARNED_GATE);

/**
 * The segmenter hashes maximal runs of word characters, so "e-mail" is seen as "e" and "mail"; a
 * compound anchor is represented by its longest part, which every occurrence contains.
 */
function anchorParts(anchor: string): string[] {
  // Single letters would make nearly every sentence a candidate; anchors must be real words.
  const parts = anchor.split(/[-'.]/).filter((part) => part.length > 1);
  const longest = parts.reduce((best, part) => (part.length > best.length ? part : best), "");
  return longest ? [longest] : [];
}
