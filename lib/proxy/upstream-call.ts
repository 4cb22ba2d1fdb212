/**
 * One HTTP request to the upstream provider, with the proxy's timeout rule: the timer runs until the
 * response head arrives, and (for streams) restarts with every chunk, so a stream may last as long as it
 * keeps moving. A caller that goes away aborts the upstream request.
 */
import { UpstreamTrace } from "@/lib/telemetry/proxy";
import { ProxyError } from "./proxy-error";

/** Upstream response headers passed back to the caller (rate limits, request ids). */
export const PASSED_UPSTREAM_HEADERS =
  /^(retry-after|x-ratelimit-.*|anthropic-ratelimit-.*|request-id|x-request-id)$/i;

export class UpstreamCall {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | null = null;
  private timedOut = false;
  /** Span, wait time and duration metric of the request (lib/telemetry/proxy.ts). */
  private upstream: UpstreamTrace | null = null;

  constructor(
    private readonly timeoutMs: number,
    private readonly callerSignal: AbortSignal | null,
  ) {
    if (callerSignal) {
      if (callerSignal.aborted) this.controller.abort(callerSignal.reason);
      else
        callerSignal.addEventListener("abort", () => this.controller.abort(callerSignal.reason), {
          once: true,
        });
    }
  }

  /** (Re)starts the timeout. */
  arm(): void {
    this.disarm();
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.controller.abort(new Error("upstream timeout"));
    }, this.timeoutMs);
    this.timer.unref?.();
  }

  disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Aborts the upstream request (the caller went away). */
  abort(): void {
    this.disarm();
    this.upstream?.end(new Error("caller gone"));
    this.controller.abort(new Error("caller gone"));
  }

  /** Maps a fetch/read failure to the proxy's error. */
  failure(error: unknown): ProxyError {
    this.disarm();
    this.upstream?.end(error);
    if (error instanceof ProxyError) return error;
    if (this.timedOut)
      return new ProxyError("upstream_timeout", "The upstream provider did not answer in time.", {
        cause: error,
      });
    if (this.callerSignal?.aborted)
      return new ProxyError("invalid_request", "The caller closed the request.", {
        cause: error,
        status: 499,
      });
    return new ProxyError("upstream_unreachable", "The upstream provider could not be reached.", {
      cause: error,
    });
  }

  /** POSTs `body` as JSON; resolves with the response head (the timer keeps running for the body). */
  async post(url: string, headers: Headers, body: unknown): Promise<Response> {
    this.arm();
    this.upstream = new UpstreamTrace(url, headers, body);
    this.upstream.waiting();
    try {
      const response = await fetch(url, {
        method: "POST",
        headers,
        body: JSON.stringify(body),
        signal: this.controller.signal,
      });
      this.upstream.waited();
      this.upstream.head(response.status);
      return response;
    } catch (error) {
      throw this.failure(error);
    }
  }

  /** Reads a whole body as text under the running timer, then stops it. */
  async text(response: Response): Promise<string> {
    try {
      this.upstream?.waiting();
      const text = await response.text();
      this.disarm();
      this.upstream?.end();
      return text;
    } catch (error) {
      throw this.failure(error);
    }
  }

  /** Reads the next chunk of a stream, restarting the idle timer. */
  async read(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<ReadableStreamReadResult<Uint8Array>> {
    this.arm();
    try {
      this.upstream?.waiting();
      const result = await reader.read();
      this.upstream?.waited();
      if (result.done) {
        this.disarm();
        this.upstream?.end();
      }
      return result;
    } catch (error) {
      throw this.failure(error);
    }
  }
}

/** The upstream headers a caller should see (content-type set by the caller of this function). */
export function passedHeaders(upstream: Headers): Headers {
  const headers = new Headers();
  upstream.forEach((value, name) => {
    if (PASSED_UPSTREAM_HEADERS.test(name)) headers.set(name, value);
  });
  return headers;
}
