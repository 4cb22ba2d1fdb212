/**
 * The agent session cache of the halt check (lib/auth/agent-session-cache.ts) on a real database: a
 * session changed or deleted by another process (plain SQL on another connection: only the trigger's
 * NOTIFY can tell this process) is dropped within a bounded time; without a live LISTEN nothing is served
 * from the cache; a killed LISTEN connection, or a database that stops answering with its sockets open,
 * takes the cache out of use until it has reconnected; a read
 * overtaken by a change is not kept; and through the routes, a halt recorded, a halt acknowledged and a
 * halt auto-recorded by a check are seen by the very next check of this process even when no
 * notification arrives (a cache that hears none: only the writes' own invalidation can drop the row).
 */
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as acknowledgeRoute from "@/app/api/halts/[id]/acknowledge/route";
import * as checkRoute from "@/app/api/halts/check/route";
import * as haltsRoute from "@/app/api/halts/route";
import {
  AGENT_SESSION_CACHE_NAME,
  AgentSessionCache,
  stopProcessAgentSessionCaches,
} from "@/lib/auth/agent-session-cache";
import { ApiKeyCache } from "@/lib/auth/api-key-cache";
import { authenticateBearer, createAgentKey } from "@/lib/auth/api-keys";
import { processNotifyKeyedCache } from "@/lib/cache/notify-keyed-cache";
import { haltCheckBody } from "../../bench/support/halt-check-body";
import { startFreezableProxy } from "./helpers/freezable-proxy";
import { killListenConnections } from "./helpers/kill-listeners";
import { createTestDatabase, type TestDatabase } from "./helpers/test-database";

let testDatabase: TestDatabase;
const caches: { stop(): Promise<void> }[] = [];

beforeAll(async () => {
  testDatabase = await createTestDatabase();
});

afterEach(async () => {
  await Promise.all(caches.splice(0).map((cache) => cache.stop()));
});

afterAll(async () => {
  await stopProcessAgentSessionCaches();
  await testDatabase.drop();
});

async function live<Cache extends AgentSessionCache | ApiKeyCache>(cache: Cache): Promise<Cache> {
  caches.push(cache);
  await cache.listen(testDatabase.url);
  await expect.poll(() => cache.isLive, { timeout: 15_000 }).toBe(true);
  return cache;
}

async function agentWithSession(name: string) {
  const key = await createAgentKey(testDatabase.database, {
    name,
    scopes: ["halts:read", "halts:write"],
    createdByUserId: null,
  });
  const session = await testDatabase.database.agentSession.create({
    data: { sessionToken: `ses_cache_${name}`, agentName: name, apiKeyId: key.key.id },
  });
  return { token: key.token, session };
}

/** Runs SQL like another process would: a connection of its own, no local invalidation. */
async function elsewhere(sql: string, values: unknown[]): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabase.url });
  await client.connect();
  try {
    await client.query(sql, values);
  } finally {
    await client.end();
  }
}

