/**
 * `npm run bench -- tracing [--seconds S] [--rounds R]`
 *
 * What tracing costs on the hottest route: POST /api/halts/check with 50 concurrent clients over real
 * HTTP, alternately with tracing off (no OTLP endpoint: the SDK is not started) and on (every request
 * sampled, spans batched and exported over OTLP http/protobuf to a receiver in this process), R rounds of
 * S seconds each (default 3 x 5 s, alternating so drift of a busy host hits both sides). Prints both
 * throughputs and the cost: 1 - on / off (target: under 5 %). Also, in process without I/O, the CPU
 * time the instrumentation of one halt check takes (request span + halt-check span + histograms, with a
 * handler that does nothing), off and on: the part of the cost that does not drown in a busy host's noise.
 */
import * as checkRoute from "@/app/api/halts/check/route";
import * as sessionsRoute from "@/app/api/sessions/route";
import { createAgentKey } from "@/lib/auth/api-keys";
import { createPrismaClient } from "@/lib/db/client";
import type { CheckHaltConditionsOutput } from "@/lib/schemas/halts";
import { observeHaltCheck } from "@/lib/telemetry/halt-check";
import { observeRequest } from "@/lib/telemetry/request";
import { startTelemetry } from "@/lib/telemetry/setup";
import { startOtlpReceiver } from "../tests/fixtures/otlp-receiver";
import { serveRoutes } from "../tests/fixtures/route-server";
import { openBenchDatabase } from "./support/bench-database";
import { haltCheckBody } from "./support/halt-check-body";
import { loadTest } from "./support/load-test";
import { option } from "./support/options";
import { summarize } from "./support/stats";

const CONTINUE: CheckHaltConditionsOutput = {
  should_halt: false,
  halt_reasons: [],
  highest_severity: "low",
  recommended_action: "Proceed.",
};

/** Microseconds per instrumented no-op halt check (median of 5 batches of `iterations`). */
async function instrumentationMicros(iterations: number): Promise<number> {
  const request = new Request("http://127.0.0.1/api/halts/check", { method: "POST" });
  const handle = () =>
    observeRequest(request, async () => {
      await observeHaltCheck(async () => CONTINUE);
      return new Response(null, { status: 200 });
    });
  const batches: number[] = [];
  for (let batch = 0; batch < 5; batch++) {
    const started = performance.now();
    for (let index = 0; index < iterations; index++) await handle();
    batches.push(((performance.now() - started) * 1000) / iterations);
  }
  return Math.round(batches.sort((a, b) => a - b)[2]! * 10) / 10;
}

export async function run(args: string[]) {
  const seconds = option(args, "--seconds", 5, 120);
  const rounds = option(args, "--rounds", 3, 20);
  for (const name of Object.keys(process.env)) if (name.startsWith("OTEL_")) delete process.env[name];
  const database = await openBenchDatabase();
  process.env.DATABASE_URL = database.url;
  const prisma = createPrismaClient(database.url);
  const receiver = await startOtlpReceiver({ keepBodies: false });
  const server = await serveRoutes({
    "/api/halts/check": { POST: checkRoute.POST },
    "/api/sessions": { POST: sessionsRoute.POST },
  });
  const tracingEnv = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_SERVICE_NAME: "keel-bench" };
  try {
    const agent = `Bearer ${(await createAgentKey(prisma, { name: "bench-agent", scopes: ["halts:read", "halts:write"], createdByUserId: null })).token}`;
    const session = (await (
      await fetch(`${server.url}/api/sessions`, { method: "POST", headers: { authorization: agent } })
    ).json()) as { session_token: string };
    const body = haltCheckBody(session.session_token);
    const check = () =>
      fetch(`${server.url}/api/halts/check`, {
        method: "POST",
        headers: { authorization: agent, "content-type": "application/json" },
        body,
      });
    const load = { concurrency: 50, durationMs: seconds * 1000 };
    await loadTest(check, { concurrency: 50, durationMs: 2_000 }); // warm-up (JIT, pools, caches)

    const micro = { off: [] as number[], on: [] as number[] };
    micro.off.push(await instrumentationMicros(5_000)); // warm-up, discarded
    micro.off.length = 0;
    const off: { latencies: number[]; seconds: number; errors: number }[] = [];
    const on: typeof off = [];
    for (let round = 0; round < rounds; round++) {
      off.push(await loadTest(check, load));
      micro.off.push(await instrumentationMicros(20_000));
      Object.assign(process.env, tracingEnv); // the exporter reads its endpoint from the environment
      const telemetry = await startTelemetry("bench");
      if (!telemetry.tracing) throw new Error("tracing did not start");
      on.push(await loadTest(check, load));
      micro.on.push(await instrumentationMicros(20_000));
      await telemetry.shutdown(); // exports what is still buffered
      for (const name of Object.keys(tracingEnv)) delete process.env[name];
    }

    const total = (results: typeof off) => {
      const latencies = results.flatMap((result) => result.latencies);
      const time = results.reduce((sum, result) => sum + result.seconds, 0);
      return {
        requestsPerSecond: Math.round(latencies.length / time),
        errors: results.reduce((sum, result) => sum + result.errors, 0),
        latencyMs: summarize(latencies),
        perRound: results.map((result) => Math.round(result.latencies.length / result.seconds)),
      };
    };
    const tracingOff = total(off);
    const tracingOn = total(on);
    return {
      benchmark:
        "tracing: POST /api/halts/check throughput under 50 concurrent clients, tracing off vs on (every request sampled, exported over OTLP http/protobuf)",
      rounds,
      secondsPerRound: seconds,
      tracingOff,
      tracingOn,
      exported: { requests: receiver.received.requests, bytes: receiver.received.bytes },
      throughputRatioOnToOff:
        Math.round((tracingOn.requestsPerSecond / tracingOff.requestsPerSecond) * 1000) / 1000,
      costPercent: Math.round((1 - tracingOn.requestsPerSecond / tracingOff.requestsPerSecond) * 1000) / 10,
      instrumentationPerCheck: {
        microsecondsOff: micro.off,
        microsecondsOn: micro.on,
        addedMicroseconds: Math.round((Math.min(...micro.on) - Math.min(...micro.off)) * 10) / 10,
        addedPercentOfMedianCheckLatency:
          Math.round(
            ((Math.min(...micro.on) - Math.min(...micro.off)) / 1000 / tracingOff.latencyMs.median) * 100_000,
          ) / 1000,
      },
    };
  } finally {
    await server.close();
    await receiver.close();
    await prisma.$disconnect();
    await database.close();
  }
}
