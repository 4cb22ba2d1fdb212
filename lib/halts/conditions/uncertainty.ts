/**
 * Uncertainty halt condition on the 0-10 uncertainty scale (docs/halt-conditions.md#severities):
 * 9-10 critical (halt immediately), 7-8 high (halt and ask), 5-6 medium (proceed with caution, note the
 * uncertainty), 0-4 low (proceed normally).
 */
import { haltText } from "@/lib/halts/halt-text";
import type { HaltCondition } from "./halt-condition";
import { readThreshold } from "./halt-condition";

/** Default halt threshold (the halt design: `uncertainty_score >= 7`). */
export const DEFAULT_UNCERTAINTY_THRESHOLD = 7;
/** Default score from which the halt is critical (seed scale: 9-10 "HALT immediately"). */
export const DEFAULT_CRITICAL_UNCERTAINTY = 9;
/** Scores from this value up to the threshold are reported as a low-severity, non-halting note. */
export const CAUTION_UNCERTAINTY = 5;

/**
 * `uncertainty_scale` (high). Rule: `uncertainty_score >= threshold` (default 7) fires with the
 * configured severity, raised to critical when the score is >= `critical_threshold` (default 9). A score
 * from 5 up to the threshold yields a low-severity reason ("proceed with caution, note the uncertainty"),
 * which never makes `should_halt` true. Below 5, or no score: nothing.
 */
export function uncertaintyScale(): HaltCondition {
  return (context, settings) => {
    const {
      threshold = DEFAULT_UNCERTAINTY_THRESHOLD,
      critical_threshold: criticalThreshold = DEFAULT_CRITICAL_UNCERTAINTY,
    } = readThreshold("uncertainty_scale", settings);
    const score = context.current_context.uncertainty_score;
    if (score === undefined) return null;
    if (score >= threshold) {
      const critical = score >= criticalThreshold;
      return {
        halt_type: "uncertainty",
        condition_name: "uncertainty_scale",
        severity: critical ? "critical" : settings.severity,
        ...(critical
          ? haltText("uncertaintyCritical", { score, criticalThreshold })
          : haltText("uncertaintyHigh", { score, threshold })),
      };
    }
    if (score >= CAUTION_UNCERTAINTY) {
      return {
        halt_type: "uncertainty",
        condition_name: "uncertainty_scale",
        severity: "low",
        ...haltText("uncertaintyCaution", { score }),
      };
    }
    return null;
  };
}
