/**
 * The pure acknowledgement policy of `guardrail_acknowledge_halt`
 * (docs/halt-conditions.md#acknowledgement-and-session-state): resolved -> session active, escalated ->
 * paused pending a human, dismissed -> active with warnings; dismissing a critical halt requires
 * `continue_with_caution`; an acknowledged halt cannot be acknowledged again; a session resumes only when
 * none of its halts is left unacknowledged.
 */
import { type HaltText, type HaltTextKey, type HaltTextParams, haltText } from "@/lib/halts/halt-text";
import type { AcknowledgeResolution, SeverityLevel } from "@/lib/schemas/halts";

/** Session states of `agent_sessions.state`. */
export type SessionState = "active" | "halted" | "paused";

/** What the service knows when an acknowledgement arrives. */
export type AcknowledgementRequest = {
  resolution: AcknowledgeResolution;
  /** Severity of the stored halt event. */
  severity: SeverityLevel;
  continue_with_caution?: boolean;
  /** True when the event was already acknowledged (the guarded update matched no row). */
  already_acknowledged: boolean;
  /** Unacknowledged halts of the session other than this one. */
  other_unacknowledged_count: number;
};

/** Verdict: accepted with the resulting session state, or rejected with a reason (409 / 400). */
export type AcknowledgementOutcome =
  | {
      type: "accepted";
      session_state: SessionState;
      session_can_resume: boolean;
      /** English warnings, and the same as message keys and parameters (lib/halts/halt-text.ts). */
      warnings: string[];
      warning_texts: { key: HaltTextKey; params: HaltTextParams }[];
    }
  | { type: "rejected"; reason: "already_acknowledged" | "continue_with_caution_required"; message: string };

/**
 * Decides an acknowledgement. Rejects an already acknowledged halt and a dismissal of a critical halt
 * without `continue_with_caution: true`. Otherwise: escalated -> paused (cannot resume); resolved or
 * dismissed -> active when no other halt is unacknowledged, else halted; dismissed adds a warning.
 */
export function decideAcknowledgement(request: AcknowledgementRequest): AcknowledgementOutcome {
  if (request.already_acknowledged) {
    return {
      type: "rejected",
      reason: "already_acknowledged",
      message: "This halt has already been acknowledged.",
    };
  }
  if (
    request.resolution === "dismissed" &&
    request.severity === "critical" &&
    request.continue_with_caution !== true
  ) {
    return {
      type: "rejected",
      reason: "continue_with_caution_required",
      message: "Dismissing a critical halt requires continue_with_caution: true.",
    };
  }
  if (request.resolution === "escalated") {
    return {
      type: "accepted",
      session_state: "paused",
      session_can_resume: false,
      warnings: [],
      warning_texts: [],
    };
  }
  const texts: HaltText[] = [];
  if (request.resolution === "dismissed")
    texts.push(haltText("dismissedWarning", { severity: request.severity }));
  if (request.other_unacknowledged_count > 0)
    texts.push(haltText("otherUnacknowledged", { count: request.other_unacknowledged_count }));
  const warnings = texts.map((text) => text.description);
  const warning_texts = texts.map((text) => ({ key: text.description_key, params: text.description_params }));
  if (request.other_unacknowledged_count > 0)
    return { type: "accepted", session_state: "halted", session_can_resume: false, warnings, warning_texts };
  return { type: "accepted", session_state: "active", session_can_resume: true, warnings, warning_texts };
}
