/**
 * The scaled-out topology of docs/deployment.md with real processes: one PostgreSQL, two web processes
 * (`npm run start:web`) and two agent runtimes (`npm run start:agent`) on it, after `npm run
 * deploy:prepare`, exactly as that document starts them. It proves that
 *   - the processes start at once without racing on the migrations (advisory lock);
 *   - a session cookie issued by web A works on web B;
 *   - a switch changed through web A is applied by both runtimes (NOTIFY) and web B says "applied by 2";
 *   - a halt recorded through web A reaches an SSE client of web B (/api/events);
 *   - ten queued runs are executed across both runtimes, each exactly once;
 *   - a critical halt's escalation webhook is delivered exactly once although both runtimes scan;
 *   - killing one agent runtime (kill -9) mid-run leaves the other serving new runs, and the
 *     interrupted run is re-queued to it once its lease lapses.
 * Ports: KEEL_TOPOLOGY_TEST_PORT (web A; web B is the next port) and KEEL_TOPOLOGY_TEST_DB_PORT when
 * set, else free ports picked by the operating system. The first start builds the web app if needed.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import readline from "node:readline";
import pg from "pg";
import { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAgentKey } from "@/lib/auth/api-keys";
import { createPrismaClient } from "@/lib/db/client";
import { EmbeddedPostgres } from "@/lib/db/embedded-postgres";
import { type ScriptedModelServer, say, startScriptedModelServer } from "@/lib/scripted-model";
import { childrenOf, freePort, until } from "../fixtures/supervised-keel";

const root = path.resolve(import.meta.dirname, "..", "..");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const PREPARE_MS = 600_000;
const START_MS = 180_000;
const SETTLE_MS = 120_000;
const LEASE_MS = 6_000;
const ADMIN_PASSWORD = "keel-topology-admin-password";
const WEBHOOK_SECRET = "topology-webhook-secret-0123456789";

/** `until`, with a failing poll (a process not listening yet, a query refused) counting as "not yet". */
const settled = <T>(what: string, timeoutMs: number, condition: () => Promise<T | undefined>) =>
  until(what, timeoutMs, () => condition().catch(() => undefined));

interface Role {
  name: string;
  process: ChildProcess;
  output: string[];
  exited: Promise<number | string>;
}

/**
 * The npm scripts of docs/deployment.md's "The commands" block, in order (prepare, web, agent): the
 * test starts exactly those, so the document and the test cannot drift apart.
 */
function documentedCommands(): { prepare: string; web: string; agent: string } {
  const document = fs.readFileSync(path.join(root, "docs", "deployment.md"), "utf8");
  const block = /## The commands\s+```bash\n([\s\S]*?)```/.exec(document)?.[1];
  if (!block) throw new Error('docs/deployment.md has no "## The commands" bash block');
  const scripts = block
    .split("\n")
    .filter((line) => line.trim() !== "" && !line.trim().startsWith("#"))
    .map((line) => /(?:^|\s)npm run ([\w:-]+)\s*$/.exec(line)?.[1]);
  if (scripts.length !== 3 || scripts.some((script) => script === undefined))
    throw new Error(`docs/deployment.md's commands are not "npm run <prepare|web|agent>": ${scripts}`);
  const [prepare, web, agent] = scripts as [string, string, string];
  return { prepare, web, agent };
}

