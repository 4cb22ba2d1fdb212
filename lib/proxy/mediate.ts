/**
 * MEDIATE (buffered request, or managed tools configured): buffered upstream rounds; managed tool calls
 * run here, unmanaged ones go back to the caller; the final reply is sent buffered or as a synthetic
 * stream (cllama's synthetic streaming). What happens after each reply and each round is the step policy's
 * decision (lib/guards/step-policy.ts), the same one the agent loop follows.
 */
import { decideBudget, decideReply, decideRoundEnd, type StepPurpose } from "@/lib/guards/step-policy";
import type { RunEventData } from "@/lib/schemas/runs";
import {
  executeToolBatch,
  type PendingToolCall,
  rejectedToolResults,
  type ToolCallResult,
} from "@/lib/tools/tool-batch";
import {
  addUsage,
  isRecord,
  type JsonObject,
  type ReplySummary,
  type TokenUsage,
  ZERO_USAGE,
} from "./protocols/proxy-protocol";
import {
  emitReply,
  failedOutcome,
  finish,
  log,
  type ProxyContext,
  passThroughError,
  proxyErrorResponse,
  respond,
} from "./proxy-context";
import { ProxyError } from "./proxy-error";
import { UpstreamCall } from "./upstream-call";

/** The instruction folded into the system prompt of the one grace request after the managed-tool budget. */
export const PROXY_WRAPUP_LINE =
  "You have used all the managed tool calls available for this turn. Tools are no longer available. Give your best final answer now in plain text, and state explicitly what remains unfinished.";

/** One buffered upstream round: the upstream's reply (or its error response, passed through). */
type RoundReply = { ok: true; response: JsonObject } | { ok: false; upstream: Response; call: UpstreamCall };

async function postRound(context: ProxyContext, requestBody: JsonObject): Promise<RoundReply> {
  const { protocol } = context;
  const call = new UpstreamCall(context.config.upstreamTimeoutMs, context.request.signal);
  const upstream = await call.post(
    protocol.upstreamUrl(context.config),
    protocol.upstreamHeaders(context.request.headers, context.apiKey),
    requestBody,
  );
  if (!upstream.ok) return { ok: false, upstream, call };
  const text = await call.text(upstream);
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isRecord(parsed)) throw new Error("not an object");
    return { ok: true, response: parsed };
  } catch (error) {
    throw new ProxyError("upstream_unreachable", "The upstream provider sent a reply that is not JSON.", {
      cause: error,
    });
  }
}

/** Runs (or rejects, as the step policy decided) the managed calls of one round. */
async function runRound(
  context: ProxyContext,
  step: number,
  reply: ReplySummary,
  decision: ReturnType<typeof decideReply>,
): Promise<ToolCallResult[]> {
  const { run, managed, flags } = context;
  const pending: PendingToolCall[] = reply.toolCalls.map((toolCall) => ({
    callId: toolCall.id,
    name: toolCall.name,
    args: toolCall.args,
    ...(toolCall.invalidReason === undefined ? {} : { invalidReason: toolCall.invalidReason }),
  }));
  if (decision.action === "reject_round") {
    const calls = reply.toolCalls.map((toolCall) => toolCall.name);
    log.warn(decision.intervention, {
      runId: run.id,
      step,
      ...(decision.reason === "terminal_order" ? { calls } : {}),
    });
    if (decision.reason === "terminal_order") run.emit({ type: "tool.order_rejected", step, calls });
    run.emit({ type: "run.intervention", name: decision.intervention, step });
    return rejectedToolResults(pending, decision.envelope);
  }
  return await executeToolBatch({
    calls: pending,
    tools: managed.byName,
    quarantineEnabled: flags.toolResultQuarantineEnabled,
    step,
    runId: run.id,
    signal: context.request.signal,
    emit: async (event: RunEventData) => run.emit(event),
  });
}

/** Buffered upstream rounds with managed tools executed here (see the file comment). */
export async function mediate(context: ProxyContext): Promise<Response> {
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
  let purpose: StepPurpose = "step";
  let correctionLine = "";
  const toolsOffered = protocol.toolCount(body);
  const isTerminal = (name: string) => managed.terminal.has(name);

  const recordExchange = () => {
    if (exchange.length > 0 && context.callerHash)
      run.recordExchange({
        anchor: context.callerLength,
        prefixHash: context.callerHash,
        messages: exchange,
      });
  };
  const fail = (error: ProxyError): Response => {
    recordExchange();
    finish(context, failedOutcome(error.message, toolSteps, scaffoldStripped));
    return proxyErrorResponse(protocol, error, run);
  };

  for (;;) {
    const step = run.nextStep();
    let requestBody = body;
    if (purpose !== "step") {
      requestBody = { ...body, messages: [...messages] };
      protocol.prepareToolless(requestBody, purpose === "recovery" ? correctionLine : PROXY_WRAPUP_LINE);
    }
    const roundStarted = performance.now();
    const round = await postRound(context, requestBody);
    if (!round.ok) {
      recordExchange();
      return await passThroughError(context, round.upstream, round.call, toolSteps);
    }
    const { response } = round;
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

    const decision = decideReply({
      purpose,
      toolCalls: reply.toolCalls,
      visibleText: reply.text,
      strippedChars: strip.strippedChars,
      recoveryUsed,
      isTerminal,
      runsTool: (name) => managed.byName.has(name),
    });
    if (decision.action === "stop") return fail(new ProxyError("malformed_reply", decision.message));
    if (decision.action === "recover") {
      recoveryUsed = true;
      correctionLine = decision.correctionLine;
      purpose = "recovery";
      run.emit({ type: "scaffolding.recovery", step, strippedChars: strip.strippedChars });
      continue;
    }
    if (decision.action === "finish") {
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

    const results = await runRound(context, step, reply, decision);
    const added = protocol.roundMessages(response, results);
    messages.push(...added);
    exchange.push(...added);
    toolSteps += 1;

    const end = decideRoundEnd({ executed: decision.action === "run_tools", results, isTerminal });
    if (end.action === "terminal") {
      log.info(end.intervention, { runId: run.id, step });
      run.emit({ type: "run.intervention", name: end.intervention, step });
      recordExchange();
      finish(context, { status: "succeeded", finalText: "", error: null, toolSteps, scaffoldStripped });
      const model = typeof response.model === "string" ? response.model : context.model;
      return respond(context, protocol.terminalResponse(model, usage, Math.floor(Date.now() / 1000)));
    }
    const budget = decideBudget({
      toolSteps,
      maxToolSteps: flags.maxToolSteps,
      wrapupEnabled: flags.toolBudgetWrapupEnabled,
    });
    if (budget.action === "stop") return fail(new ProxyError("malformed_reply", budget.message));
    if (budget.action === "wrapup") {
      purpose = "wrapup";
      run.emit({ type: "budget.wrapup", step, maxToolSteps: flags.maxToolSteps });
    } else purpose = "step";
  }
}
