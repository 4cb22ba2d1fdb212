import { z } from "zod";
import { callApi } from "@/components/api/api-client";
import {
  type AcknowledgeHaltRequest,
  acknowledgeHaltOutputSchema,
  agentSessionSchema,
  getSessionHaltsOutputSchema,
  haltAlreadyAcknowledgedSchema,
  haltConfigListSchema,
  haltEventSchema,
  listHaltsOutputSchema,
  type UpdateHaltConfigInput,
  updateHaltConfigOutputSchema,
} from "@/lib/schemas/halts";
import { runtimeStatusSchema } from "@/lib/schemas/settings";

/**
 * Browser client for the halt console (GET /api/halts, /api/halts/{id}, /api/sessions/{id},
 * /api/sessions/{id}/halts, /api/halt-config, POST acknowledge, PATCH config). Every call resolves to
 * an ApiResult (see components/api/api-client.ts); answers are validated with the shared contracts.
 */

/** Filters of the console's halt list, as kept in the URL (`GET /api/halts` query names). */
export type HaltListFilters = {
  severity?: string;
  halt_type?: string;
  acknowledged?: string;
  session_id?: string;
  from?: string;
  to?: string;
  q?: string;
  cursor?: string;
};

function query(parameters: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(parameters))
    if (value !== undefined && value !== "") search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** One page of halts with counts. */
export function listHalts(filters: HaltListFilters & { limit?: number }, signal?: AbortSignal) {
  return callApi(listHaltsOutputSchema, `/api/halts${query(filters)}`, { signal });
}

/** One halt event. */
export function getHalt(haltId: string, signal?: AbortSignal) {
  return callApi(haltEventSchema, `/api/halts/${encodeURIComponent(haltId)}`, { signal });
}

/** One agent session (state). */
export function getAgentSession(sessionId: string, signal?: AbortSignal) {
  return callApi(agentSessionSchema, `/api/sessions/${encodeURIComponent(sessionId)}`, { signal });
}

/** Every halt of a session, acknowledged ones included (newest first, up to 200). */
export function getSessionHalts(sessionId: string, signal?: AbortSignal) {
  return callApi(
    getSessionHaltsOutputSchema,
    `/api/sessions/${encodeURIComponent(sessionId)}/halts?include_acknowledged=true&limit=200`,
    { signal },
  );
}

/** The halt conditions' configuration. */
export function getHaltConfig(signal?: AbortSignal) {
  return callApi(haltConfigListSchema, "/api/halt-config", { signal });
}

/** Changes one condition (admin). */
export function updateHaltConfig(input: UpdateHaltConfigInput) {
  return callApi(updateHaltConfigOutputSchema, "/api/halt-config", { method: "PATCH", json: input });
}

/** The agent runtimes and the settings version each applied. */
export function getRuntimeStatus(signal?: AbortSignal) {
  return callApi(runtimeStatusSchema, "/api/runtime/status", { signal });
}

/** Who acknowledged a halt first (the body of a 409). */
export type ExistingAcknowledgement = z.infer<typeof haltAlreadyAcknowledgedSchema>;

const conflictBodySchema = z.object({ acknowledgement: haltAlreadyAcknowledgedSchema }).loose();

/** Result of acknowledging: a 409 carries the acknowledgement that won. */
export type AcknowledgeResult =
  | Awaited<ReturnType<typeof postAcknowledgement>>
  | { type: "alreadyAcknowledged"; acknowledgement: ExistingAcknowledgement | null };

function postAcknowledgement(
  haltId: string,
  body: Omit<AcknowledgeHaltRequest, "session_token" | "halt_id">,
) {
  return callApi(acknowledgeHaltOutputSchema, `/api/halts/${encodeURIComponent(haltId)}/acknowledge`, {
    method: "POST",
    json: body,
  });
}

/** Acknowledges a halt as the signed-in operator. */
export async function acknowledgeHalt(
  haltId: string,
  body: Omit<AcknowledgeHaltRequest, "session_token" | "halt_id">,
): Promise<AcknowledgeResult> {
  const result = await postAcknowledgement(haltId, body);
  if (result.type === "failed" && result.failure.status === 409) {
    const parsed = conflictBodySchema.safeParse(result.failure.body);
    return {
      type: "alreadyAcknowledged",
      acknowledgement: parsed.success ? parsed.data.acknowledgement : null,
    };
  }
  return result;
}
