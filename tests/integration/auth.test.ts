/**
 * Sign-in, sessions, tokens, throttling, CSRF, first start and the CLI, against a real PostgreSQL.
 */
import { spawnSync } from "node:child_process";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as passwordRoute from "@/app/api/account/password/route";
import * as settingsRoute from "@/app/api/app-settings/route";
import * as sessionRoute from "@/app/api/auth/session/route";
import * as signInRoute from "@/app/api/auth/sign-in/route";
import * as signOutRoute from "@/app/api/auth/sign-out/route";
import * as tokenRoute from "@/app/api/tokens/[id]/route";
import * as tokensRoute from "@/app/api/tokens/route";
import * as userRoute from "@/app/api/users/[id]/route";
import { parseToken } from "@/lib/auth/api-token";
import { updateUser } from "@/lib/auth/users";
import { seed } from "../../prisma/seed";
import { createTestAgentKey, createTestUser, TEST_ORIGIN, uniqueName } from "./helpers/auth-fixtures";
import { callRoute } from "./helpers/call-route";
import { createTestDatabase, type TestDatabase } from "./helpers/test-database";

let testDatabase: TestDatabase;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
});
afterAll(async () => {
  await testDatabase.drop();
});

const settingsVersion = async () =>
  (await testDatabase.database.appSettings.findUniqueOrThrow({ where: { id: 1 } })).version;
const putSettings = (headers: Record<string, string>, json: unknown = { maxToolSteps: 33 }) =>
  callRoute(settingsRoute.PUT, { method: "PUT", path: "/api/app-settings", json, headers });

function signIn(username: string, password: string, headers: Record<string, string> = {}) {
  return callRoute(signInRoute.POST, {
    method: "POST",
    path: "/api/auth/sign-in",
    json: { username, password },
    headers,
  });
}
function cookieFrom(response: { headers: Headers }): string {
  const value = /keel_session=([^;]*)/.exec(response.headers.get("set-cookie") ?? "")?.[1];
  if (!value) throw new Error("no session cookie set");
  return `keel_session=${value}`;
}

describe("acceptance: who may change the settings", () => {
  it("refuses anonymous (401) and viewer (403) writes, accepts an operator's and names them, and a revoked token fails next time", async () => {
    const before = await settingsVersion();
    const anonymous = await putSettings({});
    expect([anonymous.status, anonymous.body.error.code]).toEqual([401, "unauthorized"]);
    const viewer = await createTestUser(testDatabase.database, "viewer");
    const viewerWrite = await putSettings(await viewer.tokenHeaders());
    expect([viewerWrite.status, viewerWrite.body.error.code]).toEqual([403, "forbidden"]);
    expect(await settingsVersion()).toBe(before);

    const operator = await createTestUser(testDatabase.database, "operator");
    const token = await operator.tokenHeaders();
    const accepted = await putSettings(token, { maxToolSteps: 41 });
    expect(accepted.status).toBe(200);
    expect(accepted.body.updatedBy).toBe(operator.username);
    const audit = await testDatabase.database.settingsChange.findFirstOrThrow({ orderBy: { id: "desc" } });
    expect([audit.actor, audit.field, audit.newValue]).toEqual([operator.username, "maxToolSteps", 41]);

    const tokenId = (await testDatabase.database.apiKey.findFirstOrThrow({ where: { userId: operator.id } }))
      .id;
    const revoke = await callRoute(tokenRoute.DELETE, {
      method: "DELETE",
      path: `/api/tokens/${tokenId}`,
      params: { id: tokenId },
      headers: token,
    });
    expect(revoke.status).toBe(200);
    const afterRevoke = await putSettings(token, { maxToolSteps: 42 });
    expect(afterRevoke.status).toBe(401);
    expect(
      (await testDatabase.database.appSettings.findUniqueOrThrow({ where: { id: 1 } })).maxToolSteps,
    ).toBe(41);
  });

  it("refuses an agent key for settings writes and a malformed bearer token", async () => {
    const agent = await createTestAgentKey(testDatabase.database, ["settings:read"]);
    expect((await putSettings(agent.headers)).status).toBe(403);
    expect((await putSettings({ authorization: "Bearer keel_pat_nonsense" })).status).toBe(401);
    expect((await putSettings({ authorization: "Basic YWRtaW46YWRtaW4=" })).status).toBe(401);
  });
});

