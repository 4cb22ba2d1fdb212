/**
 * A failure the proxy answers itself (not an upstream error, which is passed through verbatim). Rendered
 * in the caller's protocol by the protocol adapter: OpenAI `{ error: { message, type, param, code } }`,
 * Anthropic `{ type: "error", error: { type, message } }`.
 */
export type ProxyErrorKind =
  | "invalid_request"
  | "authentication"
  | "permission"
  | "request_too_large"
  | "upstream_timeout"
  | "upstream_unreachable"
  | "malformed_reply"
  | "not_configured"
  | "internal";

const STATUS: Record<ProxyErrorKind, number> = {
  invalid_request: 400,
  authentication: 401,
  permission: 403,
  request_too_large: 413,
  internal: 500,
  upstream_unreachable: 502,
  malformed_reply: 502,
  not_configured: 503,
  upstream_timeout: 504,
};

export class ProxyError extends Error {
  override readonly name = "ProxyError";
  readonly status: number;

  constructor(
    readonly kind: ProxyErrorKind,
    message: string,
    options: { cause?: unknown; status?: number } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = options.status ?? STATUS[kind];
  }
}
