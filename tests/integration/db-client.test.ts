/**
 * The pg pool under the Prisma client (lib/db/client.ts): the hot-path statements run on it as named
 * prepared statements, and after $disconnect (the pool ended) they go through the client, which
 * reconnects by itself.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authenticateBearer, createAgentKey, revokeApiKey } from "@/lib/auth/api-keys";
import { createPrismaClient, poolOf, queryPrepared } from "@/lib/db/client";
import { createTestDatabase, type TestDatabase } from "./helpers/test-database";

let testDatabase: TestDatabase;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
});

afterAll(async () => {
  await testDatabase.drop();
});

describe("the client's pool", () => {
  it("runs prepared statements on the client's own connections, and falls back after $disconnect", async () => {
    const client = createPrismaClient(testDatabase.url);
    const pool = poolOf(client);
    expect(pool).not.toBeNull();
    const statement = { name: "keel_test_add", text: "select $1::int + 1 as value", values: [41] };
    expect(await queryPrepared<{ value: number }>(client, statement)).toEqual([{ value: 42 }]);
    await client.$queryRaw`select 1`; // the client connects its adapter lazily; $disconnect then ends the pool
    await client.$disconnect();
    expect(poolOf(client)).toBeNull();
    const [row] = await queryPrepared<{ value: number }>(client, statement);
    expect(Number(row!.value)).toBe(42);
    await client.$disconnect();
  });

  it("authenticates a key and reads the session in one statement; a revoked key fails at once", async () => {
    const database = testDatabase.database;
    const key = await createAgentKey(database, {
      name: "pool-test",
      scopes: ["halts:write"],
      createdByUserId: null,
    });
    const session = await database.agentSession.create({
      data: { sessionToken: "ses_pool_test", agentName: "pool-test", apiKeyId: key.key.id },
    });
    const found = await authenticateBearer(database, key.token, new Date(), {
      sessionToken: "ses_pool_test",
    });
    expect(found).toMatchObject({ kind: "agent", keyId: key.key.id, session: { id: session.id } });
    const unknown = await authenticateBearer(database, key.token, new Date(), { sessionToken: "ses_nope" });
    expect(unknown?.session).toBeNull();
    expect((await authenticateBearer(database, key.token))?.session).toBeUndefined();
    await revokeApiKey(database, { id: key.key.id, kind: "agent" });
    expect(
      await authenticateBearer(database, key.token, new Date(), { sessionToken: "ses_pool_test" }),
    ).toBeNull();
  });
});
