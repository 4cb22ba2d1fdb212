/**
 * `npm run bench -- check [--seconds S] [--connections C] [--rounds R]`
 *
 * POST /api/halts/check against GET /api/health on the same server, both driven by autocannon with C
 * (default 50) connections for S (default 10) seconds each, in one run of R (default 5) alternating
 * rounds: requests per second, p50 / p99 /
 * max latency, non-2xx answers, and the ratios check/health. The route handlers run behind a node:http
 * server in this process (tests/fixtures/route-server.ts) on a throwaway migrated database. The check
 * body is a clean one (nothing to auto-record), like an agent's routine check before a step.
 */
import autocannon from "autocannon";
import * as checkRoute from "@/app/api/halts/check/route";
import * as healthRoute from "@/app/api/health/route";
import * as sessionsRoute from "@/app/api/sessions/route";
import { createAgentKey } from "@/lib/auth/api-keys";
import { haltCheckBody } from "./support/halt-check-body";
import { option } from "./support/options";
import { openRouteBench } from "./support/route-bench";

type Measured = Awaited<ReturnType<typeof autocannon>>;

/**
 * The rounds of one endpoint added up: requests per second over all rounds, latency percentiles
 * weighted by each round's requests (autocannon reports percentiles per run).
 */
function combine(runs: Measured[]) {
  const requests = runs.reduce((sum, run) => sum + run.requests.total, 0);
  const seconds = runs.reduce((sum, run) => sum + run.duration, 0);
  const weighted = (pick: (run: Measured) => number) =>
    Math.round(runs.reduce((sum, run) => sum + pick(run) * run.requests.total, 0) / Math.max(1, requests));
  return {
    requestsPerSecond: Math.round(requests / seconds),
    requests,
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    timeouts: runs.reduce((sum, run) => sum + run.timeouts, 0),
    latencyMs: {
      p50: weighted((run) => run.latency.p50),
      p99: weighted((run) => run.latency.p99),
      max: Math.max(...runs.map((run) => run.latency.max)),
    },
  };
}

export async function run(args: string[]) {
  const seconds = option(args, "--seconds", 10, 120, 1);
  const connections = option(args, "--connections", 50, 500, 10);
  const rounds = option(args, "--rounds", 5, 60, 1);
  const bench = await openRouteBench({
    "/api/health": { GET: healthRoute.GET },
    "/api/halts/check": { POST: checkRoute.POST },
    "/api/sessions": { POST: sessionsRoute.POST },
  });
  const { prisma, server } = bench;
  try {
    const agent = `Bearer ${(await createAgentKey(prisma, { name: "bench-agent", scopes: ["halts:read", "halts:write"], createdByUserId: null })).token}`;
    const opened = await fetch(`${server.url}/api/sessions`, {
      method: "POST",
      headers: { authorization: agent },
    });
    const session = (await opened.json()) as { session_token: string };
    const base = { connections, duration: seconds, timeout: 10 };
    // Warm both paths (pools, caches, JIT) before measuring.
    await autocannon({ ...base, url: `${server.url}/api/health`, duration: 2 });
    const checkOptions = {
      ...base,
      url: `${server.url}/api/halts/check`,
      method: "POST" as const,
      headers: { authorization: agent, "content-type": "application/json" },
      body: haltCheckBody(session.session_token),
    };
    await autocannon({ ...checkOptions, duration: 2 });
    // Alternating rounds (health, check, health, check ...): on a shared host the load drifts, and
    // one long run of each would compare different moments.
    const roundSeconds = Math.max(1, Math.round(seconds / rounds));
    const healthRuns: Measured[] = [];
    const checkRuns: Measured[] = [];
    for (let round = 0; round < rounds; round++) {
      healthRuns.push(await autocannon({ ...base, duration: roundSeconds, url: `${server.url}/api/health` }));
      checkRuns.push(await autocannon({ ...checkOptions, duration: roundSeconds }));
    }
    const health = combine(healthRuns);
    const check = combine(checkRuns);
    return {
      benchmark: `halts/check against health, ${connections} connections, ${seconds} s each in ${rounds} alternating rounds (autocannon)`,
      health,
      check,
      throughputRatioToHealth: Math.round((check.requestsPerSecond / health.requestsPerSecond) * 100) / 100,
      p99RatioToHealth: Math.round((check.latencyMs.p99 / Math.max(1, health.latencyMs.p99)) * 100) / 100,
      target: { throughputRatioToHealth: ">= 0.8", p99RatioToHealth: "<= 1.5" },
    };
  } finally {
    await bench.close();
  }
}
