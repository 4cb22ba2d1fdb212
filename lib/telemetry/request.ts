/**
 * One API request, measured and traced: `keel_http_request_duration_seconds{route,method,status}` always,
 * and while tracing is on a SERVER span `<METHOD> <route>` that continues the caller's `traceparent`
 * (withAuth wraps every route in this, so /api/runs, /api/halts/check, the guard proxy and the MCP
 * gateway all join a customer's trace).
 */
import { processMetrics, routeTemplate, secondsSince } from "./metrics";
import { insideProxyRequest } from "./proxy";
import { inSpan, SpanKind, SpanStatusCode } from "./tracing";

export async function observeRequest(request: Request, handle: () => Promise<Response>): Promise<Response> {
  const started = performance.now();
  const route = routeTemplate(new URL(request.url).pathname);
  const method = request.method;
  let status = 500;
  const measured = async () => {
    const response = await handle();
    status = response.status;
    return response;
  };
  try {
    // The guard proxy opens its own server span (lib/telemetry/proxy.ts); the request is only measured.
    if (insideProxyRequest()) return await measured();
    return await inSpan(
      `${method} ${route}`,
      {
        kind: SpanKind.SERVER,
        parent: request.headers,
        attributes: { "http.request.method": method, "http.route": route },
      },
      async (span) => {
        const response = await measured();
        if (span) {
          span.setAttribute("http.response.status_code", status);
          if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        }
        return response;
      },
    );
  } finally {
    processMetrics().httpRequestDuration.observe(
      { route, method, status: String(status) },
      secondsSince(started),
    );
  }
}
