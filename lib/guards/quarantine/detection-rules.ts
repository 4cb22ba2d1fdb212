import { AnchorTable, hashWord } from "./anchor-table";
import { DECODE_WORDS, ENCODED_ORDER_RULE } from "./encoded-orders";
import type { InstructionRule } from "./instruction-rule";
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
import { accessAbuseRule, pipeToShellRule, selfPropagationRule } from "./rules/tool-abuse-rules";

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
  pipeToShellRule,
  accessAbuseRule,
  selfPropagationRule,
  answerManipulationRule,
  codeInsertionRule,
  ownerImpersonationRule,
  todoOrderRule,
  // The learned second stage (rules/learned-order-rule.ts) runs last, on what the rules above missed.
  ...LEARNED_ORDER_RULES,
  // Not a detector: marks the sentences that mention decoding, around which the scanner looks for base64
  // payloads (encoded-orders.ts). Never matches by itself.
  { name: ENCODED_ORDER_RULE, anchors: DECODE_WORDS, matches: () => false },
];
if (DETECTION_RULES.length > 32) throw new Error("detection-rules: rule masks are 32-bit");

/** The bit of the decoding mention in a segment's rule mask. */
export const ENCODED_MENTION_MASK: number =
  1 << DETECTION_RULES.findIndex((rule) => rule.name === ENCODED_ORDER_RULE);

/** The bits of the learned stage's rules in a segment's rule mask. */
export const LEARNED_RULE_MASK: number = DETECTION_RULES.reduce(
  (mask, rule, ruleIndex) => (rule.name === LEARNED_RULE_NAME ? mask | (1 << ruleIndex) : mask),
  0,
);

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
);

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
