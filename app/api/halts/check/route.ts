// POST /api/halts/check - guardrail_check_halt_conditions (agent key, halts:write); fails safe
import { getPrisma } from "@/lib/db/client";
import { failSafeHaltCheckOutput } from "@/lib/halts/conditions";
import { checkHaltConditions, processHaltConfigCache } from "@/lib/halts/service";
import { parseBody } from "@/lib/http/parse-body";
import { withAuth } from "@/lib/http/with-auth";
import { checkHaltConditionsInputSchema } from "@/lib/schemas/halts";

export const dynamic = "force-dynamic";

const guarded = withAuth({ scope: "halts:write" }, async ({ request, caller }) => {
  const input = await parseBody(request, checkHaltConditionsInputSchema);
  const database = getPrisma();
  return Response.json(await checkHaltConditions(database, caller, input, processHaltConfigCache(database)), {
    headers: { "Cache-Control": "no-store" },
  });
});

/**
 * When the database is down even the caller cannot be authenticated (503); the body then also carries
 * the fail-safe answer (`should_halt: true`, critical), so an agent that reads only `should_halt` halts.
 */
export const POST: typeof guarded = async (request, context) => {
  const response = await guarded(request, context);
  if (response.status !== 503) return response;
  const body = (await response.json()) as Record<string, unknown>;
  const failSafe = failSafeHaltCheckOutput(new Error("the database is not reachable"));
  return Response.json({ ...body, ...failSafe }, { status: 503, headers: response.headers });
};
