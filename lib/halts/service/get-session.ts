/** One agent session as the console shows it (state, agent, times), by id or token; never the token. */
import type { Caller } from "@/lib/auth/caller";
import type { Database } from "@/lib/db/client";
import type { AgentSessionView } from "@/lib/schemas/halts";
import { resolveSessionByIdOrToken } from "./resolve-session";
import { toAgentSessionView } from "./session-view";

/** The session named by `sessionIdOrToken`; 404 when unknown, 403 for another agent key's session. */
export async function getSession(
  database: Database,
  caller: Caller,
  sessionIdOrToken: string,
): Promise<AgentSessionView> {
  return toAgentSessionView(await resolveSessionByIdOrToken(database, caller, sessionIdOrToken));
}