describe("sign-in and sessions", () => {
  it("sets an httpOnly SameSite cookie that authenticates, and sign-out ends it", async () => {
    const user = await createTestUser(testDatabase.database, "operator");
    const response = await signIn(user.username.toUpperCase(), user.password, { origin: TEST_ORIGIN });
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ username: user.username, role: "operator" });
    const setCookie = response.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    const cookie = cookieFrom(response);
    const session = await callRoute(sessionRoute.GET, { path: "/api/auth/session", headers: { cookie } });
    expect(session.body).toEqual({
      user: { username: user.username, displayName: null, role: "operator" },
      via: "session",
    });

    const signOut = await callRoute(signOutRoute.POST, {
      method: "POST",
      path: "/api/auth/sign-out",
      headers: { cookie, origin: TEST_ORIGIN },
    });
    expect(signOut.status).toBe(204);
    expect(signOut.headers.get("set-cookie")).toMatch(/keel_session=;.*Max-Age=0/);
    expect(
      (await callRoute(sessionRoute.GET, { path: "/api/auth/session", headers: { cookie } })).status,
    ).toBe(401);
  });

  it("answers an unknown user, a wrong password and a disabled user with the same message", async () => {
    const user = await createTestUser(testDatabase.database, "viewer");
    const disabled = await createTestUser(testDatabase.database, "viewer");
    await updateUser(testDatabase.database, disabled.username, { disabled: true });
    const bodies = await Promise.all([
      signIn(uniqueName("nobody"), "whatever-password", { "x-keel-client-address": "10.9.0.1" }),
      signIn(user.username, "wrong-password-123", { "x-keel-client-address": "10.9.0.2" }),
      signIn(disabled.username, disabled.password, { "x-keel-client-address": "10.9.0.3" }),
    ]);
    expect(bodies.map((response) => response.status)).toEqual([401, 401, 401]);
    expect(new Set(bodies.map((response) => JSON.stringify(response.body))).size).toBe(1);
  });

  it("ends sessions and tokens of a disabled user, and sessions after a password change", async () => {
    const user = await createTestUser(testDatabase.database, "operator");
    const cookie = await user.cookieHeaders();
    const token = await user.tokenHeaders();
    const changed = await callRoute(passwordRoute.POST, {
      method: "POST",
      path: "/api/account/password",
      json: { currentPassword: user.password, newPassword: "a brand new password" },
      headers: cookie,
    });
    expect(changed.status).toBe(204);
    expect((await callRoute(sessionRoute.GET, { path: "/api/auth/session", headers: cookie })).status).toBe(
      401,
    );
    expect((await callRoute(sessionRoute.GET, { path: "/api/auth/session", headers: token })).status).toBe(
      200,
    );
    expect((await signIn(user.username, "a brand new password")).status).toBe(200);

    await updateUser(testDatabase.database, user.username, { disabled: true });
    expect((await callRoute(sessionRoute.GET, { path: "/api/auth/session", headers: token })).status).toBe(
      401,
    );
  });

  it("refuses a wrong current password when changing it, changing nothing", async () => {
    const user = await createTestUser(testDatabase.database, "viewer");
    const response = await callRoute(passwordRoute.POST, {
      method: "POST",
      path: "/api/account/password",
      json: { currentPassword: "not-the-password", newPassword: "another long password" },
      headers: await user.tokenHeaders(),
    });
    expect(response.status).toBe(400);
    expect((await signIn(user.username, user.password)).status).toBe(200);
  });

  it("never removes or demotes the last enabled admin", async () => {
    const admins = await testDatabase.database.user.findMany({ where: { role: "admin" } });
    for (const admin of admins)
      await testDatabase.database.user.update({ where: { id: admin.id }, data: { disabledAt: new Date() } });
    const admin = await createTestUser(testDatabase.database, "admin");
    const headers = await admin.tokenHeaders();
    const demote = await callRoute(userRoute.PATCH, {
      method: "PATCH",
      path: "/api/users/x",
      params: { id: admin.id },
      json: { role: "viewer" },
      headers,
    });
    expect([demote.status, demote.body.error.code]).toEqual([409, "conflict"]);
    const disable = await callRoute(userRoute.PATCH, {
      method: "PATCH",
      path: "/api/users/x",
      params: { id: admin.id },
      json: { disabled: true },
      headers,
    });
    expect(disable.status).toBe(409);
    expect((await testDatabase.database.user.findUniqueOrThrow({ where: { id: admin.id } })).role).toBe(
      "admin",
    );
    for (const other of admins)
      await testDatabase.database.user.update({ where: { id: other.id }, data: { disabledAt: null } });
  });
});

