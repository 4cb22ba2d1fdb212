// POST /api/auth/sign-in - exchange a user name and password for a session cookie (throttled)
import { signIn } from "@/lib/auth/sign-in";
import { toPublicUser } from "@/lib/auth/users";
import { getPrisma } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { parseBody } from "@/lib/http/parse-body";
import { clientAddress, isSameOriginRequest } from "@/lib/http/same-origin";
import { withSessionCookie } from "@/lib/http/session-cookie-response";
import { withAuth } from "@/lib/http/with-auth";
import { signInRequestSchema } from "@/lib/schemas/auth";

export const dynamic = "force-dynamic";

export const POST = withAuth({ public: true }, async ({ request }) => {
  // Login CSRF: a browser must send this from our own pages (non-browser clients send no Origin).
  if (!isSameOriginRequest(request, { allowMissing: true }))
    throw new ApiError("forbidden", "Cross-site sign-in refused.");
  const body = await parseBody(request, signInRequestSchema);
  const result = await signIn(getPrisma(), {
    username: body.username,
    password: body.password,
    ipAddress: clientAddress(request),
    userAgent: request.headers.get("user-agent"),
  });
  return withSessionCookie(
    Response.json({ user: toPublicUser(result.user) }),
    request,
    result.cookieValue,
    result.expiresAt,
  );
});
