/**
 * What the run event writer keeps next to an event (docs/shadow-mode.md):
 *   - a `guard_decisions` row when the event is a guard acting (On) or saying what it would have done
 *     (Shadow): the settings panel's 24 h / 7 d figures and the runs filter read these rows;
 *   - a `tool_result_samples` row for a `tool.end` that carries the tool's own text (`replay`): what the
 *     replay runs through the current quarantine. The text is redacted (lib/redact) and capped at
 *     REPLAY_TEXT_LIMIT characters; the field never reaches `run_events`.
 */
import type { RunEventData } from "@/lib/schemas/runs";
import type { ShadowableGuard } from "@/lib/schemas/settings";

/** Characters of a tool result kept for replay (64 Ki): larger results are cut and marked truncated. */
export const REPLAY_TEXT_LIMIT = 65_536;

export interface GuardDecisionFact {
  guard: ShadowableGuard;
  shadow: boolean;
  /** Segments, characters or 1 verdict. */
  items: number;
}

/** The guard decision an event records, if any. */
export function guardDecisionOf(event: RunEventData): GuardDecisionFact | null {
  switch (event.type) {
    case "guard.shadow":
      return { guard: event.guard, shadow: true, items: Math.max(event.count, 1) };
    case "tool.end":
    case "proxy.request":
      return event.quarantinedSegments.count > 0
        ? { guard: "quarantine", shadow: false, items: event.quarantinedSegments.count }
        : null;
    case "scaffolding.stripped":
      return event.strippedChars > 0
        ? { guard: "scaffolding", shadow: false, items: event.strippedChars }
        : null;
    case "audit.verdict":
      return event.verdict === "ok" ? null : { guard: "audit_gate", shadow: false, items: 1 };
    case "run.completion_judged":
      return event.verdict === "complete" ? null : { guard: "completion_judge", shadow: false, items: 1 };
    default:
      return null;
  }
}

export interface ToolResultSampleFact {
  callId: string;
  toolName: string;
  text: string;
  truncated: boolean;
  previews: string[];
}

/**
 * Splits a (redacted) event into what `run_events` stores and the replay sample it carried. Only
 * `tool.end` carries one.
 */
export function takeReplaySample(event: RunEventData): {
  event: RunEventData;
  sample: ToolResultSampleFact | null;
} {
  if (event.type !== "tool.end" || event.replay === undefined) return { event, sample: null };
  const { replay, ...stored } = event;
  const truncated = replay.sourceText.length > REPLAY_TEXT_LIMIT;
  return {
    event: stored,
    sample: {
      callId: event.callId,
      toolName: event.name,
      text: truncated ? replay.sourceText.slice(0, REPLAY_TEXT_LIMIT) : replay.sourceText,
      truncated,
      previews: replay.previews,
    },
  };
}