describe("throttling failed sign-ins", () => {
  it("locks an account after 5 failures (429 with Retry-After), even for the right password, without locking others", async () => {
    const user = await createTestUser(testDatabase.database, "viewer");
    const other = await createTestUser(testDatabase.database, "viewer");
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(
        (await signIn(user.username, `wrong-${attempt}-password`, { "x-keel-client-address": "10.1.0.1" }))
          .status,
      ).toBe(401);
    }
    const locked = await signIn(user.username, user.password, { "x-keel-client-address": "10.1.0.2" });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(locked.body.error.code).toBe("too_many_requests");
    expect(
      (await signIn(other.username, other.password, { "x-keel-client-address": "10.1.0.1" })).status,
    ).toBe(200);
  });

  it("locks a client address after 20 failures across accounts", async () => {
    const user = await createTestUser(testDatabase.database, "viewer");
    for (let attempt = 0; attempt < 20; attempt++) {
      await signIn(uniqueName("spray"), "wrong-password-xyz", { "x-keel-client-address": "10.2.0.9" });
    }
    const fromSprayer = await signIn(user.username, user.password, { "x-keel-client-address": "10.2.0.9" });
    expect(fromSprayer.status).toBe(429);
    const fromElsewhere = await signIn(user.username, user.password, {
      "x-keel-client-address": "10.2.0.10",
    });
    expect(fromElsewhere.status).toBe(200);
  });

  it("ignores a client-chosen X-Forwarded-For unless trusted proxies are configured", async () => {
    const user = await createTestUser(testDatabase.database, "viewer");
    for (let attempt = 0; attempt < 20; attempt++) {
      await signIn(uniqueName("spoof"), "wrong-password-xyz", {
        "x-forwarded-for": `203.0.113.${attempt}`,
        "x-keel-client-address": "10.3.0.1",
      });
    }
    expect(
      (
        await signIn(user.username, user.password, {
          "x-forwarded-for": "198.51.100.1",
          "x-keel-client-address": "10.3.0.1",
        })
      ).status,
    ).toBe(429);
    process.env.KEEL_TRUSTED_PROXIES = "1";
    try {
      const viaProxy = await signIn(user.username, user.password, {
        "x-forwarded-for": "198.51.100.1, 10.3.0.1",
        "x-keel-client-address": "10.3.0.1",
      });
      expect(viaProxy.status).toBe(429); // the proxy appended 10.3.0.1: the last entry is the client
      const other = await signIn(user.username, user.password, {
        "x-forwarded-for": "10.3.0.2",
        "x-keel-client-address": "10.0.0.254",
      });
      expect(other.status).toBe(200);
    } finally {
      delete process.env.KEEL_TRUSTED_PROXIES;
    }
  });
});

