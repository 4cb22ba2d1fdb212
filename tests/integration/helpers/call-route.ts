/** Calls an App Router route handler with a real Request, as Next would. */
// biome-ignore lint/suspicious/noExplicitAny: route handlers declare their own params types
type Handler = (request: Request, context: { params: Promise<any> }) => Promise<Response>;

export interface CallOptions {
  method?: string;
  path?: string;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  params?: Record<string, string>;
  /** Scheme, host and port the request is addressed to (Next.js hands handlers such a URL). */
  base?: string;
}

export async function callRoute(
  handler: Handler,
  options: CallOptions = {},
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON bodies
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers = new Headers(options.headers);
  let body = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const url = new URL(options.path ?? "/", options.base ?? "http://localhost");
  // Like any HTTP client, send the Host the request is addressed to (unless the test forges one).
  if (!headers.has("host")) headers.set("host", url.host);
  const request = new Request(url, {
    method: options.method ?? "GET",
    headers,
    body,
    ...(body !== undefined ? { duplex: "half" } : {}),
  } as RequestInit);
  const response = await handler(request, { params: Promise.resolve(options.params ?? {}) });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text === "" ? null : JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, body: parsed, headers: response.headers };
}
