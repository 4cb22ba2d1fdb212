// POST /api/auth/sign-out - end this browser session and clear its cookie
import { revokeSession } from "@/lib/auth/sessions";
import { getPrisma } from "@/lib/db/client";
import { withSessionCookie } from "@/lib/http/session-cookie-response";
import { withAuth } from "@/lib/http/with-auth";

export const dynamic = "force-dynamic";

export const POST = withAuth({ role: "viewer" }, async ({ request, caller }) => {
  if (caller.kind === "user" && caller.sessionId) await revokeSession(getPrisma(), caller.sessionId);
  return withSessionCookie(new Response(null, { status: 204 }), request, null);
});
