/**
 * Sign-in throttling under concurrency, over real HTTP against the real route and PostgreSQL: each
 * burst comes from its own loopback address (the server stamps the socket's address, as in production),
 * and every request is in flight at the same time. Each 401 is one password verification.
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as signInRoute from "@/app/api/auth/sign-in/route";
import { serveRoutes } from "@/tests/fixtures/route-server";
import { createTestUser, uniqueName } from "./helpers/auth-fixtures";
import { createTestDatabase, type TestDatabase } from "./helpers/test-database";

let testDatabase: TestDatabase;
let server: { url: string; close(): Promise<void> };
beforeAll(async () => {
  testDatabase = await createTestDatabase();
  server = await serveRoutes({ "/api/auth/sign-in": { POST: signInRoute.POST } });
});
afterAll(async () => {
  await server?.close();
  await testDatabase.drop();
});

/** POSTs a sign-in from `localAddress` (any 127.x.y.z reaches the loopback server). */
function signIn(username: string, password: string, localAddress: string): Promise<number> {
  const body = JSON.stringify({ username, password });
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${server.url}/api/auth/sign-in`,
      {
        method: "POST",
        localAddress,
        agent: false,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

const tally = (statuses: number[]) => ({
  verified: statuses.filter((status) => status === 401 || status === 200).length,
  200: statuses.filter((status) => status === 200).length,
  401: statuses.filter((status) => status === 401).length,
  429: statuses.filter((status) => status === 429).length,
  other: statuses.filter((status) => ![200, 401, 429].includes(status)),
});

describe("sign-in throttling is atomic", () => {
  it("30 concurrent wrong passwords for one account get exactly 5 verifications, the rest 429", async () => {
    const user = await createTestUser(testDatabase.database, "viewer");
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, index) => signIn(user.username, `wrong-${index}-pw`, "127.0.9.1")),
    );
    expect(tally(statuses)).toEqual({ verified: 5, 200: 0, 401: 5, 429: 25, other: [] });
    // Locked now even for the right password, from anywhere.
    expect(await signIn(user.username, user.password, "127.0.9.2")).toBe(429);
  });

  it("30 concurrent wrong passwords across accounts from one address get exactly 20 verifications", async () => {
    const statuses = await Promise.all(
      Array.from({ length: 30 }, () => signIn(uniqueName("spray"), "wrong-password-xyz", "127.0.9.3")),
    );
    expect(tally(statuses)).toEqual({ verified: 20, 200: 0, 401: 20, 429: 10, other: [] });
    const user = await createTestUser(testDatabase.database, "viewer");
    expect(await signIn(user.username, user.password, "127.0.9.3")).toBe(429);
    expect(await signIn(user.username, user.password, "127.0.9.4")).toBe(200);
  });

  it("one failure short of the lock, 12 concurrent attempts with the right password among them get one verification", async () => {
    const user = await createTestUser(testDatabase.database, "viewer");
    for (let attempt = 0; attempt < 4; attempt++)
      expect(await signIn(user.username, `wrong-${attempt}-pw`, "127.0.9.5")).toBe(401);
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        signIn(user.username, index === 6 ? user.password : `wrong-${index}-pw`, "127.0.9.5"),
      ),
    );
    const counted = tally(statuses);
    expect(counted.verified).toBe(1);
    expect(counted[429]).toBe(11);
    expect(counted.other).toEqual([]);
  });

  it("a fresh burst of 12 with one right password behaves like some order of 12 sequential attempts", async () => {
    const user = await createTestUser(testDatabase.database, "viewer");
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        signIn(user.username, index === 11 ? user.password : `wrong-${index}-pw`, "127.0.9.6"),
      ),
    );
    const counted = tally(statuses);
    expect(counted.other).toEqual([]);
    // Without the success: exactly 5 wrong passwords are checked. With it: at most 4 before it and 5
    // after it (the success forgives the failures before it, as a sequential sign-in would).
    if (counted[200] === 0) expect(counted[401]).toBe(5);
    else expect(counted[401]).toBeLessThanOrEqual(9);
    expect(counted[429]).toBeGreaterThanOrEqual(2);
  });
});
