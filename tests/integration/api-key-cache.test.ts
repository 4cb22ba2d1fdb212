/**
 * The agent key cache of the halt check (lib/auth/api-key-cache.ts) on a real database: a key revoked
 * by another process (plain SQL on another connection: only the trigger's NOTIFY can tell this process)
 * is refused within a bounded time; without a live LISTEN nothing is served from the cache; a killed
 * LISTEN connection takes the cache out of use until it has reconnected; a read overtaken by a
 * revocation is not kept; the route refuses a key revoked through the API on its very next request.
 */
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as checkRoute from "@/app/api/halts/check/route";
import { ApiKeyCache, processApiKeyCache, stopProcessApiKeyCaches } from "@/lib/auth/api-key-cache";
import { authenticateBearer, createAgentKey, revokeApiKey } from "@/lib/auth/api-keys";
import { parseToken } from "@/lib/auth/api-token";
import { haltCheckBody } from "../../bench/support/halt-check-body";
import { killListenConnections } from "./helpers/kill-listeners";
import { createTestDatabase, type TestDatabase } from "./helpers/test-database";

let testDatabase: TestDatabase;
const caches: ApiKeyCache[] = [];

beforeAll(async () => {
  testDatabase = await createTestDatabase();
});

afterEach(async () => {
  await Promise.all(caches.splice(0).map((cache) => cache.stop()));
});

afterAll(async () => {
  await stopProcessApiKeyCaches();
  await testDatabase.drop();
});

async function liveCache(): Promise<ApiKeyCache> {
  const cache = new ApiKeyCache();
  caches.push(cache);
  await cache.listen(testDatabase.url);
  await expect.poll(() => cache.isLive, { timeout: 15_000 }).toBe(true);
  return cache;
}

async function agentKey(name: string) {
  const key = await createAgentKey(testDatabase.database, {
    name,
    scopes: ["halts:write"],
    createdByUserId: null,
  });
  return { ...key, prefix: parseToken(key.token)!.prefix };
}

/** Revokes like another process would: plain SQL on a connection of its own, no local invalidation. */
async function revokeElsewhere(keyId: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabase.url });
  await client.connect();
  try {
    await client.query("update api_keys set revoked_at = now() where id = $1", [keyId]);
  } finally {
    await client.end();
  }
}

describe("the agent key cache", () => {
  it("serves a key from memory and refuses it once another process revokes it (NOTIFY)", async () => {
    const cache = await liveCache();
    const key = await agentKey("cached");
    const database = testDatabase.database;
    expect(await authenticateBearer(database, key.token, new Date(), { cache })).toMatchObject({
      kind: "agent",
      keyId: key.key.id,
    });
    expect(cache.get(key.prefix)?.id).toBe(key.key.id);
    // A wrong secret with a cached prefix is still refused: the hash is checked every time.
    const forged = key.token.replace(/.$/, (last) => (last === "A" ? "B" : "A"));
    expect(await authenticateBearer(database, forged, new Date(), { cache })).toBeNull();
    await revokeElsewhere(key.key.id);
    await expect.poll(() => cache.get(key.prefix), { timeout: 10_000 }).toBeUndefined();
    expect(await authenticateBearer(database, key.token, new Date(), { cache })).toBeNull();
  });

  it("is not used without a live LISTEN: before connecting, and after the listener stopped", async () => {
    const idle = new ApiKeyCache();
    const key = await agentKey("never-live");
    const database = testDatabase.database;
    expect(await authenticateBearer(database, key.token, new Date(), { cache: idle })).not.toBeNull();
    expect(idle.get(key.prefix)).toBeUndefined();

    const cache = await liveCache();
    expect(await authenticateBearer(database, key.token, new Date(), { cache })).not.toBeNull();
    expect(cache.get(key.prefix)).toBeDefined();
    await cache.stop();
    expect(cache.isLive).toBe(false);
    await revokeElsewhere(key.key.id);
    // Nobody heard the NOTIFY, yet the very next lookup reads the database and refuses the key.
    expect(await authenticateBearer(database, key.token, new Date(), { cache })).toBeNull();
  });

  it("goes out of use when its LISTEN connection is killed, and back once it has reconnected", async () => {
    const cache = await liveCache();
    const key = await agentKey("listener-killed");
    const database = testDatabase.database;
    await authenticateBearer(database, key.token, new Date(), { cache });
    expect(cache.get(key.prefix)).toBeDefined();
    await killListenConnections(testDatabase.url, "keel_api_keys");
    await expect.poll(() => cache.isLive, { timeout: 10_000 }).toBe(false);
    expect(cache.get(key.prefix)).toBeUndefined();
    await expect.poll(() => cache.isLive, { timeout: 20_000 }).toBe(true);
    // Everything was dropped on reconnect (notifications sent meanwhile are lost).
    expect(cache.get(key.prefix)).toBeUndefined();
    await revokeElsewhere(key.key.id);
    expect(await authenticateBearer(database, key.token, new Date(), { cache })).toBeNull();
  });

  it("does not keep a read that a revocation overtook", async () => {
    const cache = await liveCache();
    const key = await agentKey("overtaken");
    const ticket = cache.ticket();
    cache.invalidate(key.prefix); // a revocation landing while the row was being read
    cache.set(
      key.prefix,
      {
        id: key.key.id,
        kind: "agent",
        secretHash: "00",
        revokedAt: null,
        lastUsedAt: null,
        name: "overtaken",
        scopes: ["halts:write"],
      },
      ticket,
    );
    expect(cache.get(key.prefix)).toBeUndefined();
  });

  it("the halt check refuses a key revoked through the API on the very next request", async () => {
    const database = testDatabase.database;
    const key = await agentKey("route");
    const session = await database.agentSession.create({
      data: { sessionToken: "ses_key_cache_route", agentName: "route", apiKeyId: key.key.id },
    });
    const check = () =>
      checkRoute.POST(
        new Request("http://keel.test/api/halts/check", {
          method: "POST",
          headers: { authorization: `Bearer ${key.token}`, "content-type": "application/json" },
          body: haltCheckBody(session.sessionToken),
        }),
        { params: Promise.resolve({}) },
      );
    const cache = processApiKeyCache()!;
    await expect.poll(() => cache.isLive, { timeout: 15_000 }).toBe(true);
    expect((await check()).status).toBe(200);
    expect((await check()).status).toBe(200);
    expect(cache.get(key.prefix)).toBeDefined();
    await revokeApiKey(database, { id: key.key.id, kind: "agent" });
    expect((await check()).status).toBe(401);
  });
});
