/**
 * `npm run bench -- tracing [--seconds S] [--rounds R]`
 *
 * What tracing costs on the hottest route: POST /api/halts/check with 50 concurrent clients over real
 * HTTP, alternately with tracing off (no OTLP endpoint: the SDK is not started) and on (every request
 * sampled, spans batched and exported over OTLP http/protobuf to a receiver in this process), R rounds of
 * S seconds each (default 3 x 5 s, alternating so drift of a busy host hits both sides). Prints both
 * throughputs and the cost: 1 - on / off (target: under 5 %).
 */
import * as checkRoute from "@/app/api/halts/check/route";
import * as sessionsRoute from "@/app/api/sessions/route";
import { createAgentKey } from "@/lib/auth/api-keys";
import { createPrismaClient } from "@/lib/db/client";
import { startTelemetry } from "@/lib/telemetry/setup";
import { startOtlpReceiver } from "../tests/fixtures/otlp-receiver";
import { serveRoutes } from "../tests/fixtures/route-server";
import { openBenchDatabase } from "./support/bench-database";
import { haltCheckBody } from "./support/halt-check-body";
import { loadTest } from "./support/load-test";
import { option } from "./support/options";
import { summarize } from "./support/stats";

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

    const off: { latencies: number[]; seconds: number; errors: number }[] = [];
    const on: typeof off = [];
    for (let round = 0; round < rounds; round++) {
      off.push(await loadTest(check, load));
      Object.assign(process.env, tracingEnv); // the exporter reads its endpoint from the environment
      const telemetry = await startTelemetry("bench");
      if (!telemetry.tracing) throw new Error("tracing did not start");
      on.push(await loadTest(check, load));
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
    };
  } finally {
    await server.close();
    await receiver.close();
    await prisma.$disconnect();
    await database.close();
  }
}
