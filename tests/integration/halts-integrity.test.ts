/**
 * Halt integrity against a real PostgreSQL: concurrent acknowledgements, the fail-safe answer when the
 * database is down, redaction before storage, the immutability trigger, and config reload via NOTIFY.
 */
import net from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as checkRoute from "@/app/api/halts/check/route";
import { createPrismaClient } from "@/lib/db/client";
import {
  checkHaltConditions,
  HaltConfigCache,
  loadHaltConditionConfig,
  startHaltConfigListener,
  stopProcessHaltConfigCache,
  updateHaltConfig,
} from "@/lib/halts/service";
import { callRoute } from "./helpers/call-route";
import { createTestAgent, type TestAgent } from "./helpers/halt-fixtures";
import { createTestDatabase, type TestDatabase } from "./helpers/test-database";

let testDatabase: TestDatabase;
let agent: TestAgent;
let sql: pg.Client;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  agent = await createTestAgent(testDatabase.database);
  sql = new pg.Client({ connectionString: testDatabase.url });
  await sql.connect();
});
afterAll(async () => {
  await sql.end();
  await stopProcessHaltConfigCache();
  await testDatabase.drop();
});

async function recordedHalt(extra: Record<string, unknown> = {}) {
  const session = await agent.openSession();
  const response = await agent.record({
    session_token: session.session_token,
    halt_type: "security",
    severity: "high",
    description: "Something risky",
    ...extra,
  });
  expect(response.status).toBe(201);
  return { session, haltId: response.body.halt_id as string };
}

describe("concurrent acknowledgement", () => {
  it("20 concurrent acknowledgements of one event: exactly one succeeds, 19 get 409", async () => {
    const { session, haltId } = await recordedHalt();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        agent.acknowledge(haltId, {
          session_token: session.session_token,
          resolution: index % 2 === 0 ? "resolved" : "dismissed",
          resolution_notes: `attempt ${index}`,
        }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const winner = responses.find((response) => response.status === 200)!;
    const row = await testDatabase.database.haltEvent.findUniqueOrThrow({ where: { id: haltId } });
    expect(row.acknowledgedAt?.toISOString()).toBe(winner.body.acknowledged_at);
    for (const loser of responses.filter((response) => response.status === 409)) {
      expect(loser.body.acknowledgement.acknowledged_at).toBe(winner.body.acknowledged_at);
      expect(loser.body.acknowledgement.resolution).toBe(row.resolution);
    }
    const sessionRow = await testDatabase.database.agentSession.findUniqueOrThrow({
      where: { id: session.session_id },
    });
    expect(sessionRow.state).toBe("active");
  });
});

describe("fail-safe", () => {
  it("the service answers should_halt, critical, 'Halt check failed: ...' when the database is unreachable", async () => {
    const session = await agent.openSession();
    const deadUrl = new URL(testDatabase.url);
    deadUrl.port = "1";
    const dead = createPrismaClient(deadUrl.toString());
    try {
      const output = await checkHaltConditions(
        dead,
        { kind: "agent", keyId: agent.id, agentName: agent.name, scopes: ["halts:write"] },
        { session_token: session.session_token, current_context: { operation: "ls" } },
        { get: () => loadHaltConditionConfig(dead) },
      );
      expect(output.should_halt).toBe(true);
      expect(output.highest_severity).toBe("critical");
      expect(output.halt_reasons[0]!.description).toMatch(/^Halt check failed: /);
    } finally {
      await dead.$disconnect();
    }
  });

  it("the service fails safe when loading the configuration throws", async () => {
    const session = await agent.openSession();
    const output = await checkHaltConditions(
      testDatabase.database,
      { kind: "agent", keyId: agent.id, agentName: agent.name, scopes: ["halts:write"] },
      { session_token: session.session_token, current_context: { operation: "ls" } },
      {
        get: () => {
          throw new Error("config exploded");
        },
      },
    );
    expect(output).toMatchObject({ should_halt: true, highest_severity: "critical" });
    // The agent gets a generic reason; the error's own text stays in the server log.
    expect(output.halt_reasons[0]!.description).toBe(
      "Halt check failed: an internal error occurred (it has been logged)",
    );
  });

  it("a database that accepts connections but never answers gets the fail-safe within the check's budget", async () => {
    const session = await agent.openSession();
    // A black hole: TCP connections are accepted and never answered (a hung server).
    const sockets = new Set<net.Socket>();
    const blackHole = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => blackHole.listen(0, "127.0.0.1", resolve));
    const hungUrl = new URL(testDatabase.url);
    hungUrl.port = String((blackHole.address() as net.AddressInfo).port);
    const hung = createPrismaClient(hungUrl.toString());
    try {
      const output = await checkHaltConditions(
        hung,
        { kind: "agent", keyId: agent.id, agentName: agent.name, scopes: ["halts:write"] },
        { session_token: session.session_token, current_context: { operation: "ls" } },
        { get: () => loadHaltConditionConfig(hung) },
      );
      expect(output).toMatchObject({ should_halt: true, highest_severity: "critical" });
      expect(output.halt_reasons[0]!.description).toBe(
        "Halt check failed: the database is not reachable or did not answer in time",
      );
    } finally {
      for (const socket of sockets) socket.destroy();
      blackHole.close();
      await hung.$disconnect().catch(() => {});
    }
  });

  it("a statement the database refuses (NUL in task_id) fails safe without naming database internals", async () => {
    const session = await agent.openSession();
    const output = await checkHaltConditions(
      testDatabase.database,
      { kind: "agent", keyId: agent.id, agentName: agent.name, scopes: ["halts:write"] },
      {
        session_token: session.session_token,
        task_id: "task\u0000nul",
        current_context: { operation: "ls" },
      },
      { get: () => loadHaltConditionConfig(testDatabase.database) },
    );
    expect(output).toMatchObject({ should_halt: true, highest_severity: "critical" });
    expect(JSON.stringify(output)).not.toMatch(/prisma|invocation|22021|Code:|UTF8|byte sequence/i);
  });

  it("POST /api/halts/check with the database down: 503 and the fail-safe verdict in the body", async () => {
    const session = await agent.openSession();
    const saved = process.env.DATABASE_URL;
    const deadUrl = new URL(testDatabase.url);
    deadUrl.port = "1";
    process.env.DATABASE_URL = deadUrl.toString();
    try {
      const response = await callRoute(checkRoute.POST, {
        method: "POST",
        path: "/api/halts/check",
        headers: agent.headers,
        json: { session_token: session.session_token, current_context: { operation: "ls" } },
      });
      expect(response.status).toBe(503);
      expect(response.body.error.code).toBe("database_unavailable");
      expect(response.body.should_halt).toBe(true);
      expect(response.body.highest_severity).toBe("critical");
      expect(response.body.halt_reasons[0].description).toMatch(/^Halt check failed: /);
    } finally {
      process.env.DATABASE_URL = saved;
    }
  });
});

