/**
 * RELAY (stream requested, no managed tools): streams the upstream reply through the scaffolding filter,
 * holding frames back until the reply shows visible text or a tool call, so a scaffolding-only reply can
 * get its one recovery request invisibly (the step policy, lib/guards/step-policy.ts, decides).
 */
import { decideReply, type StepPurpose } from "@/lib/guards/step-policy";
import {
  addUsage,
  type JsonObject,
  type ReplySummary,
  type StreamRelay,
  type StripOutcome,
  type TokenUsage,
  ZERO_USAGE,
} from "./protocols/proxy-protocol";
import {
  emitReply,
  failedOutcome,
  finish,
  type ProxyContext,
  passThroughError,
  proxyHeaders,
} from "./proxy-context";
import { ProxyError } from "./proxy-error";
import { SseParser } from "./sse";
import { passedHeaders, UpstreamCall } from "./upstream-call";

/** One streamed upstream request. */
interface Round {
  call: UpstreamCall;
  upstream: Response;
  step: number;
  started: number;
}

async function postRound(context: ProxyContext, requestBody: JsonObject): Promise<Round> {
  const { protocol } = context;
  const step = context.run.nextStep();
  const started = performance.now();
  const call = new UpstreamCall(context.config.upstreamTimeoutMs, context.request.signal);
  const upstream = await call.post(
    protocol.upstreamUrl(context.config),
    protocol.upstreamHeaders(context.request.headers, context.apiKey),
    requestBody,
  );
  return { call, upstream, step, started };
}

/** Pipes one upstream stream through the relay filter; frames the filter releases go to `send`. */
async function pipeRound(
  round: Round,
  filter: StreamRelay,
  send: (frames: string[]) => void,
): Promise<string[]> {
  const parser = new SseParser();
  const reader = round.upstream.body?.getReader();
  if (reader)
    for (;;) {
      const { done, value } = await round.call.read(reader);
      if (done) break;
      for (const event of parser.push(value)) send(filter.push(event));
    }
  for (const event of parser.finish()) send(filter.push(event));
  return filter.end();
}

/** The step policy's verdict on a streamed reply; frames already sent cannot be taken back. */
function decideStreamed(
  filter: StreamRelay,
  summary: ReplySummary & StripOutcome,
  purpose: StepPurpose,
  recoveryUsed: boolean,
) {
  if (filter.committed) return null;
  return decideReply({
    purpose,
    toolCalls: summary.toolCalls,
    visibleText: summary.text,
    strippedChars: summary.strippedChars,
    recoveryUsed,
    isTerminal: () => false,
    runsTool: () => false,
  });
}

/** Streams the upstream reply through the scaffolding filter (no managed tools; see the file comment). */
export async function relay(context: ProxyContext): Promise<Response> {
  const { protocol, run, body, flags } = context;
  const encoder = new TextEncoder();
  let round = await postRound(context, body);
  if (!round.upstream.ok) return await passThroughError(context, round.upstream, round.call, 0);
  const headers = proxyHeaders(context, passedHeaders(round.upstream.headers));
  headers.set("content-type", "text/event-stream; charset=utf-8");
  const toolsOffered = protocol.toolCount(body);

  let cancelled = false;
  const output = new ReadableStream<Uint8Array>({
    async start(controller) {
      let recoveryUsed = false;
      let carried: TokenUsage = ZERO_USAGE;
      let scaffoldStripped = 0;
      let purpose: StepPurpose = "step";
      const send = (frames: string[]) => {
        if (frames.length > 0) controller.enqueue(encoder.encode(frames.join("")));
      };
      const fail = (kind: ProxyError["kind"], message: string, error: string) => {
        send([protocol.streamErrorFrame(kind, message)]);
        finish(context, failedOutcome(error, 0, scaffoldStripped));
      };
      try {
        for (;;) {
          const filter = protocol.createRelay({
            filterEnabled: flags.toolScaffoldingGuardEnabled,
            carriedUsage: carried,
          });
          const rest = await pipeRound(round, filter, send);
          const summary = filter.summary();
          scaffoldStripped += summary.strippedChars;
          emitReply(
            context,
            round.step,
            purpose,
            summary,
            summary,
            Math.round(performance.now() - round.started),
            purpose === "step" ? toolsOffered : 0,
          );
          const decision = decideStreamed(filter, summary, purpose, recoveryUsed);
          if (decision?.action === "stop") {
            fail("malformed_reply", decision.message, decision.message);
            break;
          }
          if (decision?.action === "recover") {
            recoveryUsed = true;
            purpose = "recovery";
            run.emit({
              type: "scaffolding.recovery",
              step: round.step,
              strippedChars: summary.strippedChars,
            });
            carried = addUsage(carried, summary.usage);
            const recoveryBody: JsonObject = { ...body, messages: [...(body.messages as JsonObject[])] };
            protocol.prepareToolless(recoveryBody, decision.correctionLine);
            round = await postRound(context, recoveryBody);
            if (round.upstream.ok) continue;
            const { upstream } = round;
            const text = await round.call.text(upstream).catch(() => "");
            run.emit({
              type: "upstream.error",
              step: round.step,
              source: "model",
              status: upstream.status,
              message: text.slice(0, 500),
            });
            fail(
              "upstream_unreachable",
              `The upstream provider answered HTTP ${upstream.status}.`,
              `upstream HTTP ${upstream.status}`,
            );
            break;
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
          : round.call.failure(error);
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
      round.call.abort();
    },
  });
  return new Response(output, { status: 200, headers });
}