describe("CSRF: cookie-authenticated writes must be same-origin", () => {
  it.each([
    ["no Origin and no Sec-Fetch-Site", {}],
    ["a foreign Origin", { origin: "https://evil.example" }],
    ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site", origin: TEST_ORIGIN }],
    ["Sec-Fetch-Site: same-site", { "sec-fetch-site": "same-site" }],
    ["Origin: null", { origin: "null" }],
  ])("refuses a cookie write with %s", async (_name, extra) => {
    const operator = await createTestUser(testDatabase.database, "operator");
    const { cookie } = await operator.cookieHeaders();
    const before = await settingsVersion();
    const response = await putSettings({ cookie, ...extra });
    expect([response.status, response.body.error.code]).toEqual([403, "forbidden"]);
    expect(await settingsVersion()).toBe(before);
  });

  it("accepts same-origin cookie writes and bearer writes without any Origin", async () => {
    const operator = await createTestUser(testDatabase.database, "operator");
    const { cookie } = await operator.cookieHeaders();
    expect((await putSettings({ cookie, origin: TEST_ORIGIN }, { maxToolSteps: 50 })).status).toBe(200);
    expect(
      (await putSettings({ cookie, "sec-fetch-site": "same-origin" }, { maxToolSteps: 51 })).status,
    ).toBe(200);
    expect((await putSettings(await operator.tokenHeaders(), { maxToolSteps: 52 })).status).toBe(200);
  });

  it("refuses a cross-site sign-in (login CSRF) but allows clients that send no Origin", async () => {
    const user = await createTestUser(testDatabase.database, "viewer");
    expect((await signIn(user.username, user.password, { origin: "https://evil.example" })).status).toBe(403);
    expect((await signIn(user.username, user.password)).status).toBe(200);
  });
});

