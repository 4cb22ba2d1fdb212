// POST /api/runs/demo - enqueue one run per demo scenario (operator; 409 unless a live runtime serves the demo model)
import { getPrisma } from "@/lib/db/client";
import { withAuth } from "@/lib/http/with-auth";
import { createDemoRuns } from "@/lib/runs/demo-runs";
import { runQueueSender } from "@/lib/runs/run-queue";
import { RunQueueUnavailableError } from "@/lib/runs/run-service-error";

export const dynamic = "force-dynamic";

export const POST = withAuth({ role: "operator" }, async ({ caller }) => {
  const queue = await runQueueSender().catch(() => {
    throw new RunQueueUnavailableError();
  });
  const runs = await createDemoRuns(getPrisma(), queue, { type: "caller", caller });
  return Response.json({ runs }, { status: 201 });
});
