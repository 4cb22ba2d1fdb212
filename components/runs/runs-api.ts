import { z } from "zod";
import { type ApiFailure, callApi } from "@/components/api/api-client";
import { type CreateRunInput, type Run, runEventSchema, runListSchema, runSchema } from "@/lib/schemas/runs";
import { runtimeStatusSchema } from "@/lib/schemas/settings";
import type { RunFilterValues } from "./run-filters";
import { runFiltersToQuery } from "./run-filters";
import type { ApiIssue } from "./run-form-errors";

/**
 * Browser client for the runs console: GET /api/runs, /api/runs/{id}, /api/runs/{id}/events, POST
 * /api/runs and POST /api/runs/demo, plus the runtime status (which model serves runs). Every call
 * resolves to a result union (see components/api/api-client.ts); answers are validated with the shared
 * contracts of lib/schemas/runs.ts. An aborted request rejects with the AbortError.
 */

/** One page of runs, newest first, for the filters (`cursor` from the previous page's `nextCursor`). */
export function listRuns(
  filters: RunFilterValues & { limit?: number; cursor?: string },
  signal?: AbortSignal,
) {
  const search = new URLSearchParams(runFiltersToQuery(filters));
  if (filters.limit !== undefined) search.set("limit", String(filters.limit));
  if (filters.cursor) search.set("cursor", filters.cursor);
  const query = search.toString();
  return callApi(runListSchema, `/api/runs${query ? `?${query}` : ""}`, { signal });
}

/** One run. */
export function getRun(runId: string, signal?: AbortSignal) {
  return callApi(runSchema, `/api/runs/${encodeURIComponent(runId)}`, { signal });
}

const runEventsPageSchema = z.object({ events: z.array(runEventSchema), status: runSchema.shape.status });

/** The run's events after `after` (a seq), oldest first, and the run's current status. */
export function listRunEvents(runId: string, after: number, signal?: AbortSignal) {
  return callApi(runEventsPageSchema, `/api/runs/${encodeURIComponent(runId)}/events?after=${after}`, {
    signal,
  });
}

/** The agent runtimes (each with its model label and whether it serves the scripted demo model). */
export function getRuntimeStatus(signal?: AbortSignal) {
  return callApi(runtimeStatusSchema, "/api/runtime/status", { signal });
}

/** What creating runs can answer besides the generic failures. */
export type CreateRunResult =
  | { type: "ok"; data: Run }
  | { type: "invalid"; issues: ApiIssue[]; message: string }
  | { type: "queueUnavailable" }
  | { type: "failed"; failure: ApiFailure };

/** Queues a run as the signed-in operator: 201 the run, 400 the zod issues, 503 the queue is down. */
export async function createRun(input: CreateRunInput): Promise<CreateRunResult> {
  const result = await callApi(runSchema, "/api/runs", { method: "POST", json: input });
  if (result.type === "ok") return result;
  const { failure } = result;
  if (failure.status === 503) return { type: "queueUnavailable" };
  const issues = failure.body?.error.issues ?? [];
  if (failure.kind === "invalid" && issues.length > 0)
    return { type: "invalid", issues, message: failure.message };
  return result;
}

const demoRunsSchema = z.object({ runs: z.array(runSchema) });

/** What starting the demo scenarios can answer. */
export type DemoRunsResult =
  | { type: "ok"; runs: Run[] }
  /** 409: no live agent runtime serves the scripted demo model. */
  | { type: "noDemoRuntime" }
  | { type: "queueUnavailable" }
  | { type: "failed"; failure: ApiFailure };

/** Queues one run per demo scenario (operator; no body). */
export async function startDemoRuns(): Promise<DemoRunsResult> {
  const result = await callApi(demoRunsSchema, "/api/runs/demo", { method: "POST" });
  if (result.type === "ok") return { type: "ok", runs: result.data.runs };
  if (result.failure.status === 409) return { type: "noDemoRuntime" };
  if (result.failure.status === 503) return { type: "queueUnavailable" };
  return result;
}
