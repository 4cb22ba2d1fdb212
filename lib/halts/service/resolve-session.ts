/**
 * Finds the session a halt call names and checks that the caller may use it: an agent key only its own
 * sessions (403 otherwise), a user any session. Unknown -> 404.
 */
import type { Caller } from "@/lib/auth/caller";
import type { Database } from "@/lib/db/client";
import type { AgentSession } from "@/lib/generated/prisma/client";
import { isUuid } from "@/lib/schemas/uuid";
import { SessionForbiddenError, SessionNotFoundError } from "./halt-service-error";

/** Throws SessionForbiddenError unless the caller is a user or the agent key owning the session. */
export function assertSessionAccess(caller: Caller, session: { apiKeyId: string | null }): void {
  if (caller.kind === "agent" && caller.keyId !== session.apiKeyId) throw new SessionForbiddenError();
}

/** The session with this token, checked for the caller (404 unknown, 403 another key's). */
export async function resolveSessionByToken(
  database: Database,
  caller: Caller,
  sessionToken: string,
): Promise<AgentSession> {
  // Raw SQL instead of the query builder: this lookup is on the path of every halt check, and the
  // builder's per-call work costs more than the query itself.
  const rows = await database.$queryRaw<AgentSession[]>`
    select id, session_token as "sessionToken", api_key_id as "apiKeyId", agent_name as "agentName",
           state::text as state, created_at as "createdAt", updated_at as "updatedAt"
      from agent_sessions where session_token = ${sessionToken}`;
  const session = rows[0];
  if (!session) throw new SessionNotFoundError();
  assertSessionAccess(caller, session);
  return session;
}

/** The session named by a path segment: a session id (UUID) or a session token. */
export async function resolveSessionByIdOrToken(
  database: Database,
  caller: Caller,
  idOrToken: string,
): Promise<AgentSession> {
  const session = isUuid(idOrToken)
    ? await database.agentSession.findUnique({ where: { id: idOrToken.toLowerCase() } })
    : await database.agentSession.findUnique({ where: { sessionToken: idOrToken } });
  if (!session) throw new SessionNotFoundError();
  assertSessionAccess(caller, session);
  return session;
}
