// GET /api/agent-keys - list agent API keys (admin)
// POST /api/agent-keys - create one with scopes (admin; the key is in the response, once)
import { createAgentKey, listApiKeys } from "@/lib/auth/api-keys";
import { getPrisma } from "@/lib/db/client";
import { parseBody } from "@/lib/http/parse-body";
import { withAuth } from "@/lib/http/with-auth";
import { createAgentKeyRequestSchema } from "@/lib/schemas/auth";

export const dynamic = "force-dynamic";

export const GET = withAuth({ role: "admin" }, async () =>
  Response.json({ keys: await listApiKeys(getPrisma(), { kind: "agent" }) }),
);

export const POST = withAuth({ role: "admin" }, async ({ request, caller }) => {
  const body = await parseBody(
    request,
    createAgentKeyRequestSchema,
    "The agent key is not valid; nothing was created.",
  );
  const created = await createAgentKey(getPrisma(), {
    name: body.name,
    scopes: body.scopes,
    createdByUserId: caller.kind === "user" ? caller.userId : null,
  });
  return Response.json(created, { status: 201, headers: { "Cache-Control": "no-store" } });
});
