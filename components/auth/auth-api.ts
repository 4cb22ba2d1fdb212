import { z } from "zod";
import { type ApiResult, callApi, noContent } from "@/components/api/api-client";
import { AGENT_SCOPES, type AgentScope, ROLES, type Role } from "@/lib/auth/roles";
import {
  type ApiKeyView,
  apiKeySchema,
  type CreatedToken,
  createdTokenSchema,
  type PublicUserView,
  publicUserSchema,
} from "@/lib/schemas/auth";

/**
 * Typed calls to the sign-in, account, token and user-admin routes, read with the server's own contracts
 * (lib/schemas/auth.ts, browser-safe).
 */

/** The server's own rule (lib/auth/credential-rules.ts has no Node imports); the server checks again. */
export { PASSWORD_MIN_LENGTH } from "@/lib/auth/credential-rules";

export type { AgentScope, Role };
export { AGENT_SCOPES, apiKeySchema, createdTokenSchema, publicUserSchema, ROLES };
export type PublicUser = PublicUserView;
export type ApiKey = ApiKeyView;
export type { CreatedToken };

const signInResponseSchema = z.object({ user: z.object({ username: z.string() }).loose() });
const usersResponseSchema = z.object({ users: z.array(publicUserSchema) });
const tokensResponseSchema = z.object({ tokens: z.array(apiKeySchema) });
const agentKeysResponseSchema = z.object({ keys: z.array(apiKeySchema) });

/** POST /api/auth/sign-in; on success the server sets the httpOnly session cookie. */
export function signIn(credentials: { username: string; password: string }) {
  return callApi(signInResponseSchema, "/api/auth/sign-in", { method: "POST", json: credentials });
}

/** POST /api/auth/sign-out: ends this browser session and clears the cookie. */
export function signOut() {
  return callApi(noContent, "/api/auth/sign-out", { method: "POST" });
}

/** POST /api/account/password; ends every session of the user, so the caller must sign in again. */
export function changePassword(change: { currentPassword: string; newPassword: string }) {
  return callApi(noContent, "/api/account/password", { method: "POST", json: change });
}

/** GET /api/tokens: the signed-in user's personal access tokens. */
export async function listPersonalTokens(signal?: AbortSignal): Promise<ApiResult<ApiKey[]>> {
  const result = await callApi(tokensResponseSchema, "/api/tokens", { signal });
  return result.type === "ok" ? { type: "ok", data: result.data.tokens } : result;
}

/** POST /api/tokens. */
export function createPersonalToken(name: string) {
  return callApi(createdTokenSchema, "/api/tokens", { method: "POST", json: { name } });
}

/** DELETE /api/tokens/{id}: revokes the token and answers the revoked key. */
export function revokePersonalToken(id: string) {
  return callApi(apiKeySchema, `/api/tokens/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/** GET /api/agent-keys (admin). */
export async function listAgentKeys(signal?: AbortSignal): Promise<ApiResult<ApiKey[]>> {
  const result = await callApi(agentKeysResponseSchema, "/api/agent-keys", { signal });
  return result.type === "ok" ? { type: "ok", data: result.data.keys } : result;
}

/** POST /api/agent-keys (admin). */
export function createAgentKey(input: { name: string; scopes: AgentScope[] }) {
  return callApi(createdTokenSchema, "/api/agent-keys", { method: "POST", json: input });
}

/** DELETE /api/agent-keys/{id} (admin). */
export function revokeAgentKey(id: string) {
  return callApi(apiKeySchema, `/api/agent-keys/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/** GET /api/users (admin). */
export async function listUsers(signal?: AbortSignal): Promise<ApiResult<PublicUser[]>> {
  const result = await callApi(usersResponseSchema, "/api/users", { signal });
  return result.type === "ok" ? { type: "ok", data: result.data.users } : result;
}

/** POST /api/users (admin); a taken name is a `conflict`. */
export function createUser(input: { username: string; password: string; role: Role; displayName?: string }) {
  return callApi(publicUserSchema, "/api/users", { method: "POST", json: input });
}

/** PATCH /api/users/{id} (admin); leaving no enabled admin is a `conflict`. */
export function updateUser(id: string, change: { role?: Role; disabled?: boolean; password?: string }) {
  return callApi(publicUserSchema, `/api/users/${encodeURIComponent(id)}`, { method: "PATCH", json: change });
}
