// POST /api/account/password - change your own password (ends your other sessions)
import { verifyPassword } from "@/lib/auth/password-hash";
import { findUser, setPassword } from "@/lib/auth/users";
import { getPrisma } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { parseBody } from "@/lib/http/parse-body";
import { withAuth } from "@/lib/http/with-auth";
import { changePasswordRequestSchema } from "@/lib/schemas/auth";

export const dynamic = "force-dynamic";

export const POST = withAuth({ role: "viewer" }, async ({ request, caller }) => {
  if (caller.kind !== "user") throw new ApiError("forbidden", "Agent keys have no password.");
  const body = await parseBody(
    request,
    changePasswordRequestSchema,
    "The new password is not valid; nothing was changed.",
  );
  const database = getPrisma();
  const user = await findUser(database, caller.userId);
  if (!(await verifyPassword(body.currentPassword, user.passwordHash))) {
    throw new ApiError("bad_request", "The current password is not correct; nothing was changed.");
  }
  await setPassword(database, user.id, body.newPassword);
  return new Response(null, { status: 204 });
});
