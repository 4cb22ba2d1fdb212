// GET /api/runs - runs, newest first, filters and keyset pagination (viewer, or agent runs:write: own runs)
// POST /api/runs - enqueue a run (operator, or agent key with runs:write)
import { getPrisma } from "@/lib/db/client";
import { parseBody } from "@/lib/http/parse-body";
import { parseQuery } from "@/lib/http/parse-query";
import { withAuth } from "@/lib/http/with-auth";
import { runQueueSender } from "@/lib/runs/run-queue";
import { RunQueueUnavailableError } from "@/lib/runs/run-service-error";
import { createRun, listRuns } from "@/lib/runs/runs-service";
import { createRunSchema, listRunsQuerySchema } from "@/lib/schemas/runs";

export const dynamic = "force-dynamic";

export const GET = withAuth({ role: "viewer", scope: "runs:write" }, async ({ request, caller }) => {
  const query = parseQuery(request, listRunsQuerySchema);
  return Response.json(await listRuns(getPrisma(), caller, query), {
    headers: { "Cache-Control": "no-store" },
  });
});

export const POST = withAuth({ role: "operator", scope: "runs:write" }, async ({ request, caller }) => {
  const input = await parseBody(request, createRunSchema, "The run is not valid; nothing was queued.");
  const queue = await runQueueSender().catch(() => {
    throw new RunQueueUnavailableError();
  });
  const run = await createRun(getPrisma(), queue, { type: "caller", caller }, input);
  return Response.json(run, { status: 201, headers: { Location: `/api/runs/${run.id}` } });
});
