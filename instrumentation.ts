/**
 * Next.js instrumentation hook: starts the web process's telemetry (lib/telemetry/setup.ts) once at
 * server start, in the Node.js runtime only. Traces are exported only when an OTLP endpoint variable is
 * set (docs/observability.md); otherwise nothing is started.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startTelemetry } = await import("./lib/telemetry/setup");
  await startTelemetry("web");
}
