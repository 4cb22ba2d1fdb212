// POST /api/halts/check - guardrail_check_halt_conditions (agent key, halts:write); fails safe
import { getPrisma } from "@/lib/db/client";
import { DATABASE_FAILURE_TEXT, INTERNAL_FAILURE_TEXT } from "@/lib/db/database-errors";
import { HALT_CHECK_BUDGET_MS } from "@/lib/db/deadlines";
import { failSafeHaltCheckOutput } from "@/lib/halts/conditions";
import { checkHaltConditions, processHaltConfigCache } from "@/lib/halts/service";
import { validateBody } from "@/lib/http/parse-body";
import { withAuth } from "@/lib/http/with-auth";
import { checkHaltConditionsInputSchema, sessionTokenSchema } from "@/lib/schemas/halts";

export const dynamic = "force-dynamic";

/**
 * The session token of a check body, read before validation so the key and session load together; only
 * a token the schema accepts (anything else gets its 400 from validation, never reaches SQL).
 */
const sessionTokenIn = (body: unknown) => {
  const token = (body as { session_token?: unknown } | null)?.session_token;
  return sessionTokenSchema.safeParse(token).success ? (token as string) : undefined;
};

const guarded = withAuth(
  { scope: "halts:write", budgetMs: HALT_CHECK_BUDGET_MS, sessionTokenIn, cachedAgentKeys: true },
  async ({ caller, body, session }) => {
    const input = validateBody(body, checkHaltConditionsInputSchema);
    const database = getPrisma();
    // The prefetched session counts only when it was looked up by the token the check validated.
    const prefetched = sessionTokenIn(body) === input.session_token ? session : undefined;
    return Response.json(
      await checkHaltConditions(database, caller, input, processHaltConfigCache(database), prefetched),
      {
        headers: { "Cache-Control": "no-store" },
      },
    );
  },
);

/**
 * When the database is down even the caller cannot be authenticated (503), and when it hangs the route's
 * budget (HALT_CHECK_BUDGET_MS, 1.5 s by default) runs out (503). Every 5xx body also carries the
 * fail-safe answer (`should_halt: true`, critical), so an agent that reads only `should_halt` halts. Its
 * text is generic: it never names database internals.
 */
export const POST: typeof guarded = async (request, context) => {
  const response = await guarded(request, context);
  if (response.status < 500) return response;
  const body = (await response.json()) as Record<string, unknown>;
  const failSafe = failSafeHaltCheckOutput(
    new Error(response.status === 503 ? DATABASE_FAILURE_TEXT : INTERNAL_FAILURE_TEXT),
  );
  return Response.json({ ...body, ...failSafe }, { status: response.status, headers: response.headers });
};
