/**
 * The signed-in user for server components and layouts (reads the session cookie through
 * next/headers and validates it in the database, like every API request does).
 */
import { cookies } from "next/headers";
import { getPrisma } from "@/lib/db/client";
import type { Role } from "./roles";
import { resolveSession, SESSION_COOKIE } from "./sessions";

export interface SignedInUser {
  userId: string;
  username: string;
  displayName: string | null;
  role: Role;
}

export async function getSignedInUser(): Promise<SignedInUser | null> {
  const value = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!value) return null;
  const session = await resolveSession(getPrisma(), value);
  if (!session) return null;
  return {
    userId: session.userId,
    username: session.username,
    displayName: session.displayName,
    role: session.role,
  };
}
