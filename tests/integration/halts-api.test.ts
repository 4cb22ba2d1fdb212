/**
 * The halt REST API against a real PostgreSQL: every route, bad inputs, and ownership (an agent key
 * reaches only its own sessions and their halts).
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as haltConfigRoute from "@/app/api/halt-config/route";
import * as haltRoute from "@/app/api/halts/[id]/route";
import * as haltsRoute from "@/app/api/halts/route";
import * as sessionHaltsRoute from "@/app/api/sessions/[id]/halts/route";
import * as sessionsRoute from "@/app/api/sessions/route";
import { stopProcessHaltConfigCache } from "@/lib/halts/service";
import { HALT_COUNT_CAP } from "@/lib/schemas/halts";
import { createTestUser, type TestUser } from "./helpers/auth-fixtures";
import { callRoute } from "./helpers/call-route";
import { createTestAgent, type TestAgent } from "./helpers/halt-fixtures";
import { createTestDatabase, type TestDatabase } from "./helpers/test-database";

let testDatabase: TestDatabase;
let agentA: TestAgent;
let agentB: TestAgent;
let viewer: TestUser;
let operator: TestUser;
let admin: TestUser;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  agentA = await createTestAgent(testDatabase.database);
  agentB = await createTestAgent(testDatabase.database);
  viewer = await createTestUser(testDatabase.database, "viewer");
  operator = await createTestUser(testDatabase.database, "operator");
  admin = await createTestUser(testDatabase.database, "admin");
});
afterAll(async () => {
  await stopProcessHaltConfigCache();
  await testDatabase.drop();
});

const highHalt = (sessionToken: string, extra: Record<string, unknown> = {}) => ({
  session_token: sessionToken,
  halt_type: "scope",
  condition_name: "out_of_scope",
  severity: "high",
  description: "The operation touches billing, outside the task's scope",
  ...extra,
});

describe("POST /api/sessions", () => {
  it("opens an active session owned by the key and returns its token once", async () => {
    const response = await callRoute(sessionsRoute.POST, {
      method: "POST",
      path: "/api/sessions",
      headers: agentA.headers,
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ agent_name: agentA.name, state: "active" });
    expect(response.body.session_token).toMatch(/^sess_[A-Za-z0-9_-]{43}$/);
    const row = await testDatabase.database.agentSession.findUniqueOrThrow({
      where: { id: response.body.session_id },
    });
    expect(row.apiKeyId).toBe(agentA.id);
  });

  it("accepts an empty JSON object and refuses unknown fields", async () => {
    const ok = await callRoute(sessionsRoute.POST, {
      method: "POST",
      path: "/api/sessions",
      headers: agentA.headers,
      json: {},
    });
    expect(ok.status).toBe(201);
    const bad = await callRoute(sessionsRoute.POST, {
      method: "POST",
      path: "/api/sessions",
      headers: agentA.headers,
      json: { owner: "someone-else" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("validation_failed");
  });
});

describe("POST /api/halts (record)", () => {
  it("records a halt, halts the session and reports that acknowledgement is required", async () => {
    const session = await agentA.openSession();
    const response = await agentA.record(
      highHalt(session.session_token, { task_id: "task-1", attempt_count: 2 }),
    );
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      halt_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      recorded_at: expect.any(String),
      requires_acknowledgment: true,
      escalation_triggered: false,
    });
    const row = await testDatabase.database.haltEvent.findUniqueOrThrow({
      where: { id: response.body.halt_id },
    });
    expect(row).toMatchObject({
      taskId: "task-1",
      attemptCount: 2,
      severity: "high",
      acknowledged: false,
      escalatedAt: null,
    });
    const sessionRow = await testDatabase.database.agentSession.findUniqueOrThrow({
      where: { id: session.session_id },
    });
    expect(sessionRow.state).toBe("halted");
  });

  it("escalates on auto_escalate and on critical severity", async () => {
    const session = await agentA.openSession();
    const requested = await agentA.record(highHalt(session.session_token, { auto_escalate: true }));
    expect(requested.body.escalation_triggered).toBe(true);
    const critical = await agentA.record(highHalt(session.session_token, { severity: "critical" }));
    expect(critical.body.escalation_triggered).toBe(true);
    const row = await testDatabase.database.haltEvent.findUniqueOrThrow({
      where: { id: critical.body.halt_id },
    });
    expect(row.escalatedAt).not.toBeNull();
  });

  it("a low halt needs no acknowledgement and leaves the session active", async () => {
    const session = await agentA.openSession();
    const response = await agentA.record(highHalt(session.session_token, { severity: "low" }));
    expect(response.body.requires_acknowledgment).toBe(false);
    const row = await testDatabase.database.agentSession.findUniqueOrThrow({
      where: { id: session.session_id },
    });
    expect(row.state).toBe("active");
  });

  it.each([
    ["a description over 4000 characters", { description: "x".repeat(4001) }, "description"],
    ["an empty description", { description: "   " }, "description"],
    ["an unknown halt_type", { halt_type: "vibes" }, "halt_type"],
    ["an unknown severity", { severity: "apocalyptic" }, "severity"],
    ["an unknown field", { extra: 1 }, ""],
  ])("refuses %s with 400 and records nothing", async (_name, patch, path) => {
    const session = await agentA.openSession();
    const response = await agentA.record(highHalt(session.session_token, patch));
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("validation_failed");
    if (path)
      expect(response.body.error.issues.map((issue: { path: string[] }) => issue.path[0])).toContain(path);
    expect(await testDatabase.database.haltEvent.count({ where: { sessionId: session.session_id } })).toBe(0);
  });

  it("refuses malformed JSON (400), a non-JSON body (415) and a body over 64 KB (413)", async () => {
    const base = {
      method: "POST",
      path: "/api/halts",
      headers: { ...agentA.headers, "content-type": "application/json" },
    };
    expect((await callRoute(haltsRoute.POST, { ...base, body: "{nope" })).status).toBe(400);
    expect(
      (await callRoute(haltsRoute.POST, { ...base, headers: agentA.headers, body: "text" })).status,
    ).toBe(415);
    expect(
      (await callRoute(haltsRoute.POST, { ...base, body: JSON.stringify({ pad: "x".repeat(70_000) }) }))
        .status,
    ).toBe(413);
  });

  it("an unknown session is 404; another key's session is 403", async () => {
    const unknown = await agentA.record(highHalt("sess_does_not_exist"));
    expect(unknown.status).toBe(404);
    const sessionOfB = await agentB.openSession();
    const foreign = await agentA.record(highHalt(sessionOfB.session_token));
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.code).toBe("forbidden");
    const foreignCheck = await agentA.check({
      session_token: sessionOfB.session_token,
      current_context: { operation: "ls" },
    });
    expect(foreignCheck.status).toBe(403);
    expect(await testDatabase.database.haltEvent.count({ where: { sessionId: sessionOfB.session_id } })).toBe(
      0,
    );
  });
});

describe("POST /api/halts/check", () => {
  it("a harmless operation does not halt and records nothing", async () => {
    const session = await agentA.openSession();
    const response = await agentA.check({
      session_token: session.session_token,
      current_context: { operation: "list the repository", commands: ["ls -la"], environment: "dev" },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      should_halt: false,
      halt_reasons: [],
      highest_severity: "low",
      recommended_action: "proceed",
    });
    expect(await testDatabase.database.haltEvent.count({ where: { sessionId: session.session_id } })).toBe(0);
  });

  it("a halted session gets a session_halted reason until its halts are acknowledged", async () => {
    const session = await agentA.openSession();
    const recorded = await agentA.record(highHalt(session.session_token));
    const blocked = await agentA.check({
      session_token: session.session_token,
      current_context: { operation: "ls" },
    });
    expect(blocked.body.should_halt).toBe(true);
    expect(
      blocked.body.halt_reasons.map((reason: { condition_name: string }) => reason.condition_name),
    ).toEqual(["session_halted"]);
    await agentA.acknowledge(recorded.body.halt_id, {
      session_token: session.session_token,
      resolution: "resolved",
    });
    const free = await agentA.check({
      session_token: session.session_token,
      current_context: { operation: "ls" },
    });
    expect(free.body.should_halt).toBe(false);
  });

  it("an auto-recorded halt keeps its message key and parameters next to the English text; an agent's text has none", async () => {
    const session = await agentA.openSession();
    const response = await agentA.check({
      session_token: session.session_token,
      current_context: { operation: "fix permissions", commands: ["sudo chmod 777 /srv/app"] },
    });
    const reason = response.body.halt_reasons.find(
      (candidate: { condition_name: string }) => candidate.condition_name === "privilege_escalation",
    );
    expect(reason).toMatchObject({
      auto_recorded: true,
      description_key: "privilegeEscalation",
      description_params: { findings: expect.stringContaining("sudo chmod 777 /srv/app"), findingsMore: 0 },
    });
    expect(reason.description).toMatch(/^Operation requires elevated permissions: /);
    const stored = await callRoute(haltRoute.GET, {
      path: `/api/halts/${reason.halt_id}`,
      params: { id: reason.halt_id },
      headers: await viewer.cookieHeaders(),
    });
    expect(stored.status).toBe(200);
    expect(stored.body).toMatchObject({
      description: reason.description,
      description_key: "privilegeEscalation",
      description_params: reason.description_params,
    });
    // A text an agent wrote (and every halt recorded before keys existed) has no key: shown as written.
    const written = await agentA.record(highHalt(session.session_token));
    const plain = await callRoute(haltRoute.GET, {
      path: `/api/halts/${written.body.halt_id}`,
      params: { id: written.body.halt_id },
      headers: await viewer.cookieHeaders(),
    });
    expect(plain.body).toMatchObject({ description_key: null, description_params: null });
    // The key is as immutable as the description.
    await expect(
      testDatabase.database.haltEvent.update({
        where: { id: reason.halt_id },
        data: { descriptionKey: "noRollbackPlan" },
      }),
    ).rejects.toThrow(/immutable/);
  });

  it("refuses a check without current_context.operation", async () => {
    const session = await agentA.openSession();
    const response = await agentA.check({ session_token: session.session_token, current_context: {} });
    expect(response.status).toBe(400);
    expect(response.body.error.issues[0].path).toEqual(["current_context", "operation"]);
  });
});

describe("three strikes through task_attempt_failed", () => {
  it("attempt 1 -> retry, 2 -> try_alternative, 3 -> three_strikes halt; acknowledging resets; other tasks are independent", async () => {
    const session = await agentA.openSession();
    const fail = (taskId: string, message: string) =>
      agentA.record({
        session_token: session.session_token,
        task_id: taskId,
        halt_type: "execution",
        condition_name: "task_attempt_failed",
        severity: "low",
        description: message,
      });
    const first = await fail("bug-42", "TypeError: x of null");
    expect(first.body.three_strikes).toEqual({
      attempt_count: 1,
      should_halt: false,
      recommended_action: "retry",
    });
    expect(first.body.requires_acknowledgment).toBe(false);
    const other = await fail("bug-43", "another task");
    expect(other.body.three_strikes.attempt_count).toBe(1);
    const second = await fail("bug-42", "TypeError: x of undefined");
    expect(second.body.three_strikes).toEqual({
      attempt_count: 2,
      should_halt: false,
      recommended_action: "try_alternative",
    });
    // A check that under-reports the attempt still sees the database's count.
    const check = await agentA.check({
      session_token: session.session_token,
      task_id: "bug-42",
      current_context: { operation: "list the files of the repository", attempt_number: 1 },
    });
    expect(check.body.recommended_action).toBe("try_alternative");
    const third = await fail("bug-42", "TypeError again");
    expect(third.body.three_strikes).toEqual({
      attempt_count: 3,
      should_halt: true,
      recommended_action: "HALT and escalate to user. Recommend fresh session.",
    });
    expect(third.body.requires_acknowledgment).toBe(true);
    const halt = await testDatabase.database.haltEvent.findUniqueOrThrow({
      where: { id: third.body.halt_id },
    });
    expect(halt).toMatchObject({
      haltType: "execution",
      conditionName: "three_strikes",
      severity: "high",
      attemptCount: 3,
    });
    const ack = await agentA.acknowledge(third.body.halt_id, {
      session_token: session.session_token,
      resolution: "resolved",
      resolution_notes: "Try again with the null check in the caller",
    });
    expect(ack.status).toBe(200);
    const afterReset = await fail("bug-42", "TypeError once more");
    expect(afterReset.body.three_strikes.attempt_count).toBe(1);
  });

  it("requires a task_id", async () => {
    const session = await agentA.openSession();
    const response = await agentA.record({
      session_token: session.session_token,
      halt_type: "execution",
      condition_name: "task_attempt_failed",
      severity: "low",
      description: "failed",
    });
    expect(response.status).toBe(400);
  });
});

describe("POST /api/halts/[id]/acknowledge", () => {
  it("follows the seed's state table: escalated -> paused, dismissed -> active with warnings", async () => {
    const session = await agentA.openSession();
    const first = await agentA.record(highHalt(session.session_token));
    const escalated = await agentA.acknowledge(first.body.halt_id, {
      session_token: session.session_token,
      resolution: "escalated",
    });
    expect(escalated.body).toMatchObject({ confirmed: true, session_can_resume: false });
    let row = await testDatabase.database.agentSession.findUniqueOrThrow({
      where: { id: session.session_id },
    });
    expect(row.state).toBe("paused");
    const second = await agentA.record(highHalt(session.session_token, { severity: "medium" }));
    const dismissed = await agentA.acknowledge(second.body.halt_id, {
      session_token: session.session_token,
      resolution: "dismissed",
    });
    expect(dismissed.body.session_can_resume).toBe(true);
    expect(dismissed.body.warnings[0]).toContain("dismissed");
    expect(dismissed.body.warning_texts).toEqual([
      { key: "dismissedWarning", params: { severity: "medium" } },
    ]);
    row = await testDatabase.database.agentSession.findUniqueOrThrow({ where: { id: session.session_id } });
    expect(row.state).toBe("active");
  });

  it("dismissing a critical halt needs continue_with_caution", async () => {
    const session = await agentA.openSession();
    const critical = await agentA.record(highHalt(session.session_token, { severity: "critical" }));
    const refused = await agentA.acknowledge(critical.body.halt_id, {
      session_token: session.session_token,
      resolution: "dismissed",
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain("continue_with_caution");
    const accepted = await agentA.acknowledge(critical.body.halt_id, {
      session_token: session.session_token,
      resolution: "dismissed",
      continue_with_caution: true,
    });
    expect(accepted.status).toBe(200);
  });

  it("a second acknowledgement is 409 and says who acknowledged and when", async () => {
    const session = await agentA.openSession();
    const halt = await agentA.record(highHalt(session.session_token));
    const first = await agentA.acknowledge(halt.body.halt_id, {
      session_token: session.session_token,
      resolution: "resolved",
    });
    const second = await agentA.acknowledge(halt.body.halt_id, {
      session_token: session.session_token,
      resolution: "dismissed",
    });
    expect(second.status).toBe(409);
    expect(second.body.acknowledgement).toEqual({
      halt_id: halt.body.halt_id,
      acknowledged_by: `agent:${agentA.name}`,
      acknowledged_at: first.body.acknowledged_at,
      resolution: "resolved",
    });
  });

  it("an operator acknowledges any halt (session_token optional) and is recorded as the actor", async () => {
    const session = await agentA.openSession();
    const halt = await agentA.record(highHalt(session.session_token));
    const { POST } = await import("@/app/api/halts/[id]/acknowledge/route");
    const response = await callRoute(POST, {
      method: "POST",
      path: `/api/halts/${halt.body.halt_id}/acknowledge`,
      headers: await operator.cookieHeaders(),
      params: { id: halt.body.halt_id },
      json: { resolution: "resolved", acknowledged_by: "pager duty" },
    });
    expect(response.status).toBe(200);
    const row = await testDatabase.database.haltEvent.findUniqueOrThrow({ where: { id: halt.body.halt_id } });
    expect(row.acknowledgedBy).toBe(`${operator.username} (for pager duty)`);
  });

  it("agent B cannot acknowledge agent A's halt (403); a wrong session token is 404; unknown ids 404; bad input 400", async () => {
    const session = await agentA.openSession();
    const otherSession = await agentA.openSession();
    const halt = await agentA.record(highHalt(session.session_token));
    const foreign = await agentB.acknowledge(halt.body.halt_id, {
      session_token: session.session_token,
      resolution: "resolved",
    });
    expect(foreign.status).toBe(403);
    const wrongSession = await agentA.acknowledge(halt.body.halt_id, {
      session_token: otherSession.session_token,
      resolution: "resolved",
    });
    expect(wrongSession.status).toBe(404);
    expect(
      (
        await agentA.acknowledge(randomUUID(), {
          session_token: session.session_token,
          resolution: "resolved",
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await agentA.acknowledge("not-a-uuid", {
          session_token: session.session_token,
          resolution: "resolved",
        })
      ).status,
    ).toBe(404);
    const timeout = await agentA.acknowledge(halt.body.halt_id, {
      session_token: session.session_token,
      resolution: "timeout",
    });
    expect(timeout.status).toBe(400);
    const mismatch = await agentA.acknowledge(halt.body.halt_id, {
      session_token: session.session_token,
      halt_id: randomUUID(),
      resolution: "resolved",
    });
    expect(mismatch.status).toBe(400);
    const row = await testDatabase.database.haltEvent.findUniqueOrThrow({ where: { id: halt.body.halt_id } });
    expect(row.acknowledged).toBe(false);
  });
});

describe("reading halts", () => {
  let sessionA: { session_id: string; session_token: string };
  let sessionB: { session_id: string; session_token: string };
  const idsA: string[] = [];

  beforeAll(async () => {
    sessionA = await agentA.openSession();
    sessionB = await agentB.openSession();
    for (let index = 0; index < 5; index += 1) {
      const recorded = await agentA.record(
        highHalt(sessionA.session_token, {
          description: `listing halt ${index} needle-${index % 2}`,
          severity: index === 0 ? "critical" : "high",
        }),
      );
      idsA.push(recorded.body.halt_id);
    }
    await agentB.record(highHalt(sessionB.session_token, { description: "B's halt needle-0" }));
    await agentA.acknowledge(idsA[1]!, { session_token: sessionA.session_token, resolution: "resolved" });
  });

  const list = async (headers: Record<string, string>, query = "") =>
    callRoute(haltsRoute.GET, { path: `/api/halts${query}`, headers });

  it("GET /api/halts pages newest first with a keyset cursor and counts over all matches", async () => {
    const headers = await viewer.cookieHeaders();
    const first = await list(headers, `?session_id=${sessionA.session_id}&limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.total_count).toBe(5);
    expect(first.body.unacknowledged_count).toBe(4);
    expect(first.body.halts.map((halt: { halt_id: string }) => halt.halt_id)).toEqual([idsA[4], idsA[3]]);
    const seen = [...first.body.halts];
    let cursor = first.body.next_cursor;
    while (cursor) {
      const next = await list(headers, `?session_id=${sessionA.session_id}&limit=2&cursor=${cursor}`);
      seen.push(...next.body.halts);
      cursor = next.body.next_cursor;
    }
    expect(seen.map((halt) => halt.halt_id)).toEqual([...idsA].reverse());
  });

  it("GET /api/halts filters by severity, acknowledged, text and time", async () => {
    const headers = await viewer.cookieHeaders();
    const critical = await list(headers, `?session_id=${sessionA.session_id}&severity=critical`);
    expect(critical.body.halts.map((halt: { halt_id: string }) => halt.halt_id)).toEqual([idsA[0]]);
    const acknowledged = await list(headers, `?session_id=${sessionA.session_id}&acknowledged=true`);
    expect(acknowledged.body.halts.map((halt: { halt_id: string }) => halt.halt_id)).toEqual([idsA[1]]);
    const text = await list(headers, "?q=NEEDLE-1");
    expect(text.body.total_count).toBe(2);
    const future = await list(
      headers,
      `?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
    );
    expect(future.body.total_count).toBe(0);
    const bad = await list(headers, "?severity=huge&limit=0");
    expect(bad.status).toBe(400);
    expect((await list(headers, "?cursor=garbage")).status).toBe(400);
    const short = await list(headers, "?q=%20ab%20");
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain("q must have at least 3 characters besides spaces");
  });

  it("an agent key lists only its own sessions' halts", async () => {
    const asB = await list(agentB.headers, "?q=needle-0");
    expect(asB.body.total_count).toBe(1);
    expect(asB.body.halts[0].session_id).toBe(sessionB.session_id);
    const asBFiltered = await list(agentB.headers, `?session_id=${sessionA.session_id}`);
    expect(asBFiltered.body.total_count).toBe(0);
  });

  it("GET /api/halts/[id]: viewer and owner read it; agent B gets 403; unknown 404", async () => {
    const get = (headers: Record<string, string>, id: string) =>
      callRoute(haltRoute.GET, { path: `/api/halts/${id}`, headers, params: { id } });
    const asViewer = await get(await viewer.cookieHeaders(), idsA[1]!);
    expect(asViewer.status).toBe(200);
    expect(asViewer.body).toMatchObject({
      halt_id: idsA[1],
      acknowledged: true,
      resolution: "resolved",
      session_id: sessionA.session_id,
    });
    expect((await get(agentA.headers, idsA[0]!)).status).toBe(200);
    expect((await get(agentB.headers, idsA[0]!)).status).toBe(403);
    expect((await get(agentA.headers, randomUUID())).status).toBe(404);
  });

  it("GET /api/sessions/[id]/halts by id or token: unacknowledged by default, filters, ownership", async () => {
    const get = (headers: Record<string, string>, id: string, query = "") =>
      callRoute(sessionHaltsRoute.GET, {
        path: `/api/sessions/${id}/halts${query}`,
        headers,
        params: { id },
      });
    const byToken = await get(agentA.headers, sessionA.session_token);
    expect(byToken.status).toBe(200);
    expect(byToken.body.total_count).toBe(4);
    expect(byToken.body.unacknowledged_count).toBe(4);
    const all = await get(
      await viewer.cookieHeaders(),
      sessionA.session_id,
      "?include_acknowledged=true&limit=2&offset=1",
    );
    expect(all.body.total_count).toBe(5);
    expect(all.body.halts.map((halt: { halt_id: string }) => halt.halt_id)).toEqual([idsA[3], idsA[2]]);
    const critical = await get(agentA.headers, sessionA.session_id, "?severity=critical");
    expect(critical.body.total_count).toBe(1);
    expect((await get(agentB.headers, sessionA.session_id)).status).toBe(403);
    expect((await get(agentA.headers, randomUUID())).status).toBe(404);
    expect((await get(agentA.headers, sessionA.session_id, "?limit=500")).status).toBe(400);
  });
});

describe("/api/halt-config", () => {
  it("GET lists the 21 seeded conditions", async () => {
    const response = await callRoute(haltConfigRoute.GET, {
      path: "/api/halt-config",
      headers: await viewer.cookieHeaders(),
    });
    expect(response.status).toBe(200);
    expect(response.body.conditions).toHaveLength(21);
    expect(
      response.body.conditions.find(
        (row: { condition_name: string }) => row.condition_name === "three_strikes",
      ),
    ).toMatchObject({
      halt_type: "execution",
      severity: "high",
      threshold: { max_attempts: 3 },
      enabled: true,
    });
  });

  it("PATCH (admin) returns previous and current values and the change applies to the next check", async () => {
    const headers = await admin.cookieHeaders();
    const patch = (json: unknown) =>
      callRoute(haltConfigRoute.PATCH, { method: "PATCH", path: "/api/halt-config", headers, json });
    const response = await patch({
      condition_name: "uncertainty_scale",
      threshold: { threshold: 5 },
      escalate_after_minutes: 30,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      updated: true,
      previous_values: {
        enabled: true,
        severity: "high",
        threshold: { threshold: 7 },
        auto_escalate: false,
        escalate_after_minutes: null,
      },
      current_values: {
        enabled: true,
        severity: "high",
        threshold: { threshold: 5 },
        auto_escalate: false,
        escalate_after_minutes: 30,
      },
    });
    const session = await agentA.openSession();
    const check = await agentA.check({
      session_token: session.session_token,
      current_context: { operation: "guess", uncertainty_score: 6 },
    });
    expect(
      check.body.halt_reasons.map((reason: { condition_name: string }) => reason.condition_name),
    ).toContain("uncertainty_scale");
    const unchanged = await patch({ condition_name: "uncertainty_scale", threshold: { threshold: 5 } });
    expect(unchanged.body.updated).toBe(false);
    const row = await testDatabase.database.haltConditionConfig.findUniqueOrThrow({
      where: { conditionName: "uncertainty_scale" },
    });
    expect(row.updatedBy).toBe(admin.username);
    await patch({
      condition_name: "uncertainty_scale",
      threshold: { threshold: 7 },
      escalate_after_minutes: null,
    });
  });

  it("PATCH refuses bad input and non-admins", async () => {
    const headers = await admin.cookieHeaders();
    const patch = (json: unknown, with_ = headers) =>
      callRoute(haltConfigRoute.PATCH, { method: "PATCH", path: "/api/halt-config", headers: with_, json });
    expect((await patch({ condition_name: "three_strikes", threshold: { max_attempts: 0 } })).status).toBe(
      400,
    );
    expect((await patch({ condition_name: "three_strikes", threshold: { bogus: 1 } })).status).toBe(400);
    expect((await patch({ condition_name: "not_a_condition", enabled: false })).status).toBe(400);
    expect((await patch({ condition_name: "three_strikes" })).status).toBe(400);
    expect((await patch({ condition_name: "three_strikes", escalate_after_minutes: 0 })).status).toBe(400);
    expect(
      (await patch({ condition_name: "three_strikes", enabled: false }, await operator.cookieHeaders()))
        .status,
    ).toBe(403);
    const row = await testDatabase.database.haltConditionConfig.findUniqueOrThrow({
      where: { conditionName: "three_strikes" },
    });
    expect(row).toMatchObject({ enabled: true, threshold: { max_attempts: 3 } });
  });
});

describe("GET /api/halts counts at volume", () => {
  it("caps both counts at HALT_COUNT_CAP and says so; below the cap they are exact", async () => {
    const agentC = await createTestAgent(testDatabase.database);
    const session = await agentC.openSession();
    // HALT_COUNT_CAP + 2 events, 2 of them unacknowledged; written in one statement, not one by one.
    await testDatabase.database.$executeRawUnsafe(
      `insert into halt_events (session_id, halt_type, condition_name, severity, description, triggered_at,
                                acknowledged, acknowledged_at, acknowledged_by, resolution)
       select $1::uuid, 'scope', 'out_of_scope', 'medium', 'capped-count filler ' || i,
              now() - make_interval(secs => i), i > 2, case when i > 2 then now() end,
              case when i > 2 then 'test' end, case when i > 2 then 'resolved'::halt_resolution end
         from generate_series(1, $2::int) as i`,
      session.session_id,
      HALT_COUNT_CAP + 2,
    );
    const headers = await viewer.cookieHeaders();
    const all = await callRoute(haltsRoute.GET, {
      path: `/api/halts?session_id=${session.session_id}&limit=5`,
      headers,
    });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({
      total_count: HALT_COUNT_CAP,
      total_count_capped: true,
      unacknowledged_count: 2,
      unacknowledged_count_capped: false,
    });
    expect(all.body.halts).toHaveLength(5);
    const open = await callRoute(haltsRoute.GET, {
      path: `/api/halts?session_id=${session.session_id}&acknowledged=false`,
      headers,
    });
    expect(open.body).toMatchObject({
      total_count: 2,
      total_count_capped: false,
      unacknowledged_count: 2,
      unacknowledged_count_capped: false,
    });
    const acknowledged = await callRoute(haltsRoute.GET, {
      path: `/api/halts?session_id=${session.session_id}&acknowledged=true&limit=1`,
      headers,
    });
    // Exactly HALT_COUNT_CAP acknowledged events: the count is exact, not capped.
    expect(acknowledged.body).toMatchObject({ total_count: HALT_COUNT_CAP, total_count_capped: false });
    expect(acknowledged.body.unacknowledged_count).toBe(0);
  });

  it("a text search pages and counts like the plain list, below and beyond the cap", async () => {
    const headers = await viewer.cookieHeaders();
    const list = async (headers: Record<string, string>, query: string) =>
      callRoute(haltsRoute.GET, { path: `/api/halts${query}`, headers });
    const pages = async (query: string) => {
      const seen: string[] = [];
      let response = await list(headers, `${query}&limit=3`);
      const counts = response.body;
      for (;;) {
        seen.push(...response.body.halts.map((halt: { halt_id: string }) => halt.halt_id));
        if (!response.body.next_cursor) break;
        response = await list(headers, `${query}&limit=3&cursor=${response.body.next_cursor}`);
      }
      return { seen, counts };
    };
    // Below the cap: the search's pages are the plain list's pages restricted to the matches.
    const filler = await pages("?q=filler%2010");
    const plain = await testDatabase.database.haltEvent.findMany({
      where: { description: { contains: "filler 10", mode: "insensitive" } },
      orderBy: [{ triggeredAt: "desc" }, { id: "desc" }],
      select: { id: true, acknowledged: true },
    });
    expect(plain.length).toBeGreaterThan(3);
    expect(filler.seen).toEqual(plain.map((row) => row.id));
    expect(filler.counts).toMatchObject({
      total_count: plain.length,
      total_count_capped: false,
      unacknowledged_count: plain.filter((row) => !row.acknowledged).length,
    });
    // Beyond the cap (every filler event matches): capped total, the exact unacknowledged count, and a
    // page after the cursor of the previous one.
    const many = await list(headers, "?q=capped-count%20filler&limit=2");
    expect(many.body).toMatchObject({
      total_count: HALT_COUNT_CAP,
      total_count_capped: true,
      unacknowledged_count: 2,
      unacknowledged_count_capped: false,
    });
    const second = await list(headers, `?q=capped-count%20filler&limit=2&cursor=${many.body.next_cursor}`);
    const direct = await list(headers, "?q=capped-count%20filler&limit=4");
    expect(
      [...many.body.halts, ...second.body.halts].map((halt: { halt_id: string }) => halt.halt_id),
    ).toEqual(direct.body.halts.map((halt: { halt_id: string }) => halt.halt_id));
  });
});
