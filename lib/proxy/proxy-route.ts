/**
 * The route handler factory behind `/v1/chat/completions` and `/v1/messages`. Access is Keel's usual
 * `withAuth({ role: "admin", scope: "runs:write" })` (an agent key with runs:write, or an admin's token):
 * there is no anonymous relay. Two protocol courtesies, for these routes only:
 * - the Anthropic SDKs send the key as `x-api-key`: a `keel_...` value there is read as
 *   `Authorization: Bearer` when the request has no Authorization header;
 * - failures withAuth answers itself (401, 403, 503) are re-shaped into the caller's protocol error shape,
 *   so SDK clients raise their usual authentication errors.
 */
import { withAuth } from "@/lib/http/with-auth";
import { observeProxyRequest } from "@/lib/telemetry/proxy";
import { handleProxyRequest, PROXY_RESPONSE_HEADER } from "./handle-proxy-request";
import type { ProxyProtocol } from "./protocols/proxy-protocol";
import type { ProxyErrorKind } from "./proxy-error";

type RouteHandler = (
  request: Request,
  context: { params: Promise<Record<string, never>> },
) => Promise<Response>;

/** Copies `x-api-key: keel_...` into Authorization when the request carries none (returns a new Request). */
export function withKeelKeyAsBearer(request: Request): Request {
  if (request.headers.has("authorization")) return request;
  const key = request.headers.get("x-api-key")?.trim();
  if (!key?.startsWith("keel_")) return request;
  const headers = new Headers(request.headers);
  headers.set("authorization", `Bearer ${key}`);
  headers.delete("x-api-key");
  return new Request(request, { headers });
}

function kindForStatus(status: number): ProxyErrorKind {
  if (status === 401) return "authentication";
  if (status === 403) return "permission";
  if (status === 413) return "request_too_large";
  if (status === 503) return "not_configured";
  if (status >= 400 && status < 500) return "invalid_request";
  return "internal";
}

/** Re-shapes a Keel API error (`{ error: { code, message } }`) into the protocol's error body. */
async function reshape(protocol: ProxyProtocol, response: Response): Promise<Response> {
  let message = "The request was refused.";
  try {
    const body = (await response.json()) as { error?: { message?: unknown } };
    if (typeof body.error?.message === "string") message = body.error.message;
  } catch {
    // keep the generic message
  }
  const headers = new Headers({ "content-type": "application/json", "cache-control": "no-store" });
  const challenge = response.headers.get("www-authenticate");
  if (challenge) headers.set("www-authenticate", challenge);
  const kind = kindForStatus(response.status);
  return new Response(JSON.stringify(protocol.errorBody(response.status, kind, message)), {
    status: response.status,
    headers,
  });
}

/** The POST handler of one protocol's proxy route. */
export function proxyRoute(protocol: ProxyProtocol): RouteHandler {
  const guarded = withAuth({ role: "admin", scope: "runs:write" }, ({ request, caller, actor }) =>
    handleProxyRequest(protocol, request, caller, actor),
  );
  return async (request, context) => {
    const response = await observeProxyRequest(protocol.name, request, () =>
      guarded(withKeelKeyAsBearer(request), context),
    );
    if (response.headers.has(PROXY_RESPONSE_HEADER)) return response;
    return reshape(protocol, response);
  };
}
