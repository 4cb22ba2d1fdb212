/**
 * The span of one agent run (`keel.run`), the root of everything the run does: model calls (the AI
 * SDK's spans), tool calls, guard decisions (span events, lib/telemetry/run-events.ts). It is a child of
 * pg-boss's `process agent-run` span, which continues the trace of the request that queued the run (the
 * job carries the trace context: lib/runs/run-queue.ts), so a caller's `traceparent` on POST /api/runs
 * reaches the run in the agent runtime.
 */
import type { RunStatus } from "@/lib/schemas/runs";
import { inSpan } from "./tracing";

export function traceRun(
  run: { id: string; kind: string },
  execute: () => Promise<RunStatus | null>,
): Promise<RunStatus | null> {
  return inSpan(
    "keel.run",
    {
      attributes: {
        "keel.run.id": run.id,
        "keel.run.kind": run.kind,
        "gen_ai.operation.name": "invoke_agent",
      },
    },
    async (span) => {
      const status = await execute();
      span?.setAttribute("keel.run.status", status ?? "abandoned");
      return status;
    },
  );
}
