/**
 * Run finalization for non-interactive runs: `finalizeRun` sequences the pure policies of
 * lib/guards/completion around the real agent loop (`createLoopContinuation`) and the real judge model call
 * (`createCompletionJudge`). See docs/run-finalization.md.
 */
export {
  type CompletionJudge,
  createCompletionJudge,
  JUDGE_TIMEOUT_MS,
  type JudgeCallOutcome,
} from "./completion-judge";
export {
  CONTINUATION_MAX_TOOL_STEPS,
  continuationFlags,
  createLoopContinuation,
} from "./continue-agent-loop";
export { type FinalizationResult, type FinalizeRunInput, finalizeRun } from "./finalize-run";
export { processJudgeBreaker } from "./process-judge-breaker";
