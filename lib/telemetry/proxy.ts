/**
 * The guard proxy, measured and traced. Each request gets a SERVER span `keel.proxy <protocol>` that
 * continues the caller's `traceparent` (the guard decisions of the request land on it as span events),
 * and each upstream request a CLIENT span `chat <model>` under it that forwards the trace context to the
 * provider. Metrics: `keel_proxy_added_latency_seconds{protocol}` (the time until the caller gets the
 * response head, minus the time spent waiting for the upstream within it; for a buffered answer that is
 * the whole exchange), and the upstream calls as model calls (`keel_model_call_duration_seconds` and
 * `keel_model_call_tokens` with the protocol as provider).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { RunEventData } from "@/lib/schemas/runs";
import { observeModelCall, processMetrics, secondsSince } from "./metrics";
import { traceRunEvent } from "./run-events";
import {
  failSpan,
  injectTraceHeaders,
  inSpan,
  type Span,
  SpanKind,
  SpanStatusCode,
  startSpan,
} from "./tracing";

interface ProxyScope {
  protocol: string;
  /** Upstream wait (ms) while the request is still being answered. */
  upstreamMs: number;
  answering: boolean;
}

const scopes = new AsyncLocalStorage<ProxyScope>();

/** True inside observeProxyRequest: the request already has its server span (withAuth adds none). */
export const insideProxyRequest = (): boolean => scopes.getStore() !== undefined;

export function observeProxyRequest(
  protocol: string,
  request: Request,
  handle: () => Promise<Response>,
): Promise<Response> {
  const scope: ProxyScope = { protocol, upstreamMs: 0, answering: true };
  const started = performance.now();
  const path = new URL(request.url).pathname;
  return scopes.run(scope, () =>
    inSpan(
      `keel.proxy ${protocol}`,
      {
        kind: SpanKind.SERVER,
        parent: request.headers,
        attributes: {
          "http.request.method": request.method,
          "http.route": path,
          "keel.proxy.protocol": protocol,
        },
      },
      async (span) => {
        try {
          const response = await handle();
          span?.setAttribute("http.response.status_code", response.status);
          if (response.status >= 500) span?.setStatus({ code: SpanStatusCode.ERROR });
          return response;
        } finally {
          scope.answering = false;
          const addedMs = Math.max(0, performance.now() - started - scope.upstreamMs);
          processMetrics().proxyAddedLatency.observe({ protocol }, addedMs / 1000);
          span?.setAttribute("keel.proxy.added_latency_ms", Math.round(addedMs * 1000) / 1000);
        }
      },
    ),
  );
}

/** A proxy run event: traced on the request span; a model reply's tokens go into the metrics. */
export function observeProxyEvent(event: RunEventData): void {
  traceRunEvent(event);
  if (event.type === "model.reply")
    observeModelCall(scopes.getStore()?.protocol ?? "unknown", Number.NaN, {
      inputTokens: event.inputTokens,
      outputTokens: event.outputTokens,
    });
}

/** One upstream model request of the proxy: its span, its share of the wait, its duration metric. */
export class UpstreamTrace {
  private readonly scope = scopes.getStore();
  private readonly started = performance.now();
  private waitStarted: number | null = null;
  private span: Span | undefined;
  private ended = false;

  /** Starts the span and puts the trace context on the outgoing headers. */
  constructor(url: string, headers: Headers, body: unknown) {
    const model =
      typeof (body as { model?: unknown })?.model === "string" ? (body as { model: string }).model : "";
    const target = new URL(url);
    this.span = startSpan(`chat${model ? ` ${model}` : ""}`, {
      kind: SpanKind.CLIENT,
      attributes: {
        "gen_ai.operation.name": "chat",
        "gen_ai.provider.name": this.scope?.protocol ?? "unknown",
        ...(model ? { "gen_ai.request.model": model } : {}),
        "server.address": target.hostname,
        "server.port": Number(target.port || (target.protocol === "https:" ? 443 : 80)),
      },
    });
    if (this.span) injectTraceHeaders(headers, this.span);
  }

  /** Around each wait for the upstream (head, body, next chunk). */
  waiting(): void {
    this.waitStarted = performance.now();
  }

  waited(): void {
    if (this.waitStarted === null) return;
    if (this.scope?.answering) this.scope.upstreamMs += performance.now() - this.waitStarted;
    this.waitStarted = null;
  }

  head(status: number): void {
    this.span?.setAttribute("http.response.status_code", status);
    if (status >= 400) this.span?.setStatus({ code: SpanStatusCode.ERROR });
  }

  /** The upstream answer is complete (or failed): ends the span, records the model call duration. */
  end(error?: unknown): void {
    this.waited();
    if (this.ended) return;
    this.ended = true;
    if (error !== undefined) failSpan(this.span, error);
    this.span?.end();
    processMetrics().modelCallDuration.observe(
      { provider: this.scope?.protocol ?? "unknown" },
      secondsSince(this.started),
    );
  }
}
