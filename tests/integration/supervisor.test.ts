/**
 * Crash and hang tests against the real `npm start` supervisor (node scripts/start.mjs) on its own
 * embedded PostgreSQL, with real signals:
 *   - kill -9 of postgres, of the database launcher, of the web process and of the agent runtime, each in
 *     turn under a steady write load: Keel answers /api/health again by itself, POST /api/halts/check
 *     answers its fail-safe (503, should_halt) while the database is away, and every write acknowledged
 *     (201) before or during the fault is still in the database afterwards;
 *   - SIGSTOP of every postgres process: halts/check still answers, fail-safe (once the caches of its key
 *     and session have noticed the hang, about two seconds), well inside a 10 s client timeout (the
 *     route's own budget is 1.5 s), and Keel recovers after SIGCONT;
 *   - kill -9 of the agent runtime in the middle of a run (the model call hangs on a local fake model
 *     server): the run's lease lapses and another runtime incarnation re-queues it;
 *   - a clean SIGTERM still stops everything (exit code 0, no postgres left);
 *   - a crash loop (the agent refuses its configuration at every start) ends with a clear message and
 *     exit code 1 after the bounded number of restarts.
 * Ports: KEEL_SUPERVISOR_TEST_PORT / KEEL_SUPERVISOR_TEST_DB_PORT (and the next port up for the crash-loop
 * instance) when set, else free ports picked by the OS. The first start builds the web app if needed.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPersonalToken } from "@/lib/auth/api-keys";
import { createUser } from "@/lib/auth/users";
import { createPrismaClient } from "@/lib/db/client";
import { readEmbeddedDatabaseUrl } from "@/lib/db/embedded-postgres";
import {
  type ChildName,
  haltCheck,
  lostWrites,
  type SupervisedKeel,
  startSupervisedKeel,
  startWriteLoad,
  until,
  writeOnce,
} from "../fixtures/supervised-keel";

const BUILD_AND_START_MS = 600_000;
const RECOVERY_MS = 120_000;
const LEASE_MS = 6_000;

const envPort = (name: string, offset = 0) =>
  process.env[name] ? Number(process.env[name]) + offset : undefined;

/** A model endpoint that accepts chat requests and never answers them (a run stays mid-call). */
async function startHangingModel() {
  let requests = 0;
  const open = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    requests += 1;
    request.resume();
    open.add(response);
    response.on("close", () => open.delete(response));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests: () => requests,
    async close() {
      for (const response of open) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.sequential("npm start supervision", () => {
  let keel: SupervisedKeel;
  let agentToken: string;
  let operatorToken: string;
  let sessionToken: string;
  let model: Awaited<ReturnType<typeof startHangingModel>>;
  const acknowledged: string[] = [];

  beforeAll(async () => {
    model = await startHangingModel();
    keel = await startSupervisedKeel({
      dataDir: ".data/supervisor-test",
      port: envPort("KEEL_SUPERVISOR_TEST_PORT"),
      dbPort: envPort("KEEL_SUPERVISOR_TEST_DB_PORT"),
      env: {
        KEEL_RUN_LEASE_MS: String(LEASE_MS),
        KEEL_MODEL: `openai-compatible:${model.url}#hanging-model`,
        KEEL_RUN_CONCURRENCY: "1",
      },
    });
    await keel.waitHealthy(BUILD_AND_START_MS);
    agentToken = await keel.agentToken();
    const url = (await readEmbeddedDatabaseUrl(keel.dataDir))!;
    const database = createPrismaClient(url);
    try {
      const user = await createUser(database, {
        username: "chaos-operator",
        password: "chaos-operator-pw-1",
        role: "operator",
      });
      operatorToken = (await createPersonalToken(database, { userId: user.id, name: "chaos" })).token;
    } finally {
      await database.$disconnect();
    }
    const opened = await fetch(`${keel.baseUrl}/api/sessions`, {
      method: "POST",
      headers: { authorization: `Bearer ${agentToken}` },
    });
    expect(opened.status).toBe(201);
    sessionToken = ((await opened.json()) as { session_token: string }).session_token;
  }, BUILD_AND_START_MS + 60_000);

  afterAll(async () => {
    if (keel) {
      const code = await keel.stop();
      if (code !== 0) process.stderr.write(`${keel.output.slice(-40).join("\n")}\n`);
    }
    await model?.close();
  }, 120_000);

  /** GET /api/events, read into a growing text until closed. */
  async function openEventStream() {
    const controller = new AbortController();
    const response = await fetch(`${keel.baseUrl}/api/events`, {
      headers: { authorization: `Bearer ${operatorToken}` },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    let text = "";
    const decoder = new TextDecoder();
    const reader = response.body!.getReader();
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          text += decoder.decode(value, { stream: true });
        }
      } catch {
        // closed
      }
    })();
    return { text: () => text, close: () => controller.abort() };
  }

  const check = () =>
    haltCheck(keel.baseUrl, agentToken, {
      session_token: sessionToken,
      current_context: { operation: "ls" },
    });

  /** Kills `name` with SIGKILL under a write load; returns the halts/check answers seen meanwhile. */
  async function killUnderLoad(name: ChildName) {
    const load = startWriteLoad(keel.baseUrl, agentToken, 100);
    await until("writes before the fault", 60_000, async () =>
      load.acknowledged.length >= 5 ? true : undefined,
    );
    const pid = keel.pidOf(name);
    expect(pid, `${name} pid`).not.toBeNull();
    const from = keel.output.length;
    process.kill(pid!, "SIGKILL");
    const answers: { status: number; body: Record<string, unknown> }[] = [];
    const databaseChild = name === "db" || name === "postgres";
    await until(`a restart of ${name}`, RECOVERY_MS, async () => {
      const answer = await check();
      if (answer) answers.push(answer);
      const lines = keel.output.slice(from);
      const restarted =
        lines.some((line) => /restarting it in/.test(line)) &&
        (!databaseChild || lines.some((line) => /The embedded PostgreSQL is back/.test(line)));
      const current = keel.pidOf(name);
      return restarted && current !== null && current !== pid && answer?.status === 200 ? true : undefined;
    });
    await keel.waitHealthy(RECOVERY_MS);
    // The load runs on until a write after the recovery is acknowledged too.
    const before = load.acknowledged.length;
    await until("a write after recovery", RECOVERY_MS, async () =>
      load.acknowledged.length > before ? true : undefined,
    );
    await load.stop();
    acknowledged.push(...load.acknowledged);
    expect(await lostWrites(keel, load.acknowledged)).toBe(0);
    expect(keel.process.exitCode).toBeNull();
    return answers;
  }

  it("kill -9 of postgres: halts/check fails safe meanwhile, Keel recovers, no acknowledged write is lost", async () => {
    // A console stream open across the outage: its LISTEN connections re-subscribe and say `resync`.
    const events = await openEventStream();
    await until("the stream's first resync", RECOVERY_MS, async () =>
      events.text().includes("event: resync") ? true : undefined,
    );
    const seen = events.text().length;
    const answers = await killUnderLoad("postgres");
    await until("a resync after the restart", RECOVERY_MS, async () =>
      events.text().slice(seen).includes("event: resync") ? true : undefined,
    );
    events.close();
    const failSafe = answers.filter((answer) => answer.status === 503);
    expect(failSafe.length).toBeGreaterThan(0);
    for (const answer of failSafe) {
      expect(answer.body).toMatchObject({ should_halt: true, highest_severity: "critical" });
      expect((answer.body.error as { code: string }).code).toMatch(
        /database_unavailable|service_unavailable/,
      );
      expect(JSON.stringify(answer.body)).not.toMatch(/prisma|invocation|ECONNREFUSED|Code:|postgres/i);
    }
    // Every answer was a clean 200 or the fail-safe: never a hang or another error.
    expect(answers.every((answer) => answer.status === 200 || answer.status === 503)).toBe(true);
  }, 240_000);

  it("kill -9 of the database launcher: its orphan postgres is stopped and a new one started", async () => {
    await killUnderLoad("db");
  }, 240_000);

  it("kill -9 of the web process: a new one answers again", async () => {
    const before = keel.pidOf("web");
    await killUnderLoad("web");
    expect(keel.pidOf("web")).not.toBe(before);
  }, 240_000);

  it("kill -9 of the agent runtime mid-run: the run's lease lapses and it is re-queued", async () => {
    const created = await fetch(`${keel.baseUrl}/api/runs`, {
      method: "POST",
      headers: { authorization: `Bearer ${operatorToken}`, "content-type": "application/json" },
      body: JSON.stringify({ task: "Say hello.", kind: "job", locale: "en" }),
    });
    expect(created.status).toBe(201);
    const runId = ((await created.json()) as { id: string }).id;
    const runtimeOf = () =>
      keel.withDatabase(async (client) => {
        const row = await client.query<{ status: string; runtime_id: string | null }>(
          "select status::text, runtime_id::text from agent_runs where id = $1",
          [runId],
        );
        return row.rows[0];
      });
    // Mid-run: claimed, and its model call is waiting on the hanging model.
    const first = await until("the run to be running", RECOVERY_MS, async () => {
      const row = await runtimeOf();
      return row?.status === "running" && model.requests() > 0 ? row : undefined;
    });
    await killUnderLoad("agent");
    const lapsed = await until("the lease to lapse", LEASE_MS * 4 + RECOVERY_MS, () =>
      keel.withDatabase(async (client) => {
        const events = await client.query<{ data: { action: string; runtime: string } }>(
          "select data from run_events where run_id = $1 and type = 'run.lease_lapsed'",
          [runId],
        );
        return events.rows[0]?.data;
      }),
    );
    expect(lapsed).toMatchObject({ action: "requeued", runtime: first.runtime_id });
    // The new runtime picked the re-queued run up again (its model call hangs again).
    await until("the run to run again on the new runtime", RECOVERY_MS, async () => {
      const row = await runtimeOf();
      return row?.status === "running" && row.runtime_id !== first.runtime_id ? true : undefined;
    });
  }, 360_000);

  it("SIGSTOP of postgres: halts/check answers its fail-safe within the client timeout, Keel recovers after SIGCONT", async () => {
    const written = await writeOnce(keel.baseUrl, agentToken);
    expect(written).not.toBeNull();
    acknowledged.push(written!);
    const stopped = keel.clusterPids();
    expect(stopped.length).toBeGreaterThan(1);
    for (const pid of stopped) process.kill(pid, "SIGSTOP");
    try {
      // The check's key and session may be in memory (lib/cache/notify-keyed-cache.ts): their LISTEN
      // connections are probed every second, so for about two seconds after the database hangs a clean
      // check may still be answered from memory; from then on every check waits on the database.
      await until("halts/check to answer its fail-safe", 30_000, async () =>
        (await check())?.body.should_halt === true ? true : undefined,
      );
      for (let attempt = 0; attempt < 3; attempt++) {
        const answer = await check(); // 10 s client timeout; the route's budget is 1.5 s
        expect(answer, "halts/check answered").not.toBeNull();
        // 503 when the route's budget ran out (authentication waits on the database too); 200 when
        // the caller was authenticated and the check's own budget ran out: both are the fail-safe.
        expect([200, 503]).toContain(answer!.status);
        expect(answer!.body).toMatchObject({ should_halt: true, highest_severity: "critical" });
        expect(JSON.stringify(answer!.body)).toContain("Halt check failed: ");
        expect(JSON.stringify(answer!.body)).not.toMatch(/prisma|invocation|timeout exceeded|Code:/i);
      }
      const health = await fetch(`${keel.baseUrl}/api/health`, { signal: AbortSignal.timeout(10_000) });
      expect(health.status).toBe(503);
    } finally {
      for (const pid of stopped) {
        try {
          process.kill(pid, "SIGCONT");
        } catch {
          // gone
        }
      }
    }
    await keel.waitHealthy(RECOVERY_MS);
    await until("halts/check to answer normally again", RECOVERY_MS, async () =>
      (await check())?.status === 200 ? true : undefined,
    );
    const after = await until("a write after SIGCONT", RECOVERY_MS, () =>
      writeOnce(keel.baseUrl, agentToken).then((id) => id ?? undefined),
    );
    acknowledged.push(after);
    expect(await lostWrites(keel, acknowledged)).toBe(0);
  }, 240_000);

  it("a NUL byte that the database refuses gets no database internals back", async () => {
    const answer = await haltCheck(keel.baseUrl, agentToken, {
      session_token: sessionToken,
      task_id: "task\u0000nul",
      current_context: { operation: "ls" },
    });
    expect(answer).not.toBeNull();
    expect(JSON.stringify(answer!.body)).not.toMatch(/prisma|invocation|22021|Code:|UTF8|byte sequence/i);
    if (answer!.status === 200) expect(answer!.body.should_halt).toBe(true);
  }, 60_000);

  it("SIGTERM still stops everything cleanly", async () => {
    const postmaster = keel.pidOf("postgres");
    expect(await keel.stop()).toBe(0);
    expect(postmaster).not.toBeNull();
    await until("postgres to be gone", 30_000, async () => {
      try {
        process.kill(postmaster!, 0);
        return undefined;
      } catch {
        return true;
      }
    });
  }, 120_000);
});

