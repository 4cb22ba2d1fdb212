/**
 * The completion judge's answer: one strict JSON object (docs/run-finalization.md#3-completion-judge).
 * `JUDGE_VERDICT_JSON_SCHEMA` is sent to the provider as its strict response format (every property
 * required, no extra properties, at most JUDGE_MAX_OBLIGATIONS obligations); `judgeVerdictSchema` checks
 * the answer again here, because not every provider enforces the schema.
 */
import { z } from "zod";

/** At most this many obligations per judgement. */
export const JUDGE_MAX_OBLIGATIONS = 8;
/** At most this many evidence IDs per obligation are kept. */
export const JUDGE_MAX_EVIDENCE_PER_OBLIGATION = 20;
/** Longest obligation text and next operation kept (longer ones are cut). */
export const JUDGE_TEXT_LIMIT = 500;

export const OBLIGATION_STATUSES = ["satisfied", "unsatisfied", "blocked"] as const;
export type ObligationStatus = (typeof OBLIGATION_STATUSES)[number];

export const JUDGE_VERDICTS = ["complete", "incomplete", "blocked"] as const;

export const judgeVerdictSchema = z.strictObject({
  obligations: z
    .array(
      z.strictObject({
        text: z.string(),
        status: z.enum(OBLIGATION_STATUSES),
        evidence: z.array(z.string()),
      }),
    )
    .max(JUDGE_MAX_OBLIGATIONS),
  verdict: z.enum(JUDGE_VERDICTS),
  next_operation: z.string(),
});
export type JudgeVerdictAnswer = z.infer<typeof judgeVerdictSchema>;

/** The strict JSON Schema of the answer (OpenAI strict mode compatible). */
export const JUDGE_VERDICT_JSON_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["obligations", "verdict", "next_operation"],
  properties: {
    obligations: {
      type: "array",
      maxItems: JUDGE_MAX_OBLIGATIONS,
      description: "What the task requires, in the task's own language (at most 8).",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["text", "status", "evidence"],
        properties: {
          text: { type: "string", description: "One obligation, in the task's language." },
          status: { type: "string", enum: [...OBLIGATION_STATUSES] },
          evidence: {
            type: "array",
            items: { type: "string" },
            description: "IDs of the evidence items (tool-01, send-01) that show this obligation's status.",
          },
        },
      },
    },
    verdict: { type: "string", enum: [...JUDGE_VERDICTS] },
    next_operation: {
      type: "string",
      description: "When incomplete: the one next executable step. Empty when complete.",
    },
  },
} as const;
