/**
 * Tracing on for one test file: an in-process OTLP receiver, the OTEL_* variables pointing at it, the
 * process's telemetry started (lib/telemetry/setup.ts). `stop()` exports what is buffered, stops both and
 * restores the environment.
 */
import { startTelemetry, type TelemetryHandle } from "@/lib/telemetry/setup";
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from "@/tests/fixtures/otlp-receiver";

export interface TracedProcess {
  receiver: OtlpReceiver;
  telemetry: TelemetryHandle;
  /** Flushes the exporter until `predicate` holds for the received spans (20 s at most). */
  spansUntil(predicate: (spans: ReceivedSpan[]) => boolean): Promise<ReceivedSpan[]>;
  stop(): Promise<void>;
}

/** `env(receiverUrl)`: the OTEL_* variables to set (endpoint, protocol, ...). */
export async function startTracing(
  env: (receiverUrl: string) => Record<string, string>,
): Promise<TracedProcess> {
  const receiver = await startOtlpReceiver();
  const variables = env(receiver.url);
  const saved = Object.fromEntries(Object.keys(variables).map((name) => [name, process.env[name]]));
  Object.assign(process.env, variables);
  const telemetry = await startTelemetry("test");
  return {
    receiver,
    telemetry,
    async spansUntil(predicate) {
      const deadline = Date.now() + 20_000;
      for (;;) {
        await telemetry.flush();
        const spans = receiver.spans();
        if (predicate(spans)) return spans;
        if (Date.now() > deadline)
          throw new Error(`expected spans not exported; got: ${spans.map((span) => span.name).join(", ")}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stop() {
      await telemetry.shutdown();
      await receiver.close();
      for (const [name, value] of Object.entries(saved))
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
    },
  };
}

/** Opens an agent session with `headers` (an agent key with halts:write) and returns its token. */
export async function openSessionToken(baseUrl: string, headers: Record<string, string>): Promise<string> {
  const response = await fetch(`${baseUrl}/api/sessions`, { method: "POST", headers });
  if (response.status !== 201) throw new Error(`POST /api/sessions answered ${response.status}`);
  return ((await response.json()) as { session_token: string }).session_token;
}