describe("redaction before storage", () => {
  it("secrets in description, context and previous_error never reach the database", async () => {
    const awsKey = "AKIAIOSFODNN7EXAMPLE";
    const githubToken = `ghp_${"a1B2c3D4e5F6g7H8i9J0".repeat(2)}`;
    const dbUrl = "postgres://admin:hunter2secret@db.internal:5432/prod";
    const { haltId } = await recordedHalt({
      description: `Leaked ${awsKey} while running the deploy`,
      context: {
        commands: [`curl -H "Authorization: Bearer ${githubToken}" https://api.github.com`],
        error_messages: [`connect ${dbUrl} failed`],
      },
      previous_error: `export GITHUB_TOKEN=${githubToken}`,
    });
    const { rows } = await sql.query(
      "select description, context::text as context, previous_error from halt_events where id = $1",
      [haltId],
    );
    const stored = JSON.stringify(rows[0]);
    for (const secret of [awsKey, githubToken, "hunter2secret"]) expect(stored).not.toContain(secret);
    expect(rows[0].description).toContain("[REDACTED]");
    expect(rows[0].context).toContain("db.internal");
  });

  it("auto-recorded halts of a check are redacted too", async () => {
    const session = await agent.openSession();
    const secret = `sk-ant-api03-${"x1Y2z3".repeat(8)}`;
    const response = await agent.check({
      session_token: session.session_token,
      current_context: { operation: "print the key", commands: [`echo ${secret}`] },
    });
    expect(response.body.should_halt).toBe(true);
    const { rows } = await sql.query(
      "select description, context::text as context from halt_events where session_id = $1",
      [session.session_id],
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(secret);
  });
});

describe("immutability (database trigger)", () => {
  it.each([
    ["description", "update halt_events set description = 'rewritten' where id = $1"],
    ["severity", "update halt_events set severity = 'low' where id = $1"],
    ["context", `update halt_events set context = '{"x":1}' where id = $1`],
    ["triggered_at", "update halt_events set triggered_at = now() - interval '1 day' where id = $1"],
    ["session_id", "update halt_events set session_id = gen_random_uuid() where id = $1"],
  ])("refuses an UPDATE of %s", async (_field, statement) => {
    const { haltId } = await recordedHalt();
    await expect(sql.query(statement, [haltId])).rejects.toThrow(/immutable/);
  });

  it("refuses DELETE of a recent event", async () => {
    const { haltId } = await recordedHalt();
    await expect(sql.query("delete from halt_events where id = $1", [haltId])).rejects.toThrow(/immutable/);
  });

  it("allows the acknowledgement once, never un-acknowledging or rewriting it", async () => {
    const { haltId } = await recordedHalt();
    await sql.query(
      "update halt_events set acknowledged = true, acknowledged_at = now(), acknowledged_by = 'sql', resolution = 'resolved' where id = $1",
      [haltId],
    );
    await expect(
      sql.query("update halt_events set acknowledged = false where id = $1", [haltId]),
    ).rejects.toThrow(/already acknowledged/);
    await expect(
      sql.query("update halt_events set resolution = 'dismissed' where id = $1", [haltId]),
    ).rejects.toThrow(/already acknowledged/);
    await expect(
      sql.query("update halt_events set resolution_notes = 'later' where id = $1", [haltId]),
    ).rejects.toThrow(/already acknowledged/);
  });

  it("refuses an acknowledgement without who, when and resolution", async () => {
    const { haltId } = await recordedHalt();
    await expect(
      sql.query("update halt_events set acknowledged = true where id = $1", [haltId]),
    ).rejects.toThrow(/halt_events_acknowledgement_complete/);
  });

  it("the archive is append-only", async () => {
    const { haltId } = await recordedHalt();
    await sql.query(
      `insert into halt_events_archive select id, session_id, task_id, halt_type, condition_name, severity, description, context,
         triggered_at, acknowledged, acknowledged_at, acknowledged_by, resolution, resolution_notes, attempt_count, previous_error,
         escalated_at, escalation_notified_at, created_at, updated_at from halt_events where id = $1`,
      [haltId],
    );
    await expect(
      sql.query("update halt_events_archive set description = 'x' where id = $1", [haltId]),
    ).rejects.toThrow(/append-only/);
  });
});

describe("config reload across processes", () => {
  it("a write in one process reaches another process's cache through NOTIFY well within 60 s", async () => {
    const now = 0;
    const other = createPrismaClient(testDatabase.url);
    const remoteCache = new HaltConfigCache(() => loadHaltConditionConfig(other), { now: () => now });
    const listener = await startHaltConfigListener(remoteCache, testDatabase.url);
    try {
      const before = (await remoteCache.get()).find((row) => row.condition_name === "unknown_commands");
      expect(before?.enabled).toBe(true);
      await updateHaltConfig(
        testDatabase.database,
        { condition_name: "unknown_commands", enabled: false },
        "test",
      );
      const started = Date.now();
      let seen = true;
      while (Date.now() - started < 5_000) {
        seen =
          (await remoteCache.get()).find((row) => row.condition_name === "unknown_commands")?.enabled ?? true;
        if (!seen) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(seen).toBe(false);
      expect(now).toBe(0); // the injected clock never advanced: the TTL played no part
    } finally {
      await listener.stop();
      await other.$disconnect();
      await updateHaltConfig(
        testDatabase.database,
        { condition_name: "unknown_commands", enabled: true },
        "test",
      );
    }
  });

  it("without notifications the cache still re-reads after 60 s", async () => {
    let now = 0;
    let loads = 0;
    const cache = new HaltConfigCache(
      async () => {
        loads += 1;
        return [];
      },
      { now: () => now },
    );
    await cache.get();
    now = 59_999;
    await cache.get();
    expect(loads).toBe(1);
    now = 60_000;
    await cache.get();
    expect(loads).toBe(2);
  });
});
