/**
 * The span of one agent run (`keel.run`), the root of everything the run does: model calls (the AI
 * SDK's spans), tool calls, guard decisions (span events, lib/telemetry/run-events.ts). It continues the
 * trace of the request that queued the run (the carrier travels in the queue job), so a caller's
 * `traceparent` on POST /api/runs reaches the run in the agent runtime.
 */
import type { RunStatus } from "@/lib/schemas/runs";
import { inSpan, SpanKind, type TraceCarrier } from "./tracing";

export function traceRun(
  run: { id: string; kind: string },
  parent: TraceCarrier | undefined,
  execute: () => Promise<RunStatus | null>,
): Promise<RunStatus | null> {
  return inSpan(
    "keel.run",
    {
      kind: SpanKind.CONSUMER,
      parent: parent ?? {},
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
