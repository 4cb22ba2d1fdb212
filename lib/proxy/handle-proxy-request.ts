/**
 * The guard proxy's request pipeline, shared by `/v1/chat/completions` (OpenAI) and `/v1/messages`
 * (Anthropic). In order:
 *   1. read the body (size cap), check the minimum shape, pick the upstream credential;
 *   2. read the switches (cached, NOTIFY-invalidated) and the managed-tools manifest;
 *   3. find or open the conversation's proxy run; re-insert earlier managed exchanges (continuity);
 *   4. quarantine the tool results of the incoming conversation (preamble for external-content tools);
 *   5. add the managed tools; then either
 *      - RELAY (stream requested, no managed tools): stream the upstream reply through the scaffolding
 *        filter, holding frames back until the reply shows visible text or a tool call, so a
 *        scaffolding-only reply can get its one recovery request invisibly; or
 *      - MEDIATE (buffered, or managed tools configured): buffered upstream rounds; managed tool calls
 *        run here (order rule, quarantine, terminal-on-success), unmanaged ones go back to the caller;
 *        the final reply is sent buffered or as a synthetic stream (cllama's synthetic streaming);
 *   6. every step becomes a run event; the run is settled after the response.
 * Upstream errors are passed through (status and body); proxy failures use the caller's error shape.
 */
import type { PendingToolCall, ToolCallResult } from "@/lib/agent/tool-batch";
import { executeToolBatch } from "@/lib/agent/tool-batch";
import type { ToolErrorEnvelope } from "@/lib/agent/tools/agent-tool";
import type { Caller } from "@/lib/auth/caller";
import { getPrisma } from "@/lib/db/client";
import { guardMode } from "@/lib/guards/guard-mode";
import {
  decideScaffoldingRecovery,
  MALFORMED_REPLY_MESSAGE,
  SCAFFOLDING_CORRECTION_LINE,
} from "@/lib/guards/scaffolding";
import {
  checkTerminalOrder,
  isTerminalSuccess,
  TERMINAL_ORDER_REJECTED_INTERVENTION,
  terminalOnSuccessIntervention,
  terminalOrderErrorEnvelope,
} from "@/lib/guards/terminal-on-success";
import { ApiError } from "@/lib/http/api-error";
import { readJsonBody } from "@/lib/http/read-json-body";
import { createLogger, errorFields } from "@/lib/log/logger";
import type { RunEventData } from "@/lib/schemas/runs";
import type { RuntimeFlags } from "@/lib/schemas/settings";
import { processRuntimeFlagsCache } from "@/lib/settings/runtime-flags-cache";
import { loadManagedTools, type ManagedToolSet, ManagedToolsManifestError } from "./managed-tools";
import {
  addUsage,
  isRecord,
  type JsonObject,
  type ProxyProtocol,
  type ReplySummary,
  type StripOutcome,
  type TokenUsage,
  ZERO_USAGE,
} from "./protocols/proxy-protocol";
import { loadProxyConfig, type ProxyConfig, RUN_ID_HEADER, UPSTREAM_API_KEY_HEADER } from "./proxy-config";
import { ProxyError } from "./proxy-error";
import { acquireProxyRun, hashJson, injectExchanges, type ProxyRunHandle } from "./proxy-runs";
import { SseParser } from "./sse";
import { passedHeaders, UpstreamCall } from "./upstream-call";

const log = createLogger({ component: "guard-proxy" });

/** Marks responses the proxy wrote itself (the route wrapper re-shapes everything else). */
export const PROXY_RESPONSE_HEADER = "x-keel-proxy";

/** The instruction folded into the system prompt of the one grace request after the managed-tool budget. */
export const PROXY_WRAPUP_LINE =
  "You have used all the managed tool calls available for this turn. Tools are no longer available. Give your best final answer now in plain text, and state explicitly what remains unfinished.";

/** Intervention name of a round that mixed managed and caller tools (a Keel rule, not cllama's). */
export const MIXED_ROUND_INTERVENTION = "managed_tool_mixed_round_rejected";

/** The tool result every call of a mixed round receives: no tool ran. */
export function mixedRoundErrorEnvelope(): ToolErrorEnvelope {
  return {
    ok: false,
    status_code: 409,
    error: {
      code: "managed_tool_mixed_round",
      message:
        "Managed tools and the caller's own tools cannot be called in the same round. No tools were executed. Call them in separate rounds.",
      details: { tools_executed: false },
    },
  };
}

