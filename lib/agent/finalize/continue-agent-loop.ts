/**
 * The run's single bounded continuation: the agent loop again, on the conversation so far plus the
 * finalization instruction as a user message, with the same model, tools, guards and switches, but at
 * most CONTINUATION_MAX_TOOL_STEPS tool steps (then the usual wrap-up turn).
 */
import {
  type AgentLoopOptions,
  type AgentLoopResult,
  type FlagSnapshot,
  runAgentLoop,
} from "@/lib/agent/loop";

/** Tool steps a continuation may take (fewer when the switches allow fewer). */
export const CONTINUATION_MAX_TOOL_STEPS = 8;

/** The switches for the continuation: `maxToolSteps` capped at CONTINUATION_MAX_TOOL_STEPS. */
export function continuationFlags(flags: () => FlagSnapshot): () => FlagSnapshot {
  return () => {
    const snapshot = flags();
    return {
      version: snapshot.version,
      flags: {
        ...snapshot.flags,
        maxToolSteps: Math.min(snapshot.flags.maxToolSteps, CONTINUATION_MAX_TOOL_STEPS),
      },
    };
  };
}

/** A `continueRun` for finalizeRun built on the run's loop options. */
export function createLoopContinuation(
  options: Omit<AgentLoopOptions, "messages">,
): (instruction: string, previous: AgentLoopResult) => Promise<AgentLoopResult> {
  return (instruction, previous) =>
    runAgentLoop({
      ...options,
      flags: continuationFlags(options.flags),
      messages: [...previous.messages, { role: "user", content: instruction }],
    });
}
