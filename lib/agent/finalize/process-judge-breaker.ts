/**
 * The completion judge's circuit breaker of THIS process (process-local by design,
 * docs/design.md#judge-circuit-breaker). Every run executed by this runtime shares it; each runtime process
 * has its own. Its state is published through the
 * `breaker` field of `run.completion_judged` events (and `run.completion_judge_skipped` with reason
 * "breaker open"), which is where /api/metrics reads it from.
 */
import { type CircuitBreaker, createCircuitBreaker } from "@/lib/guards/completion";

export const processJudgeBreaker: CircuitBreaker = createCircuitBreaker();
