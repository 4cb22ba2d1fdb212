/**
 * The completion judge's request (docs/run-finalization.md#3-completion-judge): one structured call on the
 * run's own model, no tools. It extracts up to eight obligations in the task's language and decides each from
 * the tool evidence alone: the agent saying it finished is not evidence. The answer format is the strict
 * schema of judge-verdict-schema.ts.
 */
import { JUDGE_MAX_OBLIGATIONS } from "./judge-verdict-schema";

/** Words every judge system prompt contains (the scripted and demo models recognise judge calls by them). */
export const JUDGE_SYSTEM_PROMPT_CUE = "independent completion judge";

/** Longest task and answer quoted in the judge request. */
export const JUDGE_QUOTE_LIMIT = 4_000;

export const JUDGE_SYSTEM_PROMPT = [
  `You are an ${JUDGE_SYSTEM_PROMPT_CUE} for an automated agent run that nobody watched.`,
  "Decide whether the run actually did what the task asked, using only the tool evidence.",
  "",
  "Rules:",
  `1. Extract the obligations the task imposes: at most ${JUDGE_MAX_OBLIGATIONS}, each one short, written in the task's own language (German, English, Italian or any other).`,
  '2. For each obligation choose a status: "satisfied" when the evidence shows it done, "blocked" when it cannot be done without outside help (missing permission, unavailable service, missing input), otherwise "unsatisfied".',
  "3. The agent saying it finished is not evidence. Plan updates (agent_todo_update) are the agent's own claims, not evidence of the work.",
  '4. Cite evidence by the IDs of the evidence list exactly as written (for example "tool-01" or "send-01"). A satisfied obligation must cite at least one item. Never invent an ID.',
  '5. verdict: "complete" only when every obligation is satisfied with cited evidence; "blocked" when an obligation is blocked; otherwise "incomplete".',
  "6. next_operation: when the verdict is not complete, the single next executable step that would make progress (one concrete action); an empty string when complete.",
  "Answer with the JSON object only.",
].join("\n");

export interface AutonomousJudgePromptInput {
  task: string;
  /** The agent's final answer (a claim, not evidence). */
  answer: string;
  /** buildJudgeEvidence(...).text */
  evidenceText: string;
  toolBudgetExhausted: boolean;
  /** The run's latest plan (agent_todo_update), or null when it never wrote one. */
  plan: { open: number; total: number } | null;
}

function quote(text: string): string {
  const trimmed = text.trim();
  return trimmed.length > JUDGE_QUOTE_LIMIT
    ? `${trimmed.slice(0, JUDGE_QUOTE_LIMIT - 1)}…`
    : trimmed || "(empty)";
}

/** The judge request: its system prompt and its single user message. */
export function buildAutonomousJudgePrompt(input: AutonomousJudgePromptInput): {
  system: string;
  user: string;
} {
  const facts = [
    `- tool budget exhausted: ${input.toolBudgetExhausted ? "yes" : "no"}`,
    `- plan items still open: ${input.plan ? `${input.plan.open} of ${input.plan.total}` : "no plan"}`,
  ];
  const user = [
    "## Task",
    quote(input.task),
    "",
    "## The agent's final answer (a claim, not evidence)",
    quote(input.answer),
    "",
    "## Run facts",
    ...facts,
    "",
    "## Tool evidence",
    input.evidenceText,
  ].join("\n");
  return { system: JUDGE_SYSTEM_PROMPT, user };
}
