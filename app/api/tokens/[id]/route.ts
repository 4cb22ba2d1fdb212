// DELETE /api/tokens/[id] - revoke one of your personal access tokens
import { revokeApiKey } from "@/lib/auth/api-keys";
import { getPrisma } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { uuidParam } from "@/lib/http/parse-body";
import { withAuth } from "@/lib/http/with-auth";

export const dynamic = "force-dynamic";

export const DELETE = withAuth<{ id: string }>({ role: "viewer" }, async ({ caller, params }) => {
  if (caller.kind !== "user") throw new ApiError("forbidden", "Agent keys have no personal tokens.");
  const id = uuidParam(params.id, "token");
  return Response.json(await revokeApiKey(getPrisma(), { id, kind: "personal", ownerUserId: caller.userId }));
});
