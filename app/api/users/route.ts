// GET /api/users - list users (admin)
// POST /api/users - create a user (admin)
import { createUser, listUsers } from "@/lib/auth/users";
import { getPrisma } from "@/lib/db/client";
import { parseBody } from "@/lib/http/parse-body";
import { withAuth } from "@/lib/http/with-auth";
import { createUserRequestSchema } from "@/lib/schemas/auth";

export const dynamic = "force-dynamic";

export const GET = withAuth({ role: "admin" }, async () =>
  Response.json({ users: await listUsers(getPrisma()) }),
);

export const POST = withAuth({ role: "admin" }, async ({ request }) => {
  const body = await parseBody(
    request,
    createUserRequestSchema,
    "The new user is not valid; nothing was created.",
  );
  return Response.json(await createUser(getPrisma(), body), { status: 201 });
});
