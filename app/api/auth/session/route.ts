// GET /api/auth/session - who is signed in (401 when nobody)
import { findUser } from "@/lib/auth/users";
import { getPrisma } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { withAuth } from "@/lib/http/with-auth";

export const dynamic = "force-dynamic";

export const GET = withAuth({ role: "viewer" }, async ({ caller }) => {
  if (caller.kind !== "user") throw new ApiError("forbidden", "Agent keys have no session.");
  const user = await findUser(getPrisma(), caller.userId);
  return Response.json(
    { user: { username: user.username, displayName: user.displayName, role: user.role }, via: caller.via },
    { headers: { "Cache-Control": "no-store" } },
  );
});
