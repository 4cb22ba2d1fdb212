/** Roles (viewer < operator < admin) and agent-key scopes. */
export const ROLES = ["viewer", "operator", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const AGENT_SCOPES = ["halts:read", "halts:write", "runs:write", "settings:read"] as const;
export type AgentScope = (typeof AGENT_SCOPES)[number];

const ROLE_RANK: Record<Role, number> = { viewer: 1, operator: 2, admin: 3 };

export function roleAtLeast(role: Role, required: Role): boolean {
  return ROLE_RANK[role] >= ROLE_RANK[required];
}
