/**
 * The guard every route handler goes through: resolves the caller, checks the access the route
 * declares, refuses cross-site cookie writes, runs the handler, and maps every failure to the one error
 * shape. Route files stay thin: declare access, parse with the shared schema, call one lib/ function.
 *
 *   withAuth({ public: true }, ...)                       anyone
 *   withAuth({ role: "operator" }, ...)                   users with that role or higher (session or token)
 *   withAuth({ scope: "halts:write" }, ...)               agent keys with that scope
 *   withAuth({ role: "viewer", scope: "settings:read" })  either
 *
 * Every route has an answer budget (`budgetMs`, default REQUEST_BUDGET_MS of lib/db/deadlines.ts): a
 * handler still busy after it (a hung database, say) gets a 503 instead of leaving the client waiting;
 * `budgetMs: null` opts out (routes that wait on something slower by design, e.g. upstream tools).
 */
import { z } from "zod";
import { processAgentSessionCache } from "@/lib/auth/agent-session-cache";
import { processApiKeyCache } from "@/lib/auth/api-key-cache";
import type { BearerOptions, PrefetchedSession } from "@/lib/auth/api-keys";
import { actorName, type Caller, resolveCaller } from "@/lib/auth/caller";
import { type AgentScope, type Role, roleAtLeast } from "@/lib/auth/roles";
import { getPrisma } from "@/lib/db/client";
import { isDatabaseUnavailable } from "@/lib/db/database-errors";
import { REQUEST_BUDGET_MS } from "@/lib/db/deadlines";
import { TimeoutError, withTimeout } from "@/lib/db/with-timeout";
import { DomainError } from "@/lib/errors/domain-error";
import { createLogger, errorFields } from "@/lib/log/logger";
import { observeRequest } from "@/lib/telemetry/request";
import { ApiError } from "./api-error";
import { readJsonBody } from "./read-json-body";
import { isSameOriginRequest } from "./same-origin";

const log = createLogger({ component: "api" });
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The answer budget of a route in ms; null: none. `sessionTokenIn` (agent-session routes on the hot
 * path): the JSON body is read before authentication, and the agent session whose token it names is
 * read together with the bearer key (one round trip; handed to the handler as `body` and `session`).
 * Authentication still comes first in the answer: a bad body from an unauthenticated caller gets 401.
 * `cachedAgentKeys`: agent keys and the agent session `sessionTokenIn` names may come from the process's
 * key and session caches (lib/auth/api-key-cache.ts, lib/auth/agent-session-cache.ts: used only while
 * their NOTIFY listeners are up; a revocation or a session change lands within milliseconds).
 */
type Budget = {
  budgetMs?: number | null;
  sessionTokenIn?: (body: unknown) => string | undefined;
  cachedAgentKeys?: boolean;
};
export type AuthOptions = ({ public: true } | { public?: false; role?: Role; scope?: AgentScope }) & Budget;

export interface HandlerContext<Params, Authenticated extends boolean> {
  request: Request;
  caller: Authenticated extends true ? Caller : Caller | null;
  /** Audit name of the caller ("anonymous" on public routes). */
  actor: string;
  params: Params;
  /** With `sessionTokenIn`: the JSON body, already read (validate it; it is unchecked). */
  body?: unknown;
  /** With `sessionTokenIn` and a bearer caller: the session the body names (null: none), else undefined. */
  session?: PrefetchedSession | null;
}

type RouteContext<Params> = { params: Promise<Params> };

