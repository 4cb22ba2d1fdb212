/** Maps an `agent_sessions` row to the API's session shape (without the token). */
import type { AgentSessionView } from "@/lib/schemas/halts";

/** The columns the view needs. */
export type AgentSessionRow = {
  id: string;
  agentName: string;
  state: "active" | "halted" | "paused";
  createdAt: Date;
  updatedAt: Date;
};

/** Session row -> `{ session_id, agent_name, state, created_at, updated_at }`. */
export function toAgentSessionView(row: AgentSessionRow): AgentSessionView {
  return {
    session_id: row.id,
    agent_name: row.agentName,
    state: row.state,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
