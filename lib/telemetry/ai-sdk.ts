/**
 * The AI SDK's side: model calls measured for the metrics (duration and tokens by provider) by a small
 * telemetry integration, and, while tracing is on, traced by the SDK's own OpenTelemetry integration
 * (`@ai-sdk/otel`: `invoke_agent` / `chat` / `execute_tool` spans with the GenAI semantic conventions:
 * gen_ai.request.model, gen_ai.usage.input_tokens / output_tokens, gen_ai.response.finish_reasons, ...).
 *
 * Content: the SDK records prompts, instructions, tool definitions and outputs by default. Unless
 * KEEL_OTEL_CAPTURE_CONTENT=true, every event reaches the OpenTelemetry integration with
 * `recordInputs: false, recordOutputs: false`, so it writes none of them (only model, usage, finish
 * reason, ids and timings).
 */
import { OpenTelemetry } from "@ai-sdk/otel";
import type { Tracer } from "@opentelemetry/api";
import { registerTelemetry, type Telemetry } from "ai";
import { observeModelCall } from "./metrics";

/** Model call duration and tokens by provider, into the process histograms. */
export const modelCallMetrics: Telemetry = {
  onLanguageModelCallEnd(event) {
    observeModelCall(event.provider, (event.performance?.responseTimeMs ?? 0) / 1000, event.usage);
  },
};

/**
 * Forwards every callback of `inner` with content recording switched off (the flags the integration
 * reads per event). Wrapping keeps the call sites free of per-call telemetry options.
 */
export function withoutContent(inner: Telemetry): Telemetry {
  return new Proxy(inner, {
    get(target, property, receiver) {
      const member = Reflect.get(target, property, receiver);
      if (typeof member !== "function" || typeof property !== "string") return member;
      if (property === "executeLanguageModelCall" || property === "executeTool" || property === "onError")
        return member.bind(target);
      return (event: unknown, ...rest: unknown[]) =>
        member.call(
          target,
          event && typeof event === "object"
            ? { ...event, recordInputs: false, recordOutputs: false }
            : event,
          ...rest,
        );
    },
  });
}

const KEY = Symbol.for("keel.telemetry.aiSdkRegistered");
const globalStore = globalThis as unknown as Record<symbol, boolean | undefined>;

/** Registers the integrations once per process (the SDK keeps them on globalThis). */
export function registerAiSdkTelemetry(options: { tracer: Tracer | null; captureContent: boolean }): void {
  if (globalStore[KEY]) return;
  globalStore[KEY] = true;
  const integrations: Telemetry[] = [modelCallMetrics];
  if (options.tracer) {
    const otel = new OpenTelemetry({ tracer: options.tracer, agentSpanName: "functionId" });
    integrations.push(options.captureContent ? otel : withoutContent(otel));
  }
  registerTelemetry(...integrations);
}