export function withAuth<Params = Record<string, never>>(
  options: { public: true } & Budget,
  handler: (context: HandlerContext<Params, false>) => Promise<Response>,
): (request: Request, routeContext: RouteContext<Params>) => Promise<Response>;
export function withAuth<Params = Record<string, never>>(
  options: { role?: Role; scope?: AgentScope } & Budget,
  handler: (context: HandlerContext<Params, true>) => Promise<Response>,
): (request: Request, routeContext: RouteContext<Params>) => Promise<Response>;
export function withAuth<Params>(
  options: AuthOptions,
  handler: (context: HandlerContext<Params, boolean>) => Promise<Response>,
): (request: Request, routeContext: RouteContext<Params>) => Promise<Response> {
  const budgetMs = options.budgetMs === undefined ? REQUEST_BUDGET_MS : options.budgetMs;
  const run = async (request: Request, routeContext: RouteContext<Params>) => {
    const params = (await routeContext?.params) ?? ({} as Params);
    if (options.public) return await handler({ request, caller: null, actor: "anonymous", params });
    if (options.sessionTokenIn) {
      let body: unknown;
      let bodyError: unknown = null;
      try {
        body = await readJsonBody(request);
      } catch (error) {
        bodyError = error;
      }
      const sessionToken = bodyError === null ? options.sessionTokenIn(body) : undefined;
      const caches = options.cachedAgentKeys
        ? { cache: processApiKeyCache(), sessionCache: processAgentSessionCache() }
        : {};
      const { caller, session } = await authenticate(request, { sessionToken, ...caches });
      authorize(caller, options, request);
      if (bodyError !== null) throw bodyError;
      return await handler({ request, caller, actor: actorName(caller), params, body, session });
    }
    const { caller } = await authenticate(request);
    authorize(caller, options, request);
    return await handler({ request, caller, actor: actorName(caller), params });
  };
  return (request, routeContext) =>
    observeRequest(request, async () => {
      try {
        const answer = run(request, routeContext);
        return await (budgetMs === null ? answer : withTimeout(answer, budgetMs, "the request"));
      } catch (error) {
        return errorResponse(error, request);
      }
    });
}

async function authenticate(
  request: Request,
  options: BearerOptions = {},
): Promise<{ caller: Caller; session?: PrefetchedSession | null }> {
  const resolution = await resolveCaller(getPrisma(), request, options);
  if (resolution.type === "caller") return resolution;
  if (resolution.type === "invalid" && resolution.reason === "bad-token") {
    throw new ApiError("unauthorized", "The bearer token is not valid (unknown, malformed or revoked).", {
      headers: { "WWW-Authenticate": 'Bearer realm="keel", error="invalid_token"' },
    });
  }
  throw new ApiError("unauthorized", "Sign in, or send Authorization: Bearer <token>.", {
    headers: { "WWW-Authenticate": 'Bearer realm="keel"' },
  });
}

function authorize(caller: Caller, options: { role?: Role; scope?: AgentScope }, request: Request): void {
  if (caller.kind === "user") {
    if (!options.role) throw new ApiError("forbidden", "This route is for agent API keys.");
    if (!roleAtLeast(caller.role, options.role))
      throw new ApiError("forbidden", `This needs the ${options.role} role.`);
    if (caller.via === "session" && !SAFE_METHODS.has(request.method) && !isSameOriginRequest(request)) {
      throw new ApiError(
        "forbidden",
        "Cross-site request refused: cookie-authenticated changes must come from this site.",
      );
    }
    return;
  }
  if (!options.scope) throw new ApiError("forbidden", "Agent API keys cannot use this route.");
  if (!caller.scopes.includes(options.scope))
    throw new ApiError("forbidden", `This agent key lacks the ${options.scope} scope.`);
}

/** Maps any thrown value to the API error shape; unexpected errors are logged (redacted) and hidden. */
export function errorResponse(error: unknown, request: Request): Response {
  if (error instanceof ApiError) return error.toResponse();
  const mapped = mapDomainError(error);
  if (mapped) return mapped.toResponse();
  if (error instanceof TimeoutError) {
    log.error("request budget exceeded", { path: new URL(request.url).pathname, ...errorFields(error) });
    return new ApiError(
      "service_unavailable",
      "The server could not answer in time; try again shortly.",
    ).toResponse();
  }
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

/** Domain errors thrown by lib/ functions (lib/errors/domain-error.ts), each with its code; zod's errors. */
export function mapDomainError(error: unknown): ApiError | null {
  if (error instanceof z.ZodError) return ApiError.fromZod(error);
  if (error instanceof DomainError) return new ApiError(error.code, error.message, error.details);
  return null;
}
