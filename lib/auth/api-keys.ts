/**
 * Personal access tokens and agent API keys: created (shown once), listed, revoked, and used to
 * authenticate `Authorization: Bearer <token>`. A revoked key fails on its very next request.
 */
import { type Database, queryPrepared } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import type { AgentSession, AgentSessionState } from "@/lib/generated/prisma/client";
import { agentScopesSchema, tokenNameSchema } from "@/lib/schemas/auth";
import type { AgentSessionCache } from "./agent-session-cache";
import { type ApiKeyCache, type CachedApiKey, invalidateApiKeyCaches } from "./api-key-cache";
import { issueToken, parseToken, secretMatches } from "./api-token";
import type { AgentScope, Role } from "./roles";

/** last_used_at is written at most this often per key. */
const LAST_USED_INTERVAL_MS = 60_000;

export interface PublicApiKey {
  id: string;
  kind: "personal" | "agent";
  name: string;
  prefix: string;
  scopes: string[];
  owner: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export class ApiKeyNotFoundError extends DomainError {
  constructor() {
    super("not_found", "No such token.");
  }
}

type ApiKeyRow = Awaited<ReturnType<Database["apiKey"]["findFirstOrThrow"]>> & {
  user?: { username: string } | null;
};

function toPublicApiKey(row: ApiKeyRow): PublicApiKey {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    owner: row.user?.username ?? null,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

export async function createPersonalToken(database: Database, input: { userId: string; name: string }) {
  const issued = issueToken("personal");
  const row = await database.apiKey.create({
    data: {
      kind: "personal",
      prefix: issued.prefix,
      secretHash: issued.secretHash,
      name: tokenNameSchema.parse(input.name),
      userId: input.userId,
    },
    include: { user: true },
  });
  return { token: issued.token, key: toPublicApiKey(row) };
}

export async function createAgentKey(
  database: Database,
  input: { name: string; scopes: AgentScope[]; createdByUserId: string | null },
) {
  const issued = issueToken("agent");
  const row = await database.apiKey.create({
    data: {
      kind: "agent",
      prefix: issued.prefix,
      secretHash: issued.secretHash,
      name: tokenNameSchema.parse(input.name),
      scopes: agentScopesSchema.parse(input.scopes),
      userId: input.createdByUserId,
    },
    include: { user: true },
  });
  return { token: issued.token, key: toPublicApiKey(row) };
}

export async function listApiKeys(
  database: Database,
  filter: { kind: "personal" | "agent"; userId?: string },
): Promise<PublicApiKey[]> {
  const rows = await database.apiKey.findMany({
    where: { kind: filter.kind, ...(filter.userId ? { userId: filter.userId } : {}) },
    include: { user: true },
    orderBy: { createdAt: "desc" },
  });
  return rows.map(toPublicApiKey);
}

/** Revokes a key; `ownerUserId` limits it to that user's personal tokens. Idempotent. */
export async function revokeApiKey(
  database: Database,
  input: { id: string; kind: "personal" | "agent"; ownerUserId?: string },
): Promise<PublicApiKey> {
  if (!/^[0-9a-f-]{36}$/i.test(input.id)) throw new ApiKeyNotFoundError();
  const row = await database.apiKey.findFirst({
    where: { id: input.id, kind: input.kind, ...(input.ownerUserId ? { userId: input.ownerUserId } : {}) },
  });
  if (!row) throw new ApiKeyNotFoundError();
  const updated = await database.apiKey.update({
    where: { id: row.id },
    data: { revokedAt: row.revokedAt ?? new Date() },
    include: { user: true },
  });
  // This process refuses the key from its very next request; the others when the trigger's NOTIFY lands.
  invalidateApiKeyCaches(updated.prefix);
  return toPublicApiKey(updated);
}

export type BearerIdentity =
  | { kind: "user"; keyId: string; userId: string; username: string; role: Role }
  | { kind: "agent"; keyId: string; agentName: string; scopes: AgentScope[] };

interface BearerRow extends CachedApiKey {
  userId: string | null;
  username: string | null;
  role: Role | null;
  disabledAt: Date | null;
}

/** The agent session a bearer request names (see authenticateBearer's `sessionToken`). */
export type PrefetchedSession = AgentSession;

type BearerSessionRow = BearerRow & {
  sessionId: string | null;
  sessionToken: string | null;
  sessionApiKeyId: string | null;
  sessionAgentName: string | null;
  sessionState: AgentSessionState | null;
  sessionCreatedAt: Date | null;
  sessionUpdatedAt: Date | null;
};

// The key with its user and, when the request names one, an agent session, in one round trip. A named
// statement: prepared once per pooled connection; it runs on every bearer-authenticated request.
const BEARER_STATEMENT = `
  select key.id, key.kind::text as kind, key.secret_hash as "secretHash", key.revoked_at as "revokedAt",
         key.last_used_at as "lastUsedAt", key.name, key.scopes::text[] as scopes,
         owner.id as "userId", owner.username, owner.role::text as role, owner.disabled_at as "disabledAt",
         session.id as "sessionId", session.session_token as "sessionToken",
         session.api_key_id as "sessionApiKeyId", session.agent_name as "sessionAgentName",
         session.state::text as "sessionState", session.created_at as "sessionCreatedAt",
         session.updated_at as "sessionUpdatedAt"
    from api_keys key
    left join users owner on owner.id = key.user_id
    left join agent_sessions session on $2::text is not null and session.session_token = $2::text
   where key.prefix = $1`;

// The agent session of a token alone: when the key came from the cache (api-key-cache.ts) and the session
// did not (agent-session-cache.ts).
const SESSION_STATEMENT = `
  select session.id, session.session_token as "sessionToken", session.api_key_id as "apiKeyId",
         session.agent_name as "agentName", session.state::text as state,
         session.created_at as "createdAt", session.updated_at as "updatedAt"
    from agent_sessions session
   where session.session_token = $1::text`;

/**
 * `sessionToken`: also read the agent session of that token. `cache` / `sessionCache`: the process's
 * agent key and agent session caches (the halt check's hot path), or none.
 */
export interface BearerOptions {
  sessionToken?: string;
  cache?: ApiKeyCache | null;
  sessionCache?: AgentSessionCache | null;
}

/**
 * Authenticates a bearer token; null when unknown, malformed, revoked, or its user is disabled. With
 * `sessionToken`, the agent session of that token is read in the same statement and returned as
 * `session` (null: no such session) - the halt check needs both, and one round trip is half the wait.
 * Without `cache` nothing is cached: a revoked key, a disabled user or a changed role holds for the very
 * next request. With `cache` (the halt check's hot path), an agent key row may come from it while its
 * LISTEN connection is up; revocation reaches it by NOTIFY (lib/auth/api-key-cache.ts) and the secret is
 * still checked against the hash every time. With `sessionCache`, the session may come from it likewise
 * while its LISTEN connection is up (lib/auth/agent-session-cache.ts: every session change NOTIFYs).
 */
export async function authenticateBearer(
  database: Database,
  token: string,
  now = new Date(),
  options: BearerOptions = {},
): Promise<(BearerIdentity & { session?: PrefetchedSession | null }) | null> {
  const parsed = parseToken(token);
  if (!parsed) return null;
  const sessionToken = options.sessionToken ?? null;
  const cache = options.cache ?? null;
  const sessionCache = options.sessionCache ?? null;
  const cached = parsed.kind === "agent" ? cache?.get(parsed.prefix) : undefined;
  if (cached) {
    if (!secretMatches(parsed.secret, cached.secretHash)) return null;
    const session =
      sessionToken === null ? undefined : await sessionByToken(database, sessionToken, sessionCache);
    await touchLastUsed(database, cached, now);
    return agentIdentity(cached, session);
  }
  const ticket = cache?.ticket() ?? 0;
  const sessionTicket = sessionCache?.ticket() ?? 0;
  const [found] = await queryPrepared<BearerSessionRow>(database, {
    name: "keel_authenticate_bearer",
    text: BEARER_STATEMENT,
    values: [parsed.prefix, sessionToken],
  });
  const row = found
    ? {
        ...found,
        user: found.userId
          ? { id: found.userId, username: found.username!, role: found.role!, disabledAt: found.disabledAt }
          : null,
      }
    : null;
  if (!row || row.kind !== parsed.kind || !secretMatches(parsed.secret, row.secretHash) || row.revokedAt)
    return null;
  if (row.kind === "personal" && (!row.user || row.user.disabledAt)) return null;
  await touchLastUsed(database, row, now);
  const session =
    sessionToken === null
      ? undefined
      : found!.sessionId === null
        ? null
        : {
            id: found!.sessionId,
            sessionToken: found!.sessionToken!,
            apiKeyId: found!.sessionApiKeyId,
            agentName: found!.sessionAgentName!,
            state: found!.sessionState!,
            createdAt: found!.sessionCreatedAt!,
            updatedAt: found!.sessionUpdatedAt!,
          };
  if (session) sessionCache?.set(session.sessionToken, session, sessionTicket);
  if (row.kind === "personal") {
    return {
      kind: "user",
      keyId: row.id,
      userId: row.user!.id,
      username: row.user!.username,
      role: row.user!.role,
      ...(session === undefined ? {} : { session }),
    };
  }
  const key: CachedApiKey = {
    id: row.id,
    kind: row.kind,
    secretHash: row.secretHash,
    revokedAt: row.revokedAt,
    lastUsedAt: row.lastUsedAt,
    name: row.name,
    scopes: row.scopes,
  };
  cache?.set(parsed.prefix, key, ticket);
  return agentIdentity(key, session);
}

/** The agent session of `sessionToken` (null: none): from `sessionCache` when it has it, else read (and kept). */
async function sessionByToken(
  database: Database,
  sessionToken: string,
  sessionCache: AgentSessionCache | null,
): Promise<PrefetchedSession | null> {
  const cachedSession = sessionCache?.get(sessionToken);
  if (cachedSession) return cachedSession;
  const ticket = sessionCache?.ticket() ?? 0;
  const [session] = await queryPrepared<PrefetchedSession>(database, {
    name: "keel_agent_session_by_token",
    text: SESSION_STATEMENT,
    values: [sessionToken],
  });
  if (!session) return null;
  sessionCache?.set(sessionToken, session, ticket);
  return session;
}

/** Writes last_used_at when it is older than LAST_USED_INTERVAL_MS (and notes it on `key`). */
async function touchLastUsed(database: Database, key: { id: string; lastUsedAt: Date | null }, now: Date) {
  if (key.lastUsedAt && now.getTime() - key.lastUsedAt.getTime() <= LAST_USED_INTERVAL_MS) return;
  await database.apiKey.update({ where: { id: key.id }, data: { lastUsedAt: now } });
  key.lastUsedAt = now;
}

function agentIdentity(
  key: CachedApiKey,
  session: PrefetchedSession | null | undefined,
): BearerIdentity & { session?: PrefetchedSession | null } {
  return {
    kind: "agent",
    keyId: key.id,
    agentName: key.name,
    scopes: key.scopes as AgentScope[],
    ...(session === undefined ? {} : { session }),
  };
}
