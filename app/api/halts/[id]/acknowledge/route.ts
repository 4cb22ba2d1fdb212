// POST /api/halts/[id]/acknowledge - guardrail_acknowledge_halt (operator, or the owning agent with halts:write); 409 if already acknowledged
import { getPrisma } from "@/lib/db/client";
import { acknowledgeHalt } from "@/lib/halts/service";
import { parseBody, uuidParam } from "@/lib/http/parse-body";
import { withAuth } from "@/lib/http/with-auth";
import { acknowledgeHaltRequestSchema } from "@/lib/schemas/halts";

export const dynamic = "force-dynamic";

export const POST = withAuth<{ id: string }>(
  { role: "operator", scope: "halts:write" },
  async ({ request, params, caller }) => {
    const haltId = uuidParam(params.id, "halt event");
    const input = await parseBody(request, acknowledgeHaltRequestSchema, "The acknowledgement is not valid.");
    return Response.json(await acknowledgeHalt(getPrisma(), caller, haltId, input));
  },
);
