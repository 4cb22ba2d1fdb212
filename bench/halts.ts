/**
 * `npm run bench -- halts [--events N] [--seconds S]`
 *
 * 1. POST /api/halts/check with 50 concurrent clients over real HTTP: throughput and p99, against
 *    GET /api/health on the same server as the baseline (what the HTTP + auth stack alone costs).
 * 2. GET /api/halts first page (50 newest, with total and unacknowledged counts) with N events in the
 *    table (default 1,000,000): p50 / p99, unfiltered and filtered, against the same query on 1,000 events.
 * The route handlers run behind a node:http server in this process (tests/fixtures/route-server.ts).
 */

import * as checkRoute from "@/app/api/halts/check/route";
import * as haltsRoute from "@/app/api/halts/route";
import * as healthRoute from "@/app/api/health/route";
import * as sessionsRoute from "@/app/api/sessions/route";
import { createAgentKey, createPersonalToken } from "@/lib/auth/api-keys";
import { createUser } from "@/lib/auth/users";
import { ARCHIVE_AFTER_DAYS, archiveOldHalts } from "@/lib/halts/escalation/halt-escalation";
import { haltCheckBody } from "./support/halt-check-body";
import { loadTest } from "./support/load-test";
import { option } from "./support/options";
import { openRouteBench } from "./support/route-bench";
import { summarize } from "./support/stats";
import { insertSyntheticHalts } from "./support/synthetic-halts";

export async function run(args: string[]) {
  const events = option(args, "--events", 1_000_000, 10_000_000, 2_000);
  const seconds = option(args, "--seconds", 10, 120, 1);
  const bench = await openRouteBench({
    "/api/health": { GET: healthRoute.GET },
    "/api/halts/check": { POST: checkRoute.POST },
    "/api/halts": { GET: haltsRoute.GET },
    "/api/sessions": { POST: sessionsRoute.POST },
  });
  const { database, prisma, server } = bench;
  try {
    const user = await createUser(prisma, {
      username: "bench-viewer",
      password: "bench password 123",
      role: "viewer",
    });
    const viewer = `Bearer ${(await createPersonalToken(prisma, { userId: user.id, name: "bench" })).token}`;
    const agent = `Bearer ${(await createAgentKey(prisma, { name: "bench-agent", scopes: ["halts:read", "halts:write"], createdByUserId: null })).token}`;
    const session = (await (
      await fetch(`${server.url}/api/sessions`, { method: "POST", headers: { authorization: agent } })
    ).json()) as {
      session_id: string;
      session_token: string;
    };

    const load = { concurrency: 50, durationMs: seconds * 1000 };
    const health = await loadTest(() => fetch(`${server.url}/api/health`), load);
    const body = haltCheckBody(session.session_token);
    const check = await loadTest(
      () =>
        fetch(`${server.url}/api/halts/check`, {
          method: "POST",
          headers: { authorization: agent, "content-type": "application/json" },
          body,
        }),
      load,
    );

    const firstPage = async (query: string, samples = 200) => {
      const latencies: number[] = [];
      for (let sample = 0; sample < samples; sample++) {
        const begin = performance.now();
        const response = await fetch(`${server.url}/api/halts?limit=50${query}`, {
          headers: { authorization: viewer },
        });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`GET /api/halts answered ${response.status}`);
        latencies.push(performance.now() - begin);
      }
      return summarize(latencies);
    };

    await insertSyntheticHalts(database.url, session.session_id, 1_000);
    // A second session with few events: the session filter as an operator uses it (one agent's session).
    const fewSession = (await (
      await fetch(`${server.url}/api/sessions`, { method: "POST", headers: { authorization: agent } })
    ).json()) as { session_id: string };
    await insertSyntheticHalts(database.url, fewSession.session_id, 1_000);
    const lastHour = encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString());
    // The console's filters one by one, two of them together, and the text search (one phrase that
    // matches a few events, one that matches none, one that every event has).
    const pages = async () => ({
      unfiltered: await firstPage(""),
      unacknowledged: await firstPage("&acknowledged=false"),
      severityCritical: await firstPage("&severity=critical"),
      typeSecurity: await firstPage("&halt_type=security"),
      unacknowledgedCritical: await firstPage("&acknowledged=false&severity=critical"),
      acknowledged: await firstPage("&acknowledged=true"),
      sessionFewEvents: await firstPage(`&session_id=${fewSession.session_id}`),
      sessionIdPrefix: await firstPage(`&session_id=${session.session_id.slice(0, 8)}`),
      lastHour: await firstPage(`&from=${lastHour}`),
      searchMatch: await firstPage(`&q=${encodeURIComponent("number 4242")}`, 50),
      searchNoMatch: await firstPage("&q=zzqxnomatch", 50),
      // A phrase every event has: more than HALT_COUNT_CAP matches, found by walking the newest events.
      searchCommon: await firstPage(`&q=${encodeURIComponent("synthetic halt")}`, 50),
    });
    const healthSequential = async (samples = 200) => {
      const latencies: number[] = [];
      for (let sample = 0; sample < samples; sample++) {
        const begin = performance.now();
        await (await fetch(`${server.url}/api/health`)).arrayBuffer();
        latencies.push(performance.now() - begin);
      }
      return summarize(latencies);
    };
    const small = await pages();
    const seedStarted = performance.now();
    await insertSyntheticHalts(database.url, session.session_id, events - 1_000);
    const seedSeconds = Math.round((performance.now() - seedStarted) / 1000);
    const large = await pages();
    const healthAfterSeed = await healthSequential();
    // The archive job (lib/halts/escalation): 100,000 more events past the 90 days, moved by the job
    // (with 10,000,000 events one per second, the oldest 2.2 million are past them too and move as well).
    // (--quick: as many as the seeded events, so the stage stays in seconds)
    await insertSyntheticHalts(database.url, fewSession.session_id, Math.min(100_000, events), {
      olderThanSeconds: (ARCHIVE_AFTER_DAYS + 30) * 86_400,
    });
    const archiveStarted = performance.now();
    const archivedRows = await archiveOldHalts(prisma);
    const archiveSeconds = (performance.now() - archiveStarted) / 1000;

    const rate = (result: { latencies: number[]; seconds: number }) =>
      Math.round(result.latencies.length / result.seconds);
    return {
      benchmark:
        "halts: check throughput under 50 concurrent clients; first page of the list with many events",
      check: {
        concurrency: 50,
        requestsPerSecond: rate(check),
        errors: check.errors,
        latencyMs: summarize(check.latencies),
        baselineHealth: { requestsPerSecond: rate(health), latencyMs: summarize(health.latencies) },
        throughputRatioToHealth: Math.round((rate(check) / rate(health)) * 100) / 100,
      },
      listFirstPage: {
        events,
        seedSeconds,
        healthSameRunMs: healthAfterSeed,
        latencyMs: large,
        baselineWith1000Events: small,
        p99RatioToBaseline: Math.round((large.unfiltered.p99 / small.unfiltered.p99) * 10) / 10,
        targetP99Ms: { firstPage: 50, textSearch: 150 },
      },
      archive: {
        rows: archivedRows,
        seconds: Math.round(archiveSeconds * 10) / 10,
        rowsPerSecond: Math.round(archivedRows / archiveSeconds),
      },
    };
  } finally {
    await bench.close();
  }
}