interface Context {
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
interface Outcome {
  status: "succeeded" | "failed";
  finalText: string;
  error: string | null;
  toolSteps: number;
  scaffoldStripped: number;
}

function proxyHeaders(context: { run?: ProxyRunHandle }, extra?: Headers): Headers {
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

async function readBody(request: Request, maxBytes: number): Promise<JsonObject> {
  let parsed: unknown;
  try {
    parsed = await readJsonBody(request, maxBytes);
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.code === "payload_too_large")
        throw new ProxyError("request_too_large", `The request body is larger than ${maxBytes} bytes.`);
      throw new ProxyError("invalid_request", error.message, { status: error.status });
    }
    throw error;
  }
  if (!isRecord(parsed)) throw new ProxyError("invalid_request", "The request body must be a JSON object.");
  return parsed;
}

function callerIdentity(caller: Caller, actor: string) {
  return caller.kind === "agent"
    ? { id: caller.keyId, apiKeyId: caller.keyId, actor, agentName: caller.agentName }
    : { id: caller.userId, apiKeyId: null, actor, agentName: `user:${caller.username}` };
}

/** Handles one proxied request (the caller is already authenticated). */
export async function handleProxyRequest(
  protocol: ProxyProtocol,
  request: Request,
  caller: Caller,
  actor: string,
): Promise<Response> {
  const started = performance.now();
  const config = loadProxyConfig();
  let run: ProxyRunHandle | undefined;
  try {
    const body = await readBody(request, config.maxBodyBytes);
    protocol.validateRequest(body);
    const callerKey = request.headers.get(UPSTREAM_API_KEY_HEADER)?.trim() || null;
    if (callerKey && !config.allowCallerKeys)
      throw new ProxyError("permission", `${UPSTREAM_API_KEY_HEADER} is not accepted by this Keel instance.`);
    const apiKey = callerKey ?? protocol.keelApiKey(config);
    if (!apiKey)
      throw new ProxyError(
        "not_configured",
        `No upstream credential: Keel has none configured for the ${protocol.name} upstream; send your own in ${UPSTREAM_API_KEY_HEADER}.`,
      );
    let managed: ManagedToolSet;
    try {
      managed = loadManagedTools(config.toolsManifestPath);
    } catch (error) {
      if (error instanceof ManagedToolsManifestError) {
        log.error("the managed-tools manifest is unusable", errorFields(error));
        throw new ProxyError("not_configured", "The guard proxy's managed-tools manifest is not usable.");
      }
      throw error;
    }
    const database = getPrisma();
    const { flags } = await processRuntimeFlagsCache(database).get();
    const model = protocol.model(body);
    const seed = protocol.conversationSeed(body);
    run = await acquireProxyRun(database, {
      protocol: protocol.name,
      caller: callerIdentity(caller, actor),
      pinnedRunId: request.headers.get(RUN_ID_HEADER)?.trim() || null,
      seed,
      conversationStart: protocol.isConversationStart(body),
      model,
      task: `${protocol.name} proxy: ${seed.split("\u0000")[1] ?? ""}`.slice(0, 500),
    });
    if (run.opened)
      for (const invalid of managed.invalidAnnotations)
        run.emit({ type: "tool.annotation_invalid", name: invalid.name, value: invalid.value });

    const messages = body.messages as JsonObject[];
    const callerLength = messages.length;
    const exchanges = run.exchanges();
    const callerHash = managed.tools.length > 0 || exchanges.length > 0 ? hashJson(messages) : null;
    if (exchanges.length > 0) injectExchanges(messages, exchanges, protocol.dropEmptyAssistantAt);
    const scan = protocol.quarantineIncoming(body, flags.toolResultQuarantineEnabled);
    if (scan.quarantinedSegments.count > 0)
      log.warn("incoming tool results quarantined", {
        runId: run.id,
        segments: scan.quarantinedSegments.count,
      });
    const stream = protocol.isStream(body);
    run.emit({
      type: "proxy.request",
      step: run.nextStep(),
      protocol: protocol.name,
      stream,
      model,
      messages: messages.length,
      tools: protocol.toolCount(body) + managed.tools.length,
      toolResultsScanned: scan.scanned,
      quarantinedSegments: scan.quarantinedSegments,
    });
    protocol.addTools(body, managed.tools);
    const context: Context = {
      protocol,
      config,
      flags,
      managed,
      run,
      request,
      body,
      apiKey,
      model,
      stream,
      includeUsage: protocol.includeUsage(body),
      started,
      callerLength,
      callerHash,
    };
    if (stream && managed.tools.length === 0) return await relay(context);
    return await mediate(context);
  } catch (error) {
    const proxyError =
      error instanceof ProxyError
        ? error
        : new ProxyError("internal", "The guard proxy failed; it has been logged.");
    if (!(error instanceof ProxyError)) log.error("guard proxy request failed", errorFields(error));
    if (run) finish({ run, started }, failedOutcome(proxyError.message, 0, 0), proxyError);
    return proxyErrorResponse(protocol, proxyError, run);
  }
}

