/**
 * One halt check, measured and traced: `keel_halt_check_duration_seconds{result}` (halt, continue,
 * error) and a `keel.halt_check` span with the conditions that fired (names and severities, never the
 * descriptions, which quote the agent's input).
 */
import type { CheckHaltConditionsOutput } from "@/lib/schemas/halts";
import { processMetrics, secondsSince } from "./metrics";
import { inSpan } from "./tracing";

export async function observeHaltCheck(
  check: () => Promise<CheckHaltConditionsOutput>,
): Promise<CheckHaltConditionsOutput> {
  const started = performance.now();
  let result = "error";
  try {
    return await inSpan("keel.halt_check", {}, async (span) => {
      const output = await check();
      result = output.should_halt ? "halt" : "continue";
      span?.setAttributes({
        "keel.halt.should_halt": output.should_halt,
        "keel.halt.highest_severity": output.highest_severity,
        "keel.halt.conditions": output.halt_reasons.map((reason) => reason.condition_name),
        "keel.halt.severities": output.halt_reasons.map((reason) => reason.severity),
        "keel.halt.recorded": output.halt_reasons.filter((reason) => reason.halt_id).length,
      });
      return output;
    });
  } finally {
    processMetrics().haltCheckDuration.observe({ result }, secondsSince(started));
  }
}
