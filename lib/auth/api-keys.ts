/**
 * Personal access tokens and agent API keys: created (shown once), listed, revoked, and used to
 * authenticate `Authorization: Bearer <token>`. A revoked key fails on its very next request.
 */
import { z } from "zod";
import type { Database } from "@/lib/db/client";
import { nonBlankText } from "@/lib/schemas/text";
import { issueToken, parseToken, secretMatches } from "./api-token";
import { AGENT_SCOPES, type AgentScope, type Role } from "./roles";

/** last_used_at is written at most this often per key. */
const LAST_USED_INTERVAL_MS = 60_000;

export const tokenNameSchema = nonBlankText(100, {
  required: "Give the token a name.",
  max: "At most 100 characters.",
});
export const agentScopesSchema = z
  .array(z.enum(AGENT_SCOPES))
  .min(1, `Choose at least one scope: ${AGENT_SCOPES.join(", ")}.`)
  .transform((scopes) => [...new Set(scopes)].sort());

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

export class ApiKeyNotFoundError extends Error {
  constructor() {
    super("No such token.");
    this.name = "ApiKeyNotFoundError";
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
  return toPublicApiKey(updated);
}

export type BearerIdentity =
  | { kind: "user"; keyId: string; userId: string; username: string; role: Role }
  | { kind: "agent"; keyId: string; agentName: string; scopes: AgentScope[] };

interface BearerRow {
  id: string;
  kind: string;
  secretHash: string;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  name: string;
  scopes: string[];
  userId: string | null;
  username: string | null;
  role: Role | null;
  disabledAt: Date | null;
}

/** Authenticates a bearer token; null when unknown, malformed, revoked, or its user is disabled. */
export async function authenticateBearer(
  database: Database,
  token: string,
  now = new Date(),
): Promise<BearerIdentity | null> {
  const parsed = parseToken(token);
  if (!parsed) return null;
  // One raw statement (key and its user joined) instead of the query builder: this runs on every
  // bearer-authenticated request, halts/check included, where the builder's own work cost more than the query.
  const [found] = await database.$queryRaw<BearerRow[]>`
    select key.id, key.kind::text as kind, key.secret_hash as "secretHash", key.revoked_at as "revokedAt",
           key.last_used_at as "lastUsedAt", key.name, key.scopes,
           owner.id as "userId", owner.username, owner.role::text as role, owner.disabled_at as "disabledAt"
      from api_keys key left join users owner on owner.id = key.user_id
     where key.prefix = ${parsed.prefix}`;
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
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_INTERVAL_MS) {
    await database.apiKey.update({ where: { id: row.id }, data: { lastUsedAt: now } });
  }
  if (row.kind === "personal") {
    return {
      kind: "user",
      keyId: row.id,
      userId: row.user!.id,
      username: row.user!.username,
      role: row.user!.role,
    };
  }
  return { kind: "agent", keyId: row.id, agentName: row.name, scopes: row.scopes as AgentScope[] };
}
