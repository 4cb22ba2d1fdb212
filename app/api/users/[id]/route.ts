// PATCH /api/users/[id] - change a user's role, disable/enable them, or set a new password (admin)
import { updateUser } from "@/lib/auth/users";
import { getPrisma } from "@/lib/db/client";
import { parseBody, uuidParam } from "@/lib/http/parse-body";
import { withAuth } from "@/lib/http/with-auth";
import { updateUserRequestSchema } from "@/lib/schemas/auth";

export const dynamic = "force-dynamic";

export const PATCH = withAuth<{ id: string }>({ role: "admin" }, async ({ request, params }) => {
  const id = uuidParam(params.id, "user");
  const change = await parseBody(
    request,
    updateUserRequestSchema,
    "The change is not valid; nothing was changed.",
  );
  return Response.json(await updateUser(getPrisma(), id, change));
});
