/**
 * RELAY (stream requested, no managed tools): streams the upstream reply through the scaffolding filter,
 * holding frames back until the reply shows visible text or a tool call, so a scaffolding-only reply can
 * get its one recovery request invisibly (the step policy, lib/guards/step-policy.ts, decides).
 */
import { decideReply, type StepPurpose } from "@/lib/guards/step-policy";
import { addUsage, type JsonObject, type TokenUsage, ZERO_USAGE } from "./protocols/proxy-protocol";
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

/** Streams the upstream reply through the scaffolding filter (no managed tools; see the file comment). */
export async function relay(context: ProxyContext): Promise<Response> {
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
      let purpose: StepPurpose = "step";
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
          // Frames already sent cannot be taken back: a committed reply stands.
          const decision = filter.committed
            ? null
            : decideReply({
                purpose,
                toolCalls: summary.toolCalls,
                visibleText: summary.text,
                strippedChars: summary.strippedChars,
                recoveryUsed,
                isTerminal: () => false,
                runsTool: () => false,
              });
          if (decision) {
            if (decision.action === "stop") {
              send([protocol.streamErrorFrame("malformed_reply", decision.message)]);
              finish(context, failedOutcome(decision.message, 0, scaffoldStripped));
              break;
            }
            if (decision.action === "recover") {
              recoveryUsed = true;
              purpose = "recovery";
              run.emit({ type: "scaffolding.recovery", step, strippedChars: summary.strippedChars });
              carried = addUsage(carried, summary.usage);
              const recoveryBody: JsonObject = { ...body, messages: [...(body.messages as JsonObject[])] };
              protocol.prepareToolless(recoveryBody, decision.correctionLine);
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
