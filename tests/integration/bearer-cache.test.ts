/**
 * The per-process bearer cache (lib/auth/bearer-cache.ts) against a real PostgreSQL: a cached token stops
 * working as soon as it is revoked or its user is disabled, well before the cache's TTL, because the
 * database NOTIFYs `keel_credentials` on the change (a trigger, so any write path counts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAgentKey, createPersonalToken, revokeApiKey } from "@/lib/auth/api-keys";
import { BEARER_CACHE_TTL_MS, BearerCache, processBearerCache } from "@/lib/auth/bearer-cache";
import { createUser } from "@/lib/auth/users";
import { stopProcessWideCache } from "@/lib/cache/process-wide-cache";
import { createTestDatabase, type TestDatabase } from "./helpers/test-database";

let testDatabase: TestDatabase;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
});
afterAll(async () => {
  await stopProcessWideCache("bearer-identities");
  await testDatabase.drop();
});

/** Polls until `condition` holds; returns the milliseconds it took. */
async function within(timeoutMs: number, condition: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - started;
}

describe("bearer cache", () => {
  it("serves a cached identity without reading the key again, and never caches an unknown token", async () => {
    let clock = 0;
    const cache = new BearerCache({ ttlMs: 1_000, now: () => clock });
    const { token } = await createAgentKey(testDatabase.database, {
      name: "cache-a",
      scopes: ["halts:write"],
      createdByUserId: null,
    });
    expect((await cache.authenticate(testDatabase.database, token))?.kind).toBe("agent");
    // Revoked behind the cache's back (no listener on this instance): still served until the TTL ...
    await testDatabase.database.apiKey.updateMany({
      where: { name: "cache-a" },
      data: { revokedAt: new Date() },
    });
    expect(await cache.authenticate(testDatabase.database, token)).not.toBeNull();
    clock += 1_000;
    // ... and refused after it.
    expect(await cache.authenticate(testDatabase.database, token)).toBeNull();
    expect(await cache.authenticate(testDatabase.database, "keel_agent_unknown")).toBeNull();
  });

  it("a revoked agent key and a disabled user's token stop working well before the TTL", async () => {
    const cache = processBearerCache();
    const database = testDatabase.database;
    const agentKey = await createAgentKey(database, {
      name: "cache-b",
      scopes: ["halts:write"],
      createdByUserId: null,
    });
    const user = await createUser(database, {
      username: "cache-user",
      password: "cache-user-pw-1",
      role: "operator",
    });
    const personal = await createPersonalToken(database, { userId: user.id, name: "cache" });
    // The listener starts with the cache: wait until a change is seen through it.
    expect(await cache.authenticate(database, agentKey.token)).not.toBeNull();
    expect(await cache.authenticate(database, personal.token)).not.toBeNull();

    await revokeApiKey(database, { id: agentKey.key.id, kind: "agent" });
    const revokedAfter = await within(
      BEARER_CACHE_TTL_MS - 2_000,
      async () => (await cache.authenticate(database, agentKey.token)) === null,
    );
    expect(revokedAfter).toBeLessThan(BEARER_CACHE_TTL_MS);

    await database.user.update({ where: { id: user.id }, data: { disabledAt: new Date() } });
    await within(
      BEARER_CACHE_TTL_MS - 2_000,
      async () => (await cache.authenticate(database, personal.token)) === null,
    );
  });
});
