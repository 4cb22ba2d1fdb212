/**
 * Opens an agent session for the calling agent key. The token is a random identifier (`sess_` + 32
 * random bytes, base64url), returned once here; it is not a credential (the agent key authenticates
 * every call), so it is stored as is under a unique index.
 */
import { randomBytes } from "node:crypto";
import type { Database } from "@/lib/db/client";
import type { OpenSessionOutput } from "@/lib/schemas/halts";
import { toAgentSessionView } from "./session-view";

/** The agent key that owns the new session. */
export type SessionOwner = { keyId: string; agentName: string };

/** Prefix of every session token (never a UUID, so paths can take either a token or an id). */
export const SESSION_TOKEN_PREFIX = "sess_";

/** A new random session token. */
export function generateSessionToken(): string {
  return `${SESSION_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
}

/** Creates an active session owned by `owner` and returns it with its token. */
export async function openSession(database: Database, owner: SessionOwner): Promise<OpenSessionOutput> {
  const row = await database.agentSession.create({
    data: { sessionToken: generateSessionToken(), apiKeyId: owner.keyId, agentName: owner.agentName },
  });
  return { ...toAgentSessionView(row), session_token: row.sessionToken };
}
