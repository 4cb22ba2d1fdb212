/**
 * The wrapper every route handler goes through: resolves who is calling, checks the access the route
 * declares, runs the handler, and maps every failure to the one error shape. Route files stay thin:
 * declare access, parse with the shared schema, call one lib/ function, return JSON.
 *
 * Access levels are declared now and enforced by `resolveCaller` (lib/http/caller.ts); sign-in and
 * API keys plug in there without touching the routes.
 */
import { DatabaseNotConfiguredError } from "@/lib/db/client";
import { createLogger, errorFields } from "@/lib/log/logger";
import { ApiError } from "./api-error";
import { type Access, authorize, type Caller, resolveCaller } from "./caller";

const log = createLogger({ component: "api" });

export interface HandlerContext<Params> {
  request: Request;
  caller: Caller;
  params: Params;
}

type RouteContext<Params> = { params: Promise<Params> };

export function apiHandler<Params = Record<string, never>>(
  access: Access,
  handler: (context: HandlerContext<Params>) => Promise<Response>,
): (request: Request, routeContext: RouteContext<Params>) => Promise<Response> {
  return async (request, routeContext) => {
    try {
      const caller = await resolveCaller(request);
      authorize(caller, access, request);
      const params = (await routeContext?.params) ?? ({} as Params);
      return await handler({ request, caller, params });
    } catch (error) {
      return errorResponse(error, request);
    }
  };
}

/** Maps any thrown value to the API error shape; unexpected errors are logged (redacted) and hidden. */
export function errorResponse(error: unknown, request: Request): Response {
  if (error instanceof ApiError) return error.toResponse();
  if (isDatabaseUnavailable(error)) {
    log.error("database unavailable", { path: new URL(request.url).pathname, ...errorFields(error) });
    return new ApiError(
      "database_unavailable",
      "The database is not reachable right now; try again shortly.",
    ).toResponse();
  }
  log.error("unhandled error in route", {
    method: request.method,
    path: new URL(request.url).pathname,
    ...errorFields(error),
  });
  return new ApiError("internal", "Something went wrong on the server; it has been logged.").toResponse();
}

function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseNotConfiguredError) return true;
  const text = `${(error as { code?: string })?.code ?? ""} ${(error as Error)?.message ?? ""}`;
  return /ECONNREFUSED|ETIMEDOUT|P1001|P1017|DatabaseNotReachable|Connection terminated|connect ECONN/i.test(
    text,
  );
}