describe("secrets never reach the logs", () => {
  const written: string[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("logs no password or token during sign-in, token use and failures", async () => {
    const capture = (chunk: unknown) => {
      written.push(String(chunk));
      return true;
    };
    vi.spyOn(process.stdout, "write").mockImplementation(capture as typeof process.stdout.write);
    vi.spyOn(process.stderr, "write").mockImplementation(capture as typeof process.stderr.write);
    const user = await createTestUser(testDatabase.database, "operator");
    const tokenHeaders = await user.tokenHeaders();
    await signIn(user.username, user.password);
    await signIn(user.username, "wrong-password-for-log-test");
    await putSettings(tokenHeaders, { maxToolSteps: 60 });
    const created = await callRoute(tokensRoute.POST, {
      method: "POST",
      path: "/api/tokens",
      json: { name: "log test" },
      headers: tokenHeaders,
    });
    await putSettings({ authorization: `Bearer ${created.body.token}x` });
    // An outage the server must log: the database URL it failed to reach carries a password.
    const workingUrl = process.env.DATABASE_URL;
    process.env.DATABASE_URL = "postgresql://keel:hunter2hunter2@127.0.0.1:1/keel";
    try {
      const down = await callRoute(settingsRoute.GET, {
        path: "/api/app-settings",
        headers: tokenHeaders,
      });
      expect(down.status).toBe(503);
    } finally {
      process.env.DATABASE_URL = workingUrl;
    }
    vi.restoreAllMocks();
    const logs = written.join("");
    expect(logs).toContain("database unavailable");
    for (const secret of [
      user.password,
      "wrong-password-for-log-test",
      tokenHeaders.authorization!.slice(7),
      created.body.token,
      "hunter2hunter2",
    ]) {
      expect(logs).not.toContain(secret);
    }
  });
});

describe("first start and the CLI", () => {
  it("creates the first admin once, with a generated password stored only as a hash", async () => {
    await testDatabase.database.$executeRawUnsafe("truncate users cascade");
    const first = await seed(testDatabase.url, undefined);
    expect(first).toMatchObject({ created: true, generated: true });
    const password = (first as { password: string }).password;
    expect(password.length).toBeGreaterThanOrEqual(20);
    const admin = await testDatabase.database.user.findUniqueOrThrow({ where: { username: "admin" } });
    expect(admin.role).toBe("admin");
    expect(admin.passwordHash).toMatch(/^scrypt\$15\$8\$1\$/);
    expect(admin.passwordHash).not.toContain(password);
    expect((await signIn("admin", password)).status).toBe(200);
    expect(await seed(testDatabase.url, undefined)).toEqual({ created: false });
  });

  it("takes KEEL_ADMIN_PASSWORD on an empty database and refuses a weak one", async () => {
    await testDatabase.database.$executeRawUnsafe("truncate users cascade");
    await expect(seed(testDatabase.url, "short")).rejects.toThrow(/KEEL_ADMIN_PASSWORD/);
    expect(await seed(testDatabase.url, "a configured admin password")).toEqual({
      created: true,
      password: "a configured admin password",
      generated: false,
    });
    expect((await signIn("admin", "a configured admin password")).status).toBe(200);
  });

  /** A CLI test spawns `npm run keel` processes (a cold tsx start each): generous on a busy host. */
  const CLI_TEST_MS = 300_000;

  function keel(args: string[], input?: string) {
    return spawnSync(process.execPath, ["--import", "tsx", "scripts/keel.ts", ...args], {
      env: { ...process.env, DATABASE_URL: testDatabase.url },
      encoding: "utf8",
      input,
      timeout: 60_000,
    });
  }

  it(
    "manages users and prints new tokens alone on the last line",
    async () => {
      const name = uniqueName("cli");
      const added = keel(
        ["user", "add", name, "--role", "operator", "--password-stdin"],
        "cli password 12345\n",
      );
      expect(added.stderr).toBe("");
      expect(added.status).toBe(0);
      expect((await signIn(name, "cli password 12345")).status).toBe(200);

      const token = keel(["token", "create", "--user", name]).stdout.trim().split("\n").at(-1)!;
      expect(token).toMatch(/^keel_pat_[A-Za-z0-9]{10}_[A-Za-z0-9_-]{43}$/);
      expect((await putSettings({ authorization: `Bearer ${token}` }, { maxToolSteps: 70 })).status).toBe(
        200,
      );

      const agentKey = keel(["agent-key", "create", "--name", "ci-bot", "--scopes", "halts:read,halts:write"])
        .stdout.trim()
        .split("\n")
        .at(-1)!;
      expect(agentKey).toMatch(/^keel_agent_/);
      const stored = await testDatabase.database.apiKey.findFirstOrThrow({ where: { name: "ci-bot" } });
      expect(stored.scopes).toEqual(["halts:read", "halts:write"]);
      // The secret may itself hold "_" (base64url): split on "_", its last piece could be one letter that
      // any hex hash contains. parseToken reads the secret as the server does.
      const secret = parseToken(agentKey)?.secret;
      expect(secret).toHaveLength(43);
      expect(stored.secretHash).not.toContain(secret);

      expect(keel(["user", "role", name, "viewer"]).status).toBe(0);
      expect((await putSettings({ authorization: `Bearer ${token}` })).status).toBe(403);
      expect(keel(["user", "disable", name]).status).toBe(0);
      expect((await putSettings({ authorization: `Bearer ${token}` })).status).toBe(401);
      // Six CLI processes, each a cold tsx start: bounded by CLI_TEST_MS, not by the host's speed.
    },
    CLI_TEST_MS,
  );

  it.each([
    [["agent-key", "create", "--name", "x", "--scopes", "everything"]],
    [["user", "add"]],
    [["user", "role", "someone", "superuser"]],
    [["token", "create"]],
    [["frobnicate"]],
    [["user", "add", "x", "--unknown-flag"]],
  ])(
    "exits 2 with the usage for %j",
    (args) => {
      const result = keel(args);
      expect(result.status).toBe(2);
      expect(result.stderr).toContain("usage: npm run keel");
    },
    CLI_TEST_MS,
  );
});
