// DELETE /api/agent-keys/[id] - revoke an agent API key (admin)
import { revokeApiKey } from "@/lib/auth/api-keys";
import { getPrisma } from "@/lib/db/client";
import { uuidParam } from "@/lib/http/parse-body";
import { withAuth } from "@/lib/http/with-auth";

export const dynamic = "force-dynamic";

export const DELETE = withAuth<{ id: string }>({ role: "admin" }, async ({ params }) => {
  return Response.json(
    await revokeApiKey(getPrisma(), { id: uuidParam(params.id, "agent key"), kind: "agent" }),
  );
});
