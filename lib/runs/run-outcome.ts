/**
 * A run's outcome: one word that combines the run's status with what finalization found, so the list,
 * the run page, the API and the metrics never show "Succeeded" beside a verdict `blocked` or
 * `incomplete`. Pure; the API adds it to every run (lib/runs/run-view.ts) and the metrics group by it.
 *
 *   queued, running, cancelled, failed   the status as it is
 *   blocked                              the run stopped at a guard (status blocked), or the completion
 *                                        judge found the task blocked
 *   incomplete                           the run ended, but the completion judge found work left undone
 *   completed_with_caveats               the run ended with caveats on its answer, an uncertified verdict
 *                                        or an exhausted tool budget
 *   completed                            the run ended and nothing was found wanting
 */
import type { RunOutcome, RunStatus } from "@/lib/schemas/runs";

/** What the outcome is made of (an `agent_runs` row or a run as the API returns it). */
export interface RunOutcomeFacts {
  status: RunStatus;
  completionVerdict: string | null;
  /** How many caveats finalization recorded (also when a silent run kept them out of the answer). */
  caveatCount: number;
  toolBudgetExhausted: boolean;
}

export function runOutcome(run: RunOutcomeFacts): RunOutcome {
  switch (run.status) {
    case "queued":
    case "running":
    case "cancelled":
    case "failed":
    case "blocked":
      return run.status;
    case "succeeded":
      if (run.completionVerdict === "blocked") return "blocked";
      if (run.completionVerdict === "incomplete") return "incomplete";
      if (run.caveatCount > 0 || run.completionVerdict === "uncertified" || run.toolBudgetExhausted)
        return "completed_with_caveats";
      return "completed";
  }
}
