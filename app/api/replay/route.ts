// POST /api/replay - replay stored tool results through the current quarantine (admin; read-only)
import { getPrisma } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { readJsonBody } from "@/lib/http/read-json-body";
import { withAuth } from "@/lib/http/with-auth";
import { replayToolResults } from "@/lib/replay/replay-tool-results";
import { replayRequestSchema } from "@/lib/schemas/replay";

export const dynamic = "force-dynamic";

export const POST = withAuth({ role: "admin" }, async ({ request }) => {
  const parsed = replayRequestSchema.safeParse(await readJsonBody(request));
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "The replay request is not valid.");
  const report = await replayToolResults(getPrisma(), parsed.data, { signal: request.signal });
  return Response.json(report, { headers: { "Cache-Control": "no-store" } });
});