describe("npm start crash loop", () => {
  it(
    "gives up after the bounded number of restarts with a clear message and exit code 1",
    async () => {
      const keel = await startSupervisedKeel({
        dataDir: ".data/supervisor-loop-test",
        port: envPort("KEEL_SUPERVISOR_TEST_PORT", 1),
        dbPort: envPort("KEEL_SUPERVISOR_TEST_DB_PORT", 1),
        // The agent refuses this at every start (exit code 1): a crash loop that needs no test hook.
        env: { KEEL_RUN_CONCURRENCY: "99", KEEL_RESTART_LIMIT: "2", KEEL_RESTART_WINDOW_S: "600" },
      });
      try {
        const code = await Promise.race([
          keel.exited,
          new Promise((resolve) => setTimeout(() => resolve("still running"), BUILD_AND_START_MS)),
        ]);
        expect(code).toBe(1);
        const text = keel.output.join("\n");
        expect(text).toMatch(
          /\[keel\] agent exited unexpectedly \(code 1, signal null\); restarting it in 0\.5 s/,
        );
        expect(text).toMatch(/\[keel\] agent crashed 3 times within 600 s .*giving up and stopping Keel/);
        expect(text).toMatch(/\[keel\] Stopped\./);
      } finally {
        await keel.stop();
      }
    },
    BUILD_AND_START_MS + 120_000,
  );
});
