/**
 * Turns the judge's raw answer into a verdict the runtime can act on
 * (docs/run-finalization.md#3-completion-judge). The judge is a model: nothing it says is trusted until it is
 * checked.
 *
 *   - not JSON / not the schema / no obligations      -> uncertified (invalid_json, schema_mismatch, no_obligations);
 *   - any cited evidence ID that was not in the summary -> uncertified (unsupported_evidence);
 *   - otherwise the verdict is the worse of the judge's own verdict and what its obligations say
 *     (any blocked obligation -> blocked, any unsatisfied -> incomplete);
 *   - "complete" only when EVERY obligation is satisfied AND cites evidence; a complete verdict with an
 *     obligation without evidence is refused -> uncertified (complete_without_evidence).
 * Unmet obligations (not satisfied, or satisfied without evidence) are the deltas a continuation gets.
 */
import {
  JUDGE_MAX_EVIDENCE_PER_OBLIGATION,
  JUDGE_TEXT_LIMIT,
  type JudgeVerdictAnswer,
  judgeVerdictSchema,
  type ObligationStatus,
} from "./judge-verdict-schema";

export interface JudgedObligation {
  text: string;
  status: ObligationStatus;
  evidence: string[];
}

/** Why a judgement is uncertified. The first five are judge failures (they count toward the breaker). */
export type UncertifiedReason =
  | "provider_error"
  | "invalid_json"
  | "schema_mismatch"
  | "unsupported_evidence"
  | "no_obligations"
  | "complete_without_evidence"
  | "breaker_open";

export type AutonomousVerdict =
  | { verdict: "complete"; obligations: JudgedObligation[] }
  | {
      verdict: "incomplete";
      obligations: JudgedObligation[];
      unmet: JudgedObligation[];
      nextOperation: string;
    }
  | { verdict: "blocked"; obligations: JudgedObligation[]; unmet: JudgedObligation[]; nextOperation: string }
  | { verdict: "uncertified"; reason: UncertifiedReason; obligations: JudgedObligation[]; detail?: string };

export type VerdictName = AutonomousVerdict["verdict"];

/** Reasons that mean the judge itself failed (provider, format or hallucinated evidence). */
export function isJudgeFailure(verdict: AutonomousVerdict): boolean {
  return (
    verdict.verdict === "uncertified" &&
    (verdict.reason === "provider_error" ||
      verdict.reason === "invalid_json" ||
      verdict.reason === "schema_mismatch" ||
      verdict.reason === "unsupported_evidence" ||
      verdict.reason === "no_obligations")
  );
}

/** An uncertified verdict for a failure that happened before there was an answer. */
export function uncertifiedVerdict(reason: UncertifiedReason, detail?: string): AutonomousVerdict {
  return {
    verdict: "uncertified",
    reason,
    obligations: [],
    ...(detail ? { detail: detail.slice(0, 300) } : {}),
  };
}

const cut = (text: string) =>
  text.length > JUDGE_TEXT_LIMIT ? `${text.slice(0, JUDGE_TEXT_LIMIT - 1)}…` : text;

function parseRaw(raw: unknown): { ok: true; value: unknown } | { ok: false } {
  if (typeof raw !== "string") return { ok: true, value: raw };
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch {
    return { ok: false };
  }
}

const SEVERITY = { complete: 0, incomplete: 1, blocked: 2 } as const;

/**
 * Checks and normalizes the judge's answer. `raw` is the parsed object or its JSON text; `evidenceIds`
 * are the IDs of the evidence summary the judge was shown. Never throws.
 */
export function normalizeAutonomousVerdict(
  raw: unknown,
  evidenceIds: ReadonlySet<string>,
): AutonomousVerdict {
  const parsed = parseRaw(raw);
  if (!parsed.ok) return uncertifiedVerdict("invalid_json");
  const checked = judgeVerdictSchema.safeParse(parsed.value);
  if (!checked.success) return uncertifiedVerdict("schema_mismatch", checked.error.issues[0]?.message);
  const answer: JudgeVerdictAnswer = checked.data;
  const obligations: JudgedObligation[] = answer.obligations.map((obligation) => ({
    text: cut(obligation.text.trim()),
    status: obligation.status,
    evidence: [...new Set(obligation.evidence.map((id) => id.trim().toLowerCase()))].slice(
      0,
      JUDGE_MAX_EVIDENCE_PER_OBLIGATION,
    ),
  }));
  if (obligations.length === 0 || obligations.some((obligation) => obligation.text.length === 0))
    return uncertifiedVerdict("no_obligations");
  const unsupported = obligations
    .flatMap((obligation) => obligation.evidence)
    .filter((id) => !evidenceIds.has(id));
  if (unsupported.length > 0)
    return {
      verdict: "uncertified",
      reason: "unsupported_evidence",
      obligations,
      detail: [...new Set(unsupported)].slice(0, 10).join(", ").slice(0, 300),
    };

  let derived: keyof typeof SEVERITY = "complete";
  for (const obligation of obligations) {
    const own =
      obligation.status === "blocked"
        ? "blocked"
        : obligation.status === "unsatisfied"
          ? "incomplete"
          : "complete";
    if (SEVERITY[own] > SEVERITY[derived]) derived = own;
  }
  const verdict = SEVERITY[answer.verdict] > SEVERITY[derived] ? answer.verdict : derived;
  const unmet = obligations.filter(
    (obligation) => obligation.status !== "satisfied" || obligation.evidence.length === 0,
  );
  if (verdict === "complete") {
    if (unmet.length > 0) return { verdict: "uncertified", reason: "complete_without_evidence", obligations };
    return { verdict: "complete", obligations };
  }
  const nextOperation = cut(answer.next_operation.trim()) || (unmet[0]?.text ?? "");
  return { verdict, obligations, unmet, nextOperation };
}
