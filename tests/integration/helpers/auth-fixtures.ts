/**
 * Users, sessions and tokens for integration tests, created through the same lib functions the API
 * and CLI use. Every name is unique, so tests never collide.
 */
import { randomBytes } from "node:crypto";
import { createAgentKey, createPersonalToken } from "@/lib/auth/api-keys";
import type { AgentScope, Role } from "@/lib/auth/roles";
import { createSession, SESSION_COOKIE } from "@/lib/auth/sessions";
import { createUser } from "@/lib/auth/users";
import type { Database } from "@/lib/db/client";

export const TEST_ORIGIN = "http://localhost";

export interface TestUser {
  id: string;
  username: string;
  password: string;
  role: Role;
  /** Headers for a cookie-authenticated same-origin browser request. */
  cookieHeaders(): Promise<{ cookie: string; origin: string }>;
  /** Headers with a fresh personal access token. */
  tokenHeaders(): Promise<Record<string, string>>;
}

export function uniqueName(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString("hex")}`;
}

export async function createTestUser(database: Database, role: Role): Promise<TestUser> {
  const username = uniqueName(role);
  const password = `pw-${randomBytes(12).toString("hex")}`;
  const user = await createUser(database, { username, password, role });
  return {
    id: user.id,
    username,
    password,
    role,
    cookieHeaders: async () => {
      const { cookieValue } = await createSession(database, {
        userId: user.id,
        ipAddress: "127.0.0.1",
        userAgent: "vitest",
      });
      return { cookie: `${SESSION_COOKIE}=${cookieValue}`, origin: TEST_ORIGIN };
    },
    tokenHeaders: async () => {
      const { token } = await createPersonalToken(database, { userId: user.id, name: "test" });
      return { authorization: `Bearer ${token}` };
    },
  };
}

export async function createTestAgentKey(
  database: Database,
  scopes: AgentScope[],
): Promise<{ id: string; name: string; token: string; headers: Record<string, string> }> {
  const name = uniqueName("agent");
  const { token, key } = await createAgentKey(database, { name, scopes, createdByUserId: null });
  return { id: key.id, name, token, headers: { authorization: `Bearer ${token}` } };
}
