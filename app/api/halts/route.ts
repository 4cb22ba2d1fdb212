// GET /api/halts - list halt events: filters, keyset pagination, counts (viewer, or agent halts:read: own sessions)
// POST /api/halts - guardrail_record_halt (agent key, halts:write)
import { getPrisma } from "@/lib/db/client";
import { listHalts, processHaltConfigCache, recordHalt } from "@/lib/halts/service";
import { parseBody } from "@/lib/http/parse-body";
import { parseQuery } from "@/lib/http/parse-query";
import { withAuth } from "@/lib/http/with-auth";
import { listHaltsQuerySchema, recordHaltInputSchema } from "@/lib/schemas/halts";

export const dynamic = "force-dynamic";

export const GET = withAuth({ role: "viewer", scope: "halts:read" }, async ({ request, caller }) => {
  const query = parseQuery(request, listHaltsQuerySchema);
  return Response.json(await listHalts(getPrisma(), caller, query), {
    headers: { "Cache-Control": "no-store" },
  });
});

export const POST = withAuth({ scope: "halts:write" }, async ({ request, caller }) => {
  const input = await parseBody(
    request,
    recordHaltInputSchema,
    "The halt is not valid; nothing was recorded.",
  );
  const database = getPrisma();
  const config = await processHaltConfigCache(database).get();
  return Response.json(await recordHalt(database, caller, input, config), { status: 201 });
});
