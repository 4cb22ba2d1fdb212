// GET /api/tokens - your personal access tokens
// POST /api/tokens - create one (the token is in the response, once)
import { createPersonalToken, listApiKeys } from "@/lib/auth/api-keys";
import { getPrisma } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { parseBody } from "@/lib/http/parse-body";
import { withAuth } from "@/lib/http/with-auth";
import { createTokenRequestSchema } from "@/lib/schemas/auth";

export const dynamic = "force-dynamic";

export const GET = withAuth({ role: "viewer" }, async ({ caller }) => {
  if (caller.kind !== "user") throw new ApiError("forbidden", "Agent keys have no personal tokens.");
  return Response.json({
    tokens: await listApiKeys(getPrisma(), { kind: "personal", userId: caller.userId }),
  });
});

export const POST = withAuth({ role: "viewer" }, async ({ request, caller }) => {
  if (caller.kind !== "user") throw new ApiError("forbidden", "Agent keys cannot create personal tokens.");
  const body = await parseBody(request, createTokenRequestSchema);
  const created = await createPersonalToken(getPrisma(), { userId: caller.userId, name: body.name });
  return Response.json(created, { status: 201, headers: { "Cache-Control": "no-store" } });
});
