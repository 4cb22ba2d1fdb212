import { z } from "zod";
import { type ApiFailure, callApi, toApiFailure } from "@/components/auth/api-client";
import { type CreateRunInput, type Run, runEventSchema, runListSchema, runSchema } from "@/lib/schemas/runs";
import { runtimeStatusSchema } from "@/lib/schemas/settings";
import type { RunFilterValues } from "./run-filters";
import { runFiltersToQuery } from "./run-filters";
import type { ApiIssue } from "./run-form-errors";

/**
 * Browser client for the runs console: GET /api/runs, /api/runs/{id}, /api/runs/{id}/events, POST
 * /api/runs and POST /api/runs/demo, plus the runtime status (which model serves runs). Every call
 * resolves to a result union (see components/auth/api-client.ts); answers are validated with the shared
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

const issuesBodySchema = z.object({
  error: z.object({
    issues: z
      .array(
        z
          .object({
            path: z.array(z.union([z.string(), z.number()])).optional(),
            code: z.string().optional(),
            message: z.string(),
          })
          .loose(),
      )
      .optional(),
  }),
});

/** What creating runs can answer besides the generic failures. */
export type CreateRunResult =
  | { type: "ok"; data: Run }
  | { type: "invalid"; issues: ApiIssue[]; message: string }
  | { type: "queueUnavailable" }
  | { type: "failed"; failure: ApiFailure };

async function post(url: string, json?: unknown): Promise<Response | null> {
  try {
    return await fetch(url, {
      method: "POST",
      cache: "no-store",
      credentials: "same-origin",
      ...(json === undefined
        ? {}
        : { headers: { "Content-Type": "application/json" }, body: JSON.stringify(json) }),
    });
  } catch {
    return null;
  }
}

/** Queues a run as the signed-in operator: 201 the run, 400 the zod issues, 503 the queue is down. */
export async function createRun(input: CreateRunInput): Promise<CreateRunResult> {
  const response = await post("/api/runs", input);
  if (response === null) return { type: "failed", failure: { kind: "network" } };
  if (response.status === 201) {
    const parsed = runSchema.safeParse(await response.json().catch(() => undefined));
    return parsed.success
      ? { type: "ok", data: parsed.data }
      : { type: "failed", failure: { kind: "server" } };
  }
  if (response.status === 503) return { type: "queueUnavailable" };
  if (response.status === 400) {
    const body = issuesBodySchema.safeParse(
      await response
        .clone()
        .json()
        .catch(() => undefined),
    );
    const issues = body.success ? (body.data.error.issues ?? []) : [];
    if (issues.length > 0) {
      const failure = await toApiFailure(response);
      return { type: "invalid", issues, message: "message" in failure ? failure.message : "" };
    }
  }
  return { type: "failed", failure: await toApiFailure(response) };
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
  const response = await post("/api/runs/demo");
  if (response === null) return { type: "failed", failure: { kind: "network" } };
  if (response.status === 201) {
    const parsed = demoRunsSchema.safeParse(await response.json().catch(() => undefined));
    return parsed.success
      ? { type: "ok", runs: parsed.data.runs }
      : { type: "failed", failure: { kind: "server" } };
  }
  if (response.status === 409) return { type: "noDemoRuntime" };
  if (response.status === 503) return { type: "queueUnavailable" };
  return { type: "failed", failure: await toApiFailure(response) };
}
