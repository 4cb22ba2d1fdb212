/**
 * Evidence-bound completion for non-interactive runs (docs/run-finalization.md; pure, no I/O).
 *
 * Run finalization (lib/agent/finalize) uses these pieces in this order:
 *   1. `detectSilentDelivery(answer, kind)`: a silent sentinel is read first and is immutable;
 *   2. the todo gate: `buildTodoContinuationPrompt(openItems)` for the single bounded continuation,
 *      `buildTodoCaveat` when items stay open;
 *   3. `detectFailedSideEffects(evidence)` (mutation vocabulary, `classifyToolAction`) ->
 *      `buildSideEffectCaveat`, and the run counts as uncertified;
 *   4. `buildToolBudgetMarker` when the tool budget ran out;
 *   5. the completion judge: `decideJudgeGating`, `buildJudgeEvidence` (tool-01 / send-01 IDs, bounded),
 *      `buildAutonomousJudgePrompt` + `JUDGE_VERDICT_JSON_SCHEMA`, `normalizeAutonomousVerdict`,
 *      `buildAutonomousContinuationPrompt`, `createCircuitBreaker`;
 *   6. `composeDeliveredText(answer, caveats)`. Judge verdicts never become text.
 * Runtime texts are in `completion-texts.ts` (typed de/en/it table), not in messages/*.json: the agent
 * runtime is a separate process that does not use next-intl.
 */

export {
  type BreakerState,
  type CircuitBreaker,
  type CircuitBreakerOptions,
  createCircuitBreaker,
  JUDGE_BREAKER_FAILURE_THRESHOLD,
  JUDGE_BREAKER_OPEN_MS,
} from "./circuit-breaker";
export {
  buildSideEffectCaveat,
  buildTodoCaveat,
  buildToolBudgetMarker,
  composeDeliveredText,
  SIDE_EFFECT_CAVEAT_MAX_NAMES,
} from "./completion-caveats";
export { COMPLETION_TEXTS, type CompletionTexts, completionTexts } from "./completion-texts";
export {
  buildAutonomousContinuationPrompt,
  buildTodoContinuationPrompt,
  CONTINUATION_MAX_LISTED_ITEMS,
  JUDGE_CONTINUATION_LEAD,
  type OpenPlanItem,
  TODO_CONTINUATION_LEAD,
} from "./continuation-prompts";
export {
  detectFailedSideEffects,
  type FailedSideEffect,
  PRE_EXECUTION_REJECTION_CODES,
  RUN_INTERNAL_TOOLS,
  type ToolEvidence,
} from "./detect-failed-side-effects";
export {
  buildJudgeEvidence,
  buildJudgeEvidenceText,
  JUDGE_EVIDENCE_MAX_CHARS,
  JUDGE_EVIDENCE_MAX_ITEMS,
  JUDGE_EVIDENCE_PREVIEW_CHARS,
  type JudgeEvidence,
  type JudgeEvidenceInput,
  type JudgeEvidenceItem,
} from "./judge-evidence";
export {
  decideJudgeGating,
  type JudgeGate,
  type JudgeGatingInput,
  type JudgeMode,
  type JudgeSkipReason,
} from "./judge-gating";
export {
  type AutonomousJudgePromptInput,
  buildAutonomousJudgePrompt,
  JUDGE_QUOTE_LIMIT,
  JUDGE_SYSTEM_PROMPT,
  JUDGE_SYSTEM_PROMPT_CUE,
} from "./judge-prompt";
export {
  JUDGE_MAX_EVIDENCE_PER_OBLIGATION,
  JUDGE_MAX_OBLIGATIONS,
  JUDGE_VERDICT_JSON_SCHEMA,
  JUDGE_VERDICTS,
  type JudgeVerdictAnswer,
  judgeVerdictSchema,
  OBLIGATION_STATUSES,
  type ObligationStatus,
} from "./judge-verdict-schema";
export {
  type AutonomousVerdict,
  isJudgeFailure,
  type JudgedObligation,
  normalizeAutonomousVerdict,
  type UncertifiedReason,
  uncertifiedVerdict,
  type VerdictName,
} from "./normalize-autonomous-verdict";
export {
  type DeliveryIntent,
  detectSilentDelivery,
  HEARTBEAT_DIRECTIVES,
  SILENT_SENTINELS,
  type SilentSentinel,
} from "./silent-delivery";
export {
  classifyToolAction,
  isOutboundSendTool,
  MUTATION_VOCABULARY,
  READ_SUFFIXES,
  READ_VOCABULARY,
  type ToolAction,
  tokenizeToolName,
  toolPartOfName,
} from "./tool-action-vocabulary";
