/**
 * Who is calling: a signed-in browser (session cookie), a user's personal access token, or an agent
 * API key (both `Authorization: Bearer`). A request that presents a bearer token is judged by that token
 * alone (no fallback to the cookie).
 */
import type { Database } from "@/lib/db/client";
import { authenticateBearer, type BearerOptions, type PrefetchedSession } from "./api-keys";
import type { AgentScope, Role } from "./roles";
import { readCookie, resolveSession, SESSION_COOKIE } from "./sessions";

export type Caller =
  | {
      kind: "user";
      via: "session" | "token";
      userId: string;
      username: string;
      role: Role;
      sessionId?: string;
      keyId?: string;
    }
  | { kind: "agent"; keyId: string; agentName: string; scopes: AgentScope[] };

export type CallerResolution =
  | { type: "anonymous" }
  | { type: "invalid"; reason: "bad-token" | "bad-session" }
  | { type: "caller"; caller: Caller; session?: PrefetchedSession | null };

/**
 * Resolves the caller. With `sessionToken`, a bearer caller's resolution also carries the agent session
 * of that token (`session`, null when there is none), read in the same statement as the key. With
 * `cache` / `sessionCache`, an agent key / session may come from that cache (see authenticateBearer).
 */
export async function resolveCaller(
  database: Database,
  request: Request,
  options: BearerOptions = {},
): Promise<CallerResolution> {
  const authorization = request.headers.get("authorization");
  if (authorization !== null) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    const identity = match ? await authenticateBearer(database, match[1]!, new Date(), options) : null;
    if (!identity) return { type: "invalid", reason: "bad-token" };
    return {
      type: "caller",
      ...(identity.session === undefined ? {} : { session: identity.session }),
      caller:
        identity.kind === "user"
          ? {
              kind: "user",
              via: "token",
              userId: identity.userId,
              username: identity.username,
              role: identity.role,
              keyId: identity.keyId,
            }
          : { kind: "agent", keyId: identity.keyId, agentName: identity.agentName, scopes: identity.scopes },
    };
  }
  const cookie = readCookie(request.headers.get("cookie"), SESSION_COOKIE);
  if (!cookie) return { type: "anonymous" };
  const session = await resolveSession(database, cookie);
  if (!session) return { type: "invalid", reason: "bad-session" };
  return {
    type: "caller",
    caller: {
      kind: "user",
      via: "session",
      userId: session.userId,
      username: session.username,
      role: session.role,
      sessionId: session.sessionId,
    },
  };
}

/** The name written into audit rows: the user name, or `agent:<name>` for an agent key. */
export function actorName(caller: Caller): string {
  return caller.kind === "user" ? caller.username : `agent:${caller.agentName}`;
}
