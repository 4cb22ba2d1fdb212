/**
 * Audit gate (Agent Zero's "Infection Check", docs/design.md#audit-gate; pure parts). An audit model reads
 * what the agent is about to do and answers `<ok/>`, `<clarify>questions</clarify>` or `<terminate/>` before
 * any tool of the step runs. The orchestration (background check, clarify loop, events) is
 * `lib/agent/audit-gate.ts`; this folder holds the texts and the parsing:
 * - the request: `DEFAULT_AUDIT_PROMPT` (system), `buildAuditUserMessage(renderAuditHistory(...),
 *   buildAuditSnapshot(...))`, and after a clarification `reEvaluationMessage(answer)`;
 * - the reply: `parseAuditVerdict` (last tag wins; `null` when there is none) and `chainOfThought`.
 * Failure policy (docs/design.md#audit-gate, a departure from upstream's fail-open): no verdict is never
 * `ok`. The caller retries once, then treats the step as `clarify` with `FAIL_CLOSED_CLARIFY_QUESTION`.
 */
export {
  BLOCKED_MESSAGE,
  DEFAULT_TERMINATE_DETAIL,
  FAIL_CLOSED_CLARIFY_QUESTION,
  MAX_CLARIFICATIONS_EXCEEDED,
  reEvaluationMessage,
} from "./audit-gate-messages";
export type { AuditSnapshotInput, AuditToolCall } from "./build-audit-snapshot";
export { buildAuditSnapshot } from "./build-audit-snapshot";
export { buildAuditUserMessage } from "./build-audit-user-message";
export { DEFAULT_AUDIT_PROMPT } from "./default-audit-prompt";
export type { AuditVerdict } from "./parse-audit-verdict";
export { chainOfThought, parseAuditVerdict } from "./parse-audit-verdict";
export type { AuditHistoryMessage } from "./render-audit-history";
export { renderAuditHistory } from "./render-audit-history";
