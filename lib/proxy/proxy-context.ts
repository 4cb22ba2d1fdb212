/**
 * What the guard proxy's three stages share (lib/proxy/handle-proxy-request.ts reads the request,
 * lib/proxy/mediate.ts and lib/proxy/relay.ts talk to the upstream): the request context, the run's
 * settlement, model.reply events, and the responses the proxy writes itself.
 */
import type { StepPurpose } from "@/lib/guards/step-policy";
import { createLogger } from "@/lib/log/logger";
import type { RuntimeFlags } from "@/lib/schemas/settings";
import type { ManagedToolSet } from "./managed-tools";
import type { JsonObject, ProxyProtocol, ReplySummary, StripOutcome } from "./protocols/proxy-protocol";
import { type ProxyConfig, RUN_ID_HEADER } from "./proxy-config";
import type { ProxyError } from "./proxy-error";
import type { ProxyRunHandle } from "./proxy-runs";
import { passedHeaders, type UpstreamCall } from "./upstream-call";

export const log = createLogger({ component: "guard-proxy" });

/** Marks responses the proxy wrote itself (the route wrapper re-shapes everything else). */
export const PROXY_RESPONSE_HEADER = "x-keel-proxy";

/** One proxied request as the mediate and relay stages see it. */
export interface ProxyContext {
  protocol: ProxyProtocol;
  config: ProxyConfig;
  flags: RuntimeFlags;
  managed: ManagedToolSet;
  run: ProxyRunHandle;
  request: Request;
  body: JsonObject;
  apiKey: string;
  model: string;
  stream: boolean;
  includeUsage: boolean;
  started: number;
  /** Length of the caller's messages and their hash (continuity of managed exchanges). */
  callerLength: number;
  callerHash: string | null;
}

/** How a request ended, for run.finished and the settlement. */
export interface Outcome {
  status: "succeeded" | "failed";
  finalText: string;
  error: string | null;
  toolSteps: number;
  scaffoldStripped: number;
}

export function proxyHeaders(context: { run?: ProxyRunHandle }, extra?: Headers): Headers {
  const headers = extra ?? new Headers();
  headers.set(PROXY_RESPONSE_HEADER, "1");
  headers.set("cache-control", "no-store");
  if (context.run) headers.set(RUN_ID_HEADER, context.run.id);
  return headers;
}

/** A proxy-authored error in the caller's protocol. */
export function proxyErrorResponse(
  protocol: ProxyProtocol,
  error: ProxyError,
  run?: ProxyRunHandle,
): Response {
  const headers = proxyHeaders({ run });
  headers.set("content-type", "application/json");
  return new Response(JSON.stringify(protocol.errorBody(error.status, error.kind, error.message)), {
    status: error.status,
    headers,
  });
}

export function failedOutcome(error: string, toolSteps: number, scaffoldStripped: number): Outcome {
  return { status: "failed", finalText: "", error, toolSteps, scaffoldStripped };
}

/** Writes run.finished and settles the run (queued; never blocks the response). */
export function finish(
  context: { run: ProxyRunHandle; started: number },
  outcome: Outcome,
  error?: ProxyError,
): void {
  const { run } = context;
  if (error && (error.kind === "upstream_timeout" || error.kind === "upstream_unreachable"))
    run.emit({
      type: "upstream.error",
      step: run.nextStep(),
      source: "model",
      status: error.status,
      message: error.message,
    });
  run.emit({
    type: "run.finished",
    status: outcome.status,
    finalText: outcome.finalText,
    toolSteps: outcome.toolSteps,
    toolBudgetExhausted: false,
    scaffoldStripped: outcome.scaffoldStripped,
    error: outcome.error,
    durationMs: Math.round(performance.now() - context.started),
  });
  run.settle({
    status: outcome.status,
    finalText: outcome.finalText,
    ...(outcome.error ? { error: outcome.error } : {}),
    toolSteps: outcome.toolSteps,
  });
}

/** Passes an upstream error through: same status, same body, the caller's content type. */
export async function passThroughError(
  context: ProxyContext,
  upstream: Response,
  call: UpstreamCall,
  toolSteps: number,
): Promise<Response> {
  const text = await call.text(upstream).catch(() => "");
  let message = `The upstream provider answered HTTP ${upstream.status}.`;
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown } };
    if (typeof parsed.error?.message === "string") message = parsed.error.message.slice(0, 500);
  } catch {
    // not JSON
  }
  context.run.emit({
    type: "upstream.error",
    step: context.run.nextStep(),
    source: "model",
    status: upstream.status,
    message,
  });
  log.warn("upstream error passed through", { runId: context.run.id, status: upstream.status });
  finish(context, failedOutcome(`upstream HTTP ${upstream.status}`, toolSteps, 0));
  const headers = proxyHeaders(context, passedHeaders(upstream.headers));
  headers.set("content-type", upstream.headers.get("content-type") ?? "application/json");
  return new Response(text, { status: upstream.status, headers });
}

export function emitReply(
  context: ProxyContext,
  step: number,
  purpose: StepPurpose,
  reply: ReplySummary,
  strip: StripOutcome,
  durationMs: number,
  toolsOffered: number,
): void {
  const { run } = context;
  run.emit({
    type: "model.reply",
    step,
    purpose,
    toolsOffered,
    text: reply.text,
    reasoningChars: reply.reasoningChars,
    toolCalls: reply.toolCalls.map((call) => ({ callId: call.id, name: call.name, args: call.argsText })),
    finishReason: reply.finishReason,
    inputTokens: reply.usage?.input ?? null,
    outputTokens: reply.usage?.output ?? null,
    durationMs,
  });
  if (strip.strippedChars > 0) {
    const patterns: Record<string, number> = {};
    for (const event of strip.strips) patterns[event.patternId] = (patterns[event.patternId] ?? 0) + 1;
    log.warn("stripped tool scaffolding from a proxied reply", { runId: run.id, chars: strip.strippedChars });
    run.emit({
      type: "scaffolding.stripped",
      step,
      strippedChars: strip.strippedChars,
      patterns,
      previews: strip.strips.map((event) => event.span + (event.truncated ? "…" : "")),
    });
  }
}

/** Sends a final buffered reply as JSON or as a synthetic stream (fresh headers: no stale Content-Length). */
export function respond(context: ProxyContext, response: JsonObject): Response {
  if (!context.stream) {
    const headers = proxyHeaders(context);
    headers.set("content-type", "application/json");
    return new Response(JSON.stringify(response), { status: 200, headers });
  }
  const frames = context.protocol.renderStream(response, context.includeUsage);
  const headers = proxyHeaders(context);
  headers.set("content-type", "text/event-stream; charset=utf-8");
  return new Response(frames.join(""), { status: 200, headers });
}
