/**
 * Who is calling an API route, and whether they may. Roles are ordered viewer < operator < admin.
 *
 * Sign-in is not built yet (it is the next issue): until it lands every caller is the local operator
 * "local", which is recorded as the actor of settings changes. The access each route needs is already
 * declared, so enforcement arrives here without changing any route.
 */
import { ApiError } from "./api-error";

export type Role = "viewer" | "operator" | "admin";
export type Access = "public" | Role;

export interface Caller {
  kind: "local";
  /** The name written into audit rows. */
  actor: string;
  role: Role;
}

const ROLE_RANK: Record<Role, number> = { viewer: 1, operator: 2, admin: 3 };

export async function resolveCaller(_request: Request): Promise<Caller> {
  return { kind: "local", actor: "local", role: "admin" };
}

export function authorize(caller: Caller, access: Access, _request: Request): void {
  if (access === "public") return;
  if (ROLE_RANK[caller.role] < ROLE_RANK[access]) {
    throw new ApiError("forbidden", `This needs the ${access} role.`);
  }
}
