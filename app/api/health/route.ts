// GET /api/health - liveness and database reachability (public; 503 when the database does not answer)
import { getPrisma } from "@/lib/db/client";
import { withTimeout } from "@/lib/db/with-timeout";
import { withAuth } from "@/lib/http/with-auth";

export const dynamic = "force-dynamic";

export const GET = withAuth({ public: true }, async () => {
  const startedAt = performance.now();
  try {
    await withTimeout(getPrisma().$queryRaw`select 1`, 3_000, "database ping");
    return Response.json(
      { status: "ok", database: "up", latencyMs: Math.round(performance.now() - startedAt) },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch {
    return Response.json(
      { status: "degraded", database: "down" },
      { status: 503, headers: { "Cache-Control": "no-store" } },
    );
  }
});