/** `npm run <script>` in its own process group, as a process manager would start it. */
function startRole(name: string, script: string, env: Record<string, string>): Role {
  const child = spawn(npm, ["run", "--silent", script], {
    cwd: root,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const output: string[] = [];
  for (const stream of [child.stdout, child.stderr])
    readline.createInterface({ input: stream! }).on("line", (line) => output.push(line));
  const exited = new Promise<number | string>((resolve) => {
    child.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown"));
    child.once("error", (error) => {
      output.push(`${name}: ${error.message}`);
      resolve("spawn error");
    });
  });
  return { name, process: child, output, exited };
}

async function stopRole(role: Role): Promise<void> {
  if (role.process.exitCode !== null || role.process.signalCode !== null) return;
  role.process.kill("SIGTERM");
  const timer = setTimeout(() => {
    try {
      process.kill(-role.process.pid!, "SIGKILL");
    } catch {
      // gone
    }
  }, 40_000);
  await role.exited;
  clearTimeout(timer);
}

/** The agent runtime process (agent/main.ts) supervised by an agent role, if it runs. */
function agentPidOf(role: Role): number | null {
  for (const entry of childrenOf(role.process.pid!)) {
    if (/agent\/main\.ts/.test(entry.commandLine)) return entry.pid;
    // npm may sit between: look one level further down
    const below = childrenOf(entry.pid).find((child) => /agent\/main\.ts/.test(child.commandLine));
    if (below) return below.pid;
  }
  return null;
}

/** A local webhook receiver: every delivery's body. */
async function startWebhookReceiver() {
  const deliveries: string[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      deliveries.push(Buffer.concat(chunks).toString("utf8"));
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    deliveries,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe.sequential("scaled out: two web processes and two agent runtimes on one PostgreSQL", () => {
  let database: EmbeddedPostgres;
  let databaseUrl: string;
  let model: ScriptedModelServer;
  let webhook: Awaited<ReturnType<typeof startWebhookReceiver>>;
  const roles: Role[] = [];
  let webA: string;
  let webB: string;
  let agents: Role[];
  let cookie: string;

  const query = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query<T>(text, values)).rows;
    } finally {
      await client.end();
    }
  };
  const withCookie = (origin: string, extra: Record<string, string> = {}) => ({
    cookie,
    origin,
    ...extra,
  });

  beforeAll(
    async () => {
      const portA = process.env.KEEL_TOPOLOGY_TEST_PORT
        ? Number(process.env.KEEL_TOPOLOGY_TEST_PORT)
        : await freePort();
      const portB = process.env.KEEL_TOPOLOGY_TEST_PORT ? portA + 1 : await freePort();
      const dataRoot = path.join(root, ".data", "topology-test");
      fs.rmSync(dataRoot, { recursive: true, force: true });
      database = new EmbeddedPostgres({
        dataRoot,
        port: process.env.KEEL_TOPOLOGY_TEST_DB_PORT
          ? Number(process.env.KEEL_TOPOLOGY_TEST_DB_PORT)
          : await freePort(),
        log: () => {},
      });
      databaseUrl = await database.start();
      // Every model call takes a while, so ten runs spread over both runtimes and one can be caught mid-run.
      model = await startScriptedModelServer({ fallback: { ...say("Done."), delayMs: 1_500 } });
      webhook = await startWebhookReceiver();
      const common = {
        DATABASE_URL: databaseUrl,
        KEEL_ADMIN_PASSWORD: ADMIN_PASSWORD,
        KEEL_DATA_DIR: dataRoot,
      };
      const commands = documentedCommands();
      expect(commands).toEqual({ prepare: "deploy:prepare", web: "start:web", agent: "start:agent" });
      const prepare = startRole("prepare", commands.prepare, common);
      roles.push(prepare);
      const prepared = await Promise.race([
        prepare.exited,
        new Promise((resolve) => setTimeout(() => resolve("timeout"), PREPARE_MS)),
      ]);
      if (prepared !== 0)
        throw new Error(`deploy:prepare failed (${prepared}):\n${prepare.output.join("\n")}`);

      const agentEnv = {
        ...common,
        KEEL_MODEL: `openai-compatible:${model.url}/v1#slow-model`,
        KEEL_RUN_CONCURRENCY: "2",
        KEEL_RUN_LEASE_MS: String(LEASE_MS),
        KEEL_ESCALATION_WEBHOOK_URL: webhook.url,
        KEEL_ESCALATION_WEBHOOK_SECRET: WEBHOOK_SECRET,
      };
      // All four at once: their migration steps meet at the advisory lock.
      const a = startRole("web-a", commands.web, { ...common, PORT: String(portA) });
      const b = startRole("web-b", commands.web, { ...common, PORT: String(portB) });
      agents = [
        startRole("agent-1", commands.agent, agentEnv),
        startRole("agent-2", commands.agent, agentEnv),
      ];
      roles.push(a, b, ...agents);
      webA = `http://127.0.0.1:${portA}`;
      webB = `http://127.0.0.1:${portB}`;
      for (const base of [webA, webB])
        await settled(`${base}/api/health`, START_MS, async () => {
          const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5_000) });
          return response.status === 200 ? true : undefined;
        }).catch((error) => {
          throw new Error(
            `${error.message}\n${roles.map((role) => role.output.slice(-15).join("\n")).join("\n")}`,
          );
        });
      await settled("both runtimes to report", START_MS, async () => {
        const rows = await query<{ n: number }>(
          "select count(*)::int as n from runtime_instances where stopped_at is null and applied_settings_version is not null",
        );
        return rows[0]!.n >= 2 ? true : undefined;
      });
    },
    PREPARE_MS + START_MS * 3,
  );

  afterAll(async () => {
    await Promise.all(roles.map((role) => stopRole(role)));
    await model?.close();
    await webhook?.close();
    await database?.stop();
  }, 180_000);

  it("applied the migrations once although four processes started together", async () => {
    const rows = await query<{ name: string; n: number }>(
      "select migration_name as name, count(*)::int as n from _prisma_migrations group by migration_name having count(*) > 1",
    );
    expect(rows).toEqual([]);
    const admins = await query<{ n: number }>(
      "select count(*)::int as n from users where username = 'admin'",
    );
    expect(admins[0]!.n).toBe(1);
  });

  it("a session cookie issued by web A works on web B", async () => {
    const signedIn = await fetch(`${webA}/api/auth/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: webA },
      body: JSON.stringify({ username: "admin", password: ADMIN_PASSWORD }),
    });
    expect(signedIn.status).toBe(200);
    const setCookie = signedIn.headers.getSetCookie().find((line) => line.startsWith("keel_session="));
    expect(setCookie).toBeDefined();
    cookie = setCookie!.split(";")[0]!;
    const onB = await fetch(`${webB}/api/auth/session`, { headers: { cookie } });
    expect(onB.status).toBe(200);
    expect(JSON.stringify(await onB.json())).toContain('"admin"');
  });

  it("a switch changed through web A is applied by both runtimes, and web B says so", async () => {
    const current = await fetch(`${webA}/api/app-settings`, { headers: { cookie } });
    const { version, maxToolSteps } = (await current.json()) as { version: number; maxToolSteps: number };
    const changed = await fetch(`${webA}/api/app-settings`, {
      method: "PUT",
      headers: withCookie(webA, { "content-type": "application/json", "if-match": `"${version}"` }),
      body: JSON.stringify({ maxToolSteps: maxToolSteps === 37 ? 38 : 37 }),
    });
    expect(changed.status).toBe(200);
    const newVersion = ((await changed.json()) as { version: number }).version;
    expect(newVersion).toBe(version + 1);
    const status = await settled("web B to show the change applied by 2 runtimes", SETTLE_MS, async () => {
      const response = await fetch(`${webB}/api/runtime/status`, { headers: { cookie } });
      const body = (await response.json()) as { settingsVersion: number; appliedBy: number };
      return body.settingsVersion === newVersion && body.appliedBy === 2 ? body : undefined;
    });
    expect(status.appliedBy).toBe(2);
  });

  it("a halt recorded through web A reaches an SSE client of web B; its escalation is delivered once", async () => {
    const controller = new AbortController();
    const events = await fetch(`${webB}/api/events`, { headers: { cookie }, signal: controller.signal });
    expect(events.status).toBe(200);
    let streamed = "";
    const reading = (async () => {
      const decoder = new TextDecoder();
      const reader = events.body!.getReader();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          streamed += decoder.decode(value, { stream: true });
        }
      } catch {
        // aborted
      }
    })();
    try {
      const client = createPrismaClient(databaseUrl);
      let token: string;
      try {
        token = (
          await createAgentKey(client, {
            name: "topology",
            scopes: ["halts:read", "halts:write"],
            createdByUserId: null,
          })
        ).token;
      } finally {
        await client.$disconnect();
      }
      // The stream is open on web B before the halt is recorded on web A.
      await settled("the event stream to open", 30_000, async () => (streamed.length > 0 ? true : undefined));
      const opened = await fetch(`${webA}/api/sessions`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
      });
      expect(opened.status).toBe(201);
      const { session_token } = (await opened.json()) as { session_token: string };
      const recorded = await fetch(`${webA}/api/halts`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({
          session_token,
          halt_type: "scope",
          condition_name: "out_of_scope",
          description: "Topology test: critical halt",
          severity: "critical",
        }),
      });
      expect(recorded.status).toBe(201);
      const haltId = (await recorded.json()) as { id?: string; halt_id?: string; event?: { id: string } };
      const id = haltId.id ?? haltId.halt_id ?? haltId.event?.id;
      expect(id).toBeTruthy();
      await settled("the halt on web B's event stream", SETTLE_MS, async () =>
        streamed.includes(id!) ? true : undefined,
      );

      // Escalation. Both runtimes schedule the scan once a minute (checked below); rather than wait for
      // the clock, the test queues scans itself on the same pg-boss queue, four at a time, so both
      // runtimes' workers can be scanning at once. The webhook must arrive exactly once however many run.
      const schedules = await query<{ cron: string }>(
        "select cron from pgboss.schedule where name = 'halt-escalation-scan'",
      );
      expect(schedules.map((row) => row.cron)).toEqual(["* * * * *"]);
      const delivered = () => webhook.deliveries.filter((body) => body.includes(id!)).length;
      const scans = async () =>
        (
          await query<{ n: number }>(
            "select count(*)::int as n from pgboss.job where name = 'halt-escalation-scan' and state = 'completed'",
          )
        )[0]!.n;
      const boss = new PgBoss({
        connectionString: databaseUrl,
        schema: "pgboss",
        supervise: false,
        schedule: false,
        migrate: false,
      });
      boss.on("error", () => {});
      await boss.start();
      try {
        const queueScans = async () => {
          const before = await scans();
          for (let i = 0; i < 4; i++) await boss.send("halt-escalation-scan", {});
          return before + 4;
        };
        const firstBatch = await queueScans();
        await settled("the escalation webhook", SETTLE_MS, async () => (delivered() > 0 ? true : undefined));
        await settled("the first scans to finish", SETTLE_MS, async () =>
          (await scans()) >= firstBatch ? true : undefined,
        );
        const secondBatch = await queueScans();
        await settled("more escalation scans after the delivery", SETTLE_MS, async () =>
          (await scans()) >= secondBatch ? true : undefined,
        );
      } finally {
        await boss.stop({ graceful: false, close: true });
      }
      expect(delivered()).toBe(1);
    } finally {
      controller.abort();
      await reading;
    }
  }, 480_000);

  const queueRun = async (task: string) => {
    const created = await fetch(`${webA}/api/runs`, {
      method: "POST",
      headers: withCookie(webA, { "content-type": "application/json" }),
      body: JSON.stringify({ task, kind: "job", locale: "en" }),
    });
    expect(created.status).toBe(201);
    return ((await created.json()) as { id: string }).id;
  };
  const runRows = (ids: string[]) =>
    query<{ id: string; status: string; runtime_id: string | null }>(
      "select id::text, status::text, runtime_id::text from agent_runs where id = any($1::uuid[])",
      [ids],
    );
  const finished = (status: string) => !["queued", "running"].includes(status);

  it("ten queued runs are executed across both runtimes, each exactly once", async () => {
    const ids: string[] = [];
    for (let index = 0; index < 10; index++) ids.push(await queueRun(`Topology run ${index + 1}: say done.`));
    const rows = await settled("the ten runs to finish", 300_000, async () => {
      const current = await runRows(ids);
      return current.length === 10 && current.every((row) => finished(row.status)) ? current : undefined;
    });
    expect(new Set(rows.map((row) => row.runtime_id)).size).toBe(2);
    const counts = await query<{ run_id: string; type: string; n: number }>(
      `select run_id::text, type, count(*)::int as n from run_events
        where run_id = any($1::uuid[]) and type in ('run.started', 'run.finished') group by run_id, type`,
      [ids],
    );
    expect(counts).toHaveLength(20);
    expect(counts.every((row) => row.n === 1)).toBe(true);
    // Web B shows what the runtimes did.
    const onB = await fetch(`${webB}/api/runs/${ids[0]}`, { headers: { cookie } });
    expect(onB.status).toBe(200);
  }, 360_000);

  it("kill -9 of one agent runtime mid-run: the other serves new runs and takes the interrupted one over", async () => {
    const first = await queueRun("Topology run: interrupted.");
    const running = await settled("a run in progress", SETTLE_MS, async () => {
      const [row] = await runRows([first]);
      return row?.status === "running" && row.runtime_id ? row : undefined;
    });
    const [instance] = await query<{ pid: number }>("select pid from runtime_instances where id = $1", [
      running.runtime_id,
    ]);
    const victim = agents.find((role) => agentPidOf(role) === instance!.pid);
    expect(victim, "the runtime running the run is one of ours").toBeDefined();
    const survivor = agents.find((role) => role !== victim)!;
    // The role's supervisor first (so it restarts nothing), then its runtime.
    const runtimePid = agentPidOf(victim!)!;
    process.kill(-victim!.process.pid!, "SIGKILL");
    process.kill(runtimePid, "SIGKILL");
    await victim!.exited;
    const [survivorInstance] = await query<{ id: string }>(
      "select id::text from runtime_instances where pid = $1 order by started_at desc limit 1",
      [agentPidOf(survivor)],
    );
    const later = [
      await queueRun("Topology run: after the kill 1."),
      await queueRun("Topology run: after the kill 2."),
    ];
    const rows = await settled("every run to finish on the survivor", 300_000, async () => {
      const current = await runRows([first, ...later]);
      return current.length === 3 && current.every((row) => finished(row.status)) ? current : undefined;
    });
    for (const row of rows) expect(row.runtime_id).toBe(survivorInstance!.id);
    const lapsed = await query<{ n: number }>(
      "select count(*)::int as n from run_events where run_id = $1 and type = 'run.lease_lapsed'",
      [first],
    );
    expect(lapsed[0]!.n).toBe(1);
  }, 420_000);
});
