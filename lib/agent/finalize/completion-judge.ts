/**
 * The completion judge's model call: ONE structured request on the run's own model, no tools, with the
 * strict JSON schema as the response format (`Output.object`). The schema is passed without a validator,
 * so the AI SDK only parses JSON; `normalizeAutonomousVerdict` does the checking.
 *
 * Never retried (`maxRetries: 0`): a failure is an uncertified verdict and counts toward the breaker, and
 * the request log of a run shows at most one request per judgement. Never throws, except when the run
 * itself is aborted (then the abort propagates and the run ends cancelled).
 */
import {
  generateText,
  type JSONSchema7,
  jsonSchema,
  type LanguageModel,
  NoObjectGeneratedError,
  Output,
} from "ai";
import { JUDGE_VERDICT_JSON_SCHEMA } from "@/lib/guards/completion";

/** How long one judgement may take before it counts as a provider error. */
export const JUDGE_TIMEOUT_MS = 60_000;

export type JudgeCallOutcome =
  | { type: "answer"; value: unknown }
  | { type: "invalid_json"; detail: string }
  | { type: "provider_error"; detail: string };

/** Sends one judge request; see createCompletionJudge. */
export type CompletionJudge = (prompt: { system: string; user: string }) => Promise<JudgeCallOutcome>;

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message.split("\n")[0] ?? "").slice(0, 300);
}

export function createCompletionJudge(options: {
  model: LanguageModel;
  /** The run's abort signal. */
  signal?: AbortSignal;
  timeoutMs?: number;
}): CompletionJudge {
  const schema = jsonSchema(JUDGE_VERDICT_JSON_SCHEMA as unknown as JSONSchema7);
  return async (prompt) => {
    const timeout = AbortSignal.timeout(options.timeoutMs ?? JUDGE_TIMEOUT_MS);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    try {
      const result = await generateText({
        model: options.model,
        system: prompt.system,
        messages: [{ role: "user", content: prompt.user }],
        output: Output.object({ schema, name: "completion_verdict" }),
        maxRetries: 0,
        abortSignal: signal,
      });
      return { type: "answer", value: result.output };
    } catch (error) {
      if (options.signal?.aborted) throw error;
      if (NoObjectGeneratedError.isInstance(error)) return { type: "invalid_json", detail: firstLine(error) };
      return { type: "provider_error", detail: firstLine(error) };
    }
  };
}
