/** Agents, sessions and REST calls for the halt integration tests. */
import * as acknowledgeRoute from "@/app/api/halts/[id]/acknowledge/route";
import * as checkRoute from "@/app/api/halts/check/route";
import * as haltsRoute from "@/app/api/halts/route";
import * as sessionsRoute from "@/app/api/sessions/route";
import type { AgentScope } from "@/lib/auth/roles";
import type { Database } from "@/lib/db/client";
import { createTestAgentKey } from "./auth-fixtures";
import { callRoute } from "./call-route";

export interface TestAgent {
  id: string;
  name: string;
  headers: Record<string, string>;
  openSession(): Promise<{ session_id: string; session_token: string }>;
  check(json: unknown): ReturnType<typeof callRoute>;
  record(json: unknown): ReturnType<typeof callRoute>;
  acknowledge(haltId: string, json: unknown): ReturnType<typeof callRoute>;
}

export async function createTestAgent(
  database: Database,
  scopes: AgentScope[] = ["halts:read", "halts:write"],
): Promise<TestAgent> {
  const key = await createTestAgentKey(database, scopes);
  const agent: TestAgent = {
    id: key.id,
    name: key.name,
    headers: key.headers,
    openSession: async () => {
      const response = await callRoute(sessionsRoute.POST, {
        method: "POST",
        path: "/api/sessions",
        headers: key.headers,
      });
      if (response.status !== 201)
        throw new Error(`opening a session failed: ${JSON.stringify(response.body)}`);
      return response.body;
    },
    check: (json) =>
      callRoute(checkRoute.POST, { method: "POST", path: "/api/halts/check", headers: key.headers, json }),
    record: (json) =>
      callRoute(haltsRoute.POST, { method: "POST", path: "/api/halts", headers: key.headers, json }),
    acknowledge: (haltId, json) =>
      callRoute(acknowledgeRoute.POST, {
        method: "POST",
        path: `/api/halts/${haltId}/acknowledge`,
        headers: key.headers,
        params: { id: haltId },
        json,
      }),
  };
  return agent;
}