function failedOutcome(error: string, toolSteps: number, scaffoldStripped: number): Outcome {
  return { status: "failed", finalText: "", error, toolSteps, scaffoldStripped };
}

/** Writes run.finished and settles the run (queued; never blocks the response). */
function finish(
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
async function passThroughError(
  context: Context,
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

function emitReply(
  context: Context,
  step: number,
  purpose: "step" | "recovery" | "wrapup",
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

function rejectedResults(
  calls: readonly PendingToolCall[],
  envelope: () => ToolErrorEnvelope,
): ToolCallResult[] {
  return calls.map((call) => {
    const value = envelope();
    return {
      callId: call.callId,
      name: call.name,
      envelope: value,
      modelText: JSON.stringify(value),
      isError: true,
      quarantinedSegments: { count: 0, previews: [] },
    };
  });
}

/** Buffered upstream rounds with managed tools executed here (see the file comment). */
async function mediate(context: Context): Promise<Response> {
  const { protocol, body, run, managed, flags } = context;
  body.stream = false;
  delete body.stream_options;
  const messages = body.messages as JsonObject[];
  const exchange: JsonObject[] = [];
  let usage: TokenUsage = ZERO_USAGE;
  let rounds = 0;
  let toolSteps = 0;
  let recoveryUsed = false;
  let scaffoldStripped = 0;
  let purpose: "step" | "recovery" | "wrapup" = "step";
  const toolsOffered = protocol.toolCount(body);

  const recordExchange = () => {
    if (exchange.length > 0 && context.callerHash)
      run.recordExchange({
        anchor: context.callerLength,
        prefixHash: context.callerHash,
        messages: exchange,
      });
  };

  for (;;) {
    const step = run.nextStep();
    let requestBody = body;
    if (purpose !== "step") {
      requestBody = { ...body, messages: [...messages] };
      protocol.prepareToolless(
        requestBody,
        purpose === "recovery" ? SCAFFOLDING_CORRECTION_LINE : PROXY_WRAPUP_LINE,
      );
    }
    const call = new UpstreamCall(context.config.upstreamTimeoutMs, context.request.signal);
    const roundStarted = performance.now();
    const upstream = await call.post(
      protocol.upstreamUrl(context.config),
      protocol.upstreamHeaders(context.request.headers, context.apiKey),
      requestBody,
    );
    if (!upstream.ok) {
      recordExchange();
      return await passThroughError(context, upstream, call, toolSteps);
    }
    const text = await call.text(upstream);
    let response: JsonObject;
    try {
      const parsed: unknown = JSON.parse(text);
      if (!isRecord(parsed)) throw new Error("not an object");
      response = parsed;
    } catch (error) {
      throw new ProxyError("upstream_unreachable", "The upstream provider sent a reply that is not JSON.", {
        cause: error,
      });
    }
    rounds += 1;
    const strip = protocol.stripReply(response, flags.toolScaffoldingGuardEnabled);
    scaffoldStripped += strip.strippedChars;
    const reply = protocol.readReply(response);
    usage = addUsage(usage, reply.usage);
    emitReply(
      context,
      step,
      purpose,
      reply,
      strip,
      Math.round(performance.now() - roundStarted),
      purpose === "step" ? toolsOffered : 0,
    );
    const calls = purpose === "step" ? reply.toolCalls : [];

    if (calls.length === 0) {
      const decision = decideScaffoldingRecovery({
        visibleText: reply.text,
        strippedChars: strip.strippedChars,
        recoveryUsed,
      });
      if (decision.type === "fail") {
        recordExchange();
        const error = new ProxyError("malformed_reply", MALFORMED_REPLY_MESSAGE);
        finish(context, failedOutcome(MALFORMED_REPLY_MESSAGE, toolSteps, scaffoldStripped));
        return proxyErrorResponse(protocol, error, run);
      }
      if (decision.type === "recover") {
        recoveryUsed = true;
        purpose = "recovery";
        run.emit({ type: "scaffolding.recovery", step, strippedChars: strip.strippedChars });
        continue;
      }
    }
    const managedCalls = calls.filter((toolCall) => managed.byName.has(toolCall.name));
    if (managedCalls.length === 0) {
      if (rounds > 1) protocol.setUsage(response, usage);
      recordExchange();
      finish(context, {
        status: "succeeded",
        finalText: reply.text,
        error: null,
        toolSteps,
        scaffoldStripped,
      });
      return respond(context, response);
    }

    const pending: PendingToolCall[] = calls.map((toolCall) => ({
      callId: toolCall.id,
      name: toolCall.name,
      args: toolCall.args,
      ...(toolCall.invalidReason === undefined ? {} : { invalidReason: toolCall.invalidReason }),
    }));
    const order = checkTerminalOrder(calls, (name) => managed.terminal.has(name));
    const mixed = managedCalls.length !== calls.length;
    let results: ToolCallResult[];
    if (!order.valid) {
      results = rejectedResults(pending, terminalOrderErrorEnvelope);
      log.warn(TERMINAL_ORDER_REJECTED_INTERVENTION, {
        runId: run.id,
        step,
        calls: calls.map((c) => c.name),
      });
      run.emit({ type: "tool.order_rejected", step, calls: calls.map((toolCall) => toolCall.name) });
      run.emit({ type: "run.intervention", name: TERMINAL_ORDER_REJECTED_INTERVENTION, step });
    } else if (mixed) {
      results = rejectedResults(pending, mixedRoundErrorEnvelope);
      log.warn(MIXED_ROUND_INTERVENTION, { runId: run.id, step });
      run.emit({ type: "run.intervention", name: MIXED_ROUND_INTERVENTION, step });
    } else {
      results = await executeToolBatch({
        calls: pending,
        tools: managed.byName,
        quarantineEnabled: flags.toolResultQuarantineEnabled,
        quarantineMode: guardMode(flags, "quarantine"),
        step,
        runId: run.id,
        signal: context.request.signal,
        emit: async (event: RunEventData) => run.emit(event),
      });
    }
    const added = protocol.roundMessages(response, results);
    messages.push(...added);
    exchange.push(...added);
    toolSteps += 1;

    const terminal =
      order.valid && !mixed
        ? results.find((result) => managed.terminal.has(result.name) && isTerminalSuccess(result.envelope))
        : undefined;
    if (terminal) {
      const name = terminalOnSuccessIntervention(terminal.name);
      log.info(name, { runId: run.id, step });
      run.emit({ type: "run.intervention", name, step });
      recordExchange();
      finish(context, { status: "succeeded", finalText: "", error: null, toolSteps, scaffoldStripped });
      const model = typeof response.model === "string" ? response.model : context.model;
      return respond(context, protocol.terminalResponse(model, usage, Math.floor(Date.now() / 1000)));
    }
    if (toolSteps >= flags.maxToolSteps) {
      if (!flags.toolBudgetWrapupEnabled) {
        recordExchange();
        const error = new ProxyError(
          "malformed_reply",
          "The managed-tool budget is exhausted (the wrap-up turn is switched off).",
        );
        finish(context, failedOutcome(error.message, toolSteps, scaffoldStripped));
        return proxyErrorResponse(protocol, error, run);
      }
      purpose = "wrapup";
      run.emit({ type: "budget.wrapup", step, maxToolSteps: flags.maxToolSteps });
    } else purpose = "step";
  }
}

/** Sends a final buffered reply as JSON or as a synthetic stream (fresh headers: no stale Content-Length). */
function respond(context: Context, response: JsonObject): Response {
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

/** Streams the upstream reply through the scaffolding filter (no managed tools; see the file comment). */
async function relay(context: Context): Promise<Response> {
  const { protocol, run, body, flags } = context;
  const encoder = new TextEncoder();
  let call = new UpstreamCall(context.config.upstreamTimeoutMs, context.request.signal);
  let roundStarted = performance.now();
  let step = run.nextStep();
  let upstream = await call.post(
    protocol.upstreamUrl(context.config),
    protocol.upstreamHeaders(context.request.headers, context.apiKey),
    body,
  );
  if (!upstream.ok) return await passThroughError(context, upstream, call, 0);
  const headers = proxyHeaders(context, passedHeaders(upstream.headers));
  headers.set("content-type", "text/event-stream; charset=utf-8");
  const toolsOffered = protocol.toolCount(body);

  let cancelled = false;
  const output = new ReadableStream<Uint8Array>({
    async start(controller) {
      let recoveryUsed = false;
      let carried: TokenUsage = ZERO_USAGE;
      let scaffoldStripped = 0;
      let purpose: "step" | "recovery" = "step";
      const send = (frames: string[]) => {
        if (frames.length > 0) controller.enqueue(encoder.encode(frames.join("")));
      };
      try {
        for (;;) {
          const filter = protocol.createRelay({
            filterEnabled: flags.toolScaffoldingGuardEnabled,
            carriedUsage: carried,
          });
          const parser = new SseParser();
          const reader = upstream.body?.getReader();
          if (reader)
            for (;;) {
              const { done, value } = await call.read(reader);
              if (done) break;
              for (const event of parser.push(value)) send(filter.push(event));
            }
          for (const event of parser.finish()) send(filter.push(event));
          const rest = filter.end();
          const summary = filter.summary();
          scaffoldStripped += summary.strippedChars;
          emitReply(
            context,
            step,
            purpose,
            summary,
            summary,
            Math.round(performance.now() - roundStarted),
            purpose === "step" ? toolsOffered : 0,
          );
          if (!filter.committed && summary.toolCalls.length === 0) {
            const decision = decideScaffoldingRecovery({
              visibleText: summary.text,
              strippedChars: summary.strippedChars,
              recoveryUsed,
            });
            if (decision.type === "fail") {
              send([protocol.streamErrorFrame("malformed_reply", MALFORMED_REPLY_MESSAGE)]);
              finish(context, failedOutcome(MALFORMED_REPLY_MESSAGE, 0, scaffoldStripped));
              break;
            }
            if (decision.type === "recover") {
              recoveryUsed = true;
              purpose = "recovery";
              run.emit({ type: "scaffolding.recovery", step, strippedChars: summary.strippedChars });
              carried = addUsage(carried, summary.usage);
              const recoveryBody: JsonObject = { ...body, messages: [...(body.messages as JsonObject[])] };
              protocol.prepareToolless(recoveryBody, SCAFFOLDING_CORRECTION_LINE);
              step = run.nextStep();
              roundStarted = performance.now();
              call = new UpstreamCall(context.config.upstreamTimeoutMs, context.request.signal);
              upstream = await call.post(
                protocol.upstreamUrl(context.config),
                protocol.upstreamHeaders(context.request.headers, context.apiKey),
                recoveryBody,
              );
              if (!upstream.ok) {
                const text = await call.text(upstream).catch(() => "");
                run.emit({
                  type: "upstream.error",
                  step,
                  source: "model",
                  status: upstream.status,
                  message: text.slice(0, 500),
                });
                send([
                  protocol.streamErrorFrame(
                    "upstream_unreachable",
                    `The upstream provider answered HTTP ${upstream.status}.`,
                  ),
                ]);
                finish(context, failedOutcome(`upstream HTTP ${upstream.status}`, 0, scaffoldStripped));
                break;
              }
              continue;
            }
          }
          send(rest);
          finish(context, {
            status: "succeeded",
            finalText: summary.text,
            error: null,
            toolSteps: 0,
            scaffoldStripped,
          });
          break;
        }
        controller.close();
      } catch (error) {
        const failure = cancelled
          ? new ProxyError("invalid_request", "The caller closed the stream.", { status: 499 })
          : call.failure(error);
        if (failure.status !== 499) {
          try {
            send([protocol.streamErrorFrame(failure.kind, failure.message)]);
            controller.close();
          } catch {
            // the caller is gone
          }
        }
        finish(context, failedOutcome(failure.message, 0, scaffoldStripped), failure);
      }
    },
    cancel() {
      cancelled = true;
      call.abort();
    },
  });
  return new Response(output, { status: 200, headers });
}