describe("the agent session cache", () => {
  it("serves a session from memory and drops it once another process changes or deletes it (NOTIFY)", async () => {
    const sessionCache = await live(new AgentSessionCache());
    const cache = await live(new ApiKeyCache());
    const { token, session } = await agentWithSession("changed");
    const database = testDatabase.database;
    const lookup = () =>
      authenticateBearer(database, token, new Date(), {
        sessionToken: session.sessionToken,
        cache,
        sessionCache,
      });
    expect((await lookup())?.session).toMatchObject({ id: session.id, state: "active" });
    expect(sessionCache.get(session.sessionToken)?.state).toBe("active");
    // Key and session both from memory now: the same answer.
    expect((await lookup())?.session).toMatchObject({ id: session.id, state: "active" });

    await elsewhere("update agent_sessions set state = 'paused' where id = $1", [session.id]);
    await expect.poll(() => sessionCache.get(session.sessionToken), { timeout: 10_000 }).toBeUndefined();
    expect((await lookup())?.session).toMatchObject({ id: session.id, state: "paused" });
    expect(sessionCache.get(session.sessionToken)?.state).toBe("paused");

    await elsewhere("delete from agent_sessions where id = $1", [session.id]);
    await expect.poll(() => sessionCache.get(session.sessionToken), { timeout: 10_000 }).toBeUndefined();
    expect((await lookup())?.session).toBeNull();
    // An unknown token is never kept.
    expect(sessionCache.get(session.sessionToken)).toBeUndefined();
  });

  it("is not used without a live LISTEN, and goes out of use while its connection is killed", async () => {
    const idle = new AgentSessionCache();
    const { token, session } = await agentWithSession("listener");
    const database = testDatabase.database;
    const lookup = (sessionCache: AgentSessionCache) =>
      authenticateBearer(database, token, new Date(), { sessionToken: session.sessionToken, sessionCache });
    expect((await lookup(idle))?.session?.state).toBe("active");
    expect(idle.get(session.sessionToken)).toBeUndefined();

    const sessionCache = await live(new AgentSessionCache());
    await lookup(sessionCache);
    expect(sessionCache.get(session.sessionToken)).toBeDefined();
    await killListenConnections(testDatabase.url, "keel_agent_sessions");
    await expect.poll(() => sessionCache.isLive, { timeout: 10_000 }).toBe(false);
    expect(sessionCache.get(session.sessionToken)).toBeUndefined();
    await expect.poll(() => sessionCache.isLive, { timeout: 20_000 }).toBe(true);
    // Everything was dropped on reconnect (notifications sent meanwhile are lost).
    expect(sessionCache.get(session.sessionToken)).toBeUndefined();

    await sessionCache.stop();
    await elsewhere("update agent_sessions set state = 'halted' where id = $1", [session.id]);
    // Nobody heard the NOTIFY, yet the very next lookup reads the database.
    expect((await lookup(sessionCache))?.session?.state).toBe("halted");
  });

  it("goes out of use when the database stops answering (sockets open), and back once it answers", async () => {
    const proxy = await startFreezableProxy(testDatabase.url);
    try {
      const sessionCache = new AgentSessionCache({ heartbeatMs: 200 });
      caches.push(sessionCache);
      await sessionCache.listen(proxy.url);
      await expect.poll(() => sessionCache.isLive, { timeout: 15_000 }).toBe(true);
      const { token, session } = await agentWithSession("hung");
      await authenticateBearer(testDatabase.database, token, new Date(), {
        sessionToken: session.sessionToken,
        sessionCache,
      });
      expect(sessionCache.get(session.sessionToken)).toBeDefined();
      // No byte passes any more, nothing is closed: only the heartbeat can tell.
      proxy.freeze();
      await expect.poll(() => sessionCache.isLive, { timeout: 10_000 }).toBe(false);
      expect(sessionCache.get(session.sessionToken)).toBeUndefined();
      proxy.thaw();
      await expect.poll(() => sessionCache.isLive, { timeout: 30_000 }).toBe(true);
      expect(sessionCache.get(session.sessionToken)).toBeUndefined();
    } finally {
      await proxy.close();
    }
  });

  it("does not keep a read that a change overtook", async () => {
    const sessionCache = await live(new AgentSessionCache());
    const { session } = await agentWithSession("overtaken");
    const ticket = sessionCache.ticket();
    sessionCache.invalidate(session.sessionToken); // a change landing while the row was being read
    sessionCache.set(session.sessionToken, session, ticket);
    expect(sessionCache.get(session.sessionToken)).toBeUndefined();
  });

  it("the next check sees a halt recorded, acknowledged or auto-recorded in this process without any NOTIFY", async () => {
    // The process-wide cache of this test hears no notifications (live, but no LISTEN): only the
    // invalidation the writes do after they commit can drop a cached session.
    class DeafSessionCache extends AgentSessionCache {
      override async listen(): Promise<void> {
        this.setLive(true);
      }
    }
    await stopProcessAgentSessionCaches();
    const deaf = processNotifyKeyedCache(
      AGENT_SESSION_CACHE_NAME,
      "KEEL_AGENT_SESSION_CACHE",
      () => new DeafSessionCache(),
    )!;
    expect(deaf.isLive).toBe(true);
    const { token, session } = await agentWithSession("route");
    const post = async (
      handler: typeof checkRoute.POST,
      path: string,
      body: unknown,
      params: Record<string, string> = {},
    ) => {
      const response = await handler(
        new Request(`http://keel.test${path}`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: typeof body === "string" ? body : JSON.stringify(body),
        }),
        { params: Promise.resolve(params as Record<string, never>) },
      );
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const cleanCheck = () => post(checkRoute.POST, "/api/halts/check", haltCheckBody(session.sessionToken));
    const reasons = (body: Record<string, unknown>) =>
      (body.halt_reasons as { condition_name: string }[]).map((reason) => reason.condition_name);

    expect((await cleanCheck()).body.should_halt).toBe(false);
    expect(deaf.get(session.sessionToken)?.state).toBe("active");

    const recorded = await post(haltsRoute.POST, "/api/halts", {
      session_token: session.sessionToken,
      halt_type: "scope",
      condition_name: "out_of_scope",
      severity: "high",
      description: "The operation touches billing, outside the task's scope",
    });
    expect(recorded.status).toBe(201);
    const halted = await cleanCheck();
    expect(halted.body.should_halt).toBe(true);
    expect(reasons(halted.body)).toEqual(["session_halted"]);
    expect(deaf.get(session.sessionToken)?.state).toBe("halted");

    const haltId = recorded.body.halt_id as string;
    const acknowledged = await post(
      acknowledgeRoute.POST as unknown as typeof checkRoute.POST,
      `/api/halts/${haltId}/acknowledge`,
      { session_token: session.sessionToken, resolution: "resolved" },
      { id: haltId },
    );
    expect(acknowledged.status).toBe(200);
    expect((await cleanCheck()).body.should_halt).toBe(false);
    expect(deaf.get(session.sessionToken)?.state).toBe("active");

    const risky = await post(checkRoute.POST, "/api/halts/check", {
      session_token: session.sessionToken,
      current_context: { operation: "fix permissions", commands: ["sudo chmod 777 /srv/app"] },
    });
    expect(reasons(risky.body)).toContain("privilege_escalation");
    const afterAutoRecord = await cleanCheck();
    expect(afterAutoRecord.body.should_halt).toBe(true);
    expect(reasons(afterAutoRecord.body)).toEqual(["session_halted"]);
  });
});
