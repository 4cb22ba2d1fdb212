// POST /api/sessions - open an agent session (agent key, halts:write); the session_token is returned once
import { getPrisma } from "@/lib/db/client";
import { openSession } from "@/lib/halts/service";
import { parseBody } from "@/lib/http/parse-body";
import { withAuth } from "@/lib/http/with-auth";
import { openSessionInputSchema } from "@/lib/schemas/halts";

export const dynamic = "force-dynamic";

export const POST = withAuth({ scope: "halts:write" }, async ({ request, caller }) => {
  // The body is optional; when present it must be the (empty) JSON object.
  if (request.headers.get("content-type") !== null) await parseBody(request, openSessionInputSchema);
  if (caller.kind !== "agent") throw new Error("unreachable: halts:write is an agent scope");
  const session = await openSession(getPrisma(), { keyId: caller.keyId, agentName: caller.agentName });
  return Response.json(session, { status: 201, headers: { "Cache-Control": "no-store" } });
});
