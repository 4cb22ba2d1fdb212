// POST /api/runs/demo?locale=de|en|it - enqueue one run per demo scenario (operator; 409 unless a live runtime serves the demo model)
import { z } from "zod";
import { getPrisma } from "@/lib/db/client";
import { parseQuery } from "@/lib/http/parse-query";
import { withAuth } from "@/lib/http/with-auth";
import { createDemoRuns } from "@/lib/runs/demo-runs";
import { runQueueSender } from "@/lib/runs/run-queue";
import { RunQueueUnavailableError } from "@/lib/runs/run-service-error";
import { RUN_LOCALES } from "@/lib/schemas/runs";

export const dynamic = "force-dynamic";

const demoRunsQuerySchema = z.strictObject({ locale: z.enum(RUN_LOCALES).default("en") });

export const POST = withAuth({ role: "operator" }, async ({ request, caller }) => {
  const { locale } = parseQuery(request, demoRunsQuerySchema);
  const queue = await runQueueSender().catch(() => {
    throw new RunQueueUnavailableError();
  });
  const runs = await createDemoRuns(getPrisma(), queue, { type: "caller", caller }, locale);
  return Response.json({ runs }, { status: 201 });
});
