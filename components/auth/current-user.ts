import { cache } from "react";
import { getSignedInUser } from "@/lib/auth/server-session";

/**
 * The signed-in user of this request (or null), looked up once per request however many layouts and
 * pages ask: the console layout, the admin layout and the sign-in page share the answer.
 */
export const currentUser = cache(getSignedInUser);
