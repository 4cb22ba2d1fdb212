"use client";

import { createContext, type ReactNode, useContext } from "react";
import { type Role, roleAtLeast } from "@/lib/auth/roles";

/** The signed-in user as the console layout read it from the session (server side). */
export type SignedInUserInfo = { username: string; displayName: string | null; role: Role };

const SignedInUserContext = createContext<SignedInUserInfo | null>(null);

/** Hands the user the console layout resolved to the client components below it. */
export function SignedInUserProvider({ user, children }: { user: SignedInUserInfo; children: ReactNode }) {
  return <SignedInUserContext.Provider value={user}>{children}</SignedInUserContext.Provider>;
}

/** The signed-in user, or null outside the console (sign-in page, error pages). */
export function useSignedInUser(): SignedInUserInfo | null {
  return useContext(SignedInUserContext);
}

/**
 * Whether the signed-in user holds `required` or a higher role. Only a UI hint (hides or disables
 * controls); the API enforces the same rule on every request.
 */
export function useHasRole(required: Role): boolean {
  const user = useSignedInUser();
  return user !== null && roleAtLeast(user.role, required);
}
