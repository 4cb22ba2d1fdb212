import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as changesRoute from "@/app/api/app-settings/changes/route";
import * as settingsRoute from "@/app/api/app-settings/route";
import * as healthRoute from "@/app/api/health/route";
import * as statusRoute from "@/app/api/runtime/status/route";
import { guardMode, guardModeUpdate } from "@/lib/guards/guard-mode";
import { DEFAULT_RUNTIME_FLAGS } from "@/lib/schemas/settings";
import { createTestUser } from "./helpers/auth-fixtures";
import { callRoute } from "./helpers/call-route";
import { createTestDatabase, type TestDatabase } from "./helpers/test-database";

let testDatabase: TestDatabase;
/** An operator's personal access token: the API contract is tested as an authorised caller. */
let operatorHeaders: Record<string, string>;
let operatorName: string;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  const operator = await createTestUser(testDatabase.database, "operator");
  operatorHeaders = await operator.tokenHeaders();
  operatorName = operator.username;
});
afterAll(async () => {
  await testDatabase.drop();
});

async function resetSettings() {
  await testDatabase.database.$executeRawUnsafe(
    "alter table settings_changes disable trigger settings_changes_append_only",
  );
  await testDatabase.database.$executeRawUnsafe("delete from settings_changes");
  await testDatabase.database.$executeRawUnsafe(
    "alter table settings_changes enable trigger settings_changes_append_only",
  );
  await testDatabase.database.appSettings.deleteMany();
  await testDatabase.database.appSettings.create({ data: { id: 1 } });
}

async function currentState() {
  const settings = await testDatabase.database.appSettings.findUniqueOrThrow({ where: { id: 1 } });
  const changes = await testDatabase.database.settingsChange.count();
  return { settings, changes };
}

const put = (json: unknown, headers: Record<string, string> = {}) =>
  callRoute(settingsRoute.PUT, {
    method: "PUT",
    path: "/api/app-settings",
    json,
    headers: { ...operatorHeaders, ...headers },
  });
const get = (handler: Parameters<typeof callRoute>[0], path: string) =>
  callRoute(handler, { path, headers: operatorHeaders });

describe("GET /api/app-settings", () => {
  beforeEach(resetSettings);

  it("returns every switch with its default, the version and an ETag", async () => {
    const response = await get(settingsRoute.GET, "/api/app-settings");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ ...DEFAULT_RUNTIME_FLAGS, version: 1, updatedBy: null });
    expect(response.headers.get("etag")).toBe('"1"');
  });

  it("creates the row with defaults when it is missing", async () => {
    await testDatabase.database.appSettings.deleteMany();
    const response = await get(settingsRoute.GET, "/api/app-settings");
    expect(response.status).toBe(200);
    expect(response.body.toolResultQuarantineEnabled).toBe(true);
  });
});

describe("PUT /api/app-settings", () => {
  beforeEach(resetSettings);

  it("applies a partial update, bumps the version and writes one audit row per changed field", async () => {
    const response = await put(
      { toolResultQuarantineEnabled: false, maxToolSteps: 40 },
      { "if-match": '"1"' },
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      toolResultQuarantineEnabled: false,
      maxToolSteps: 40,
      version: 2,
      updatedBy: operatorName,
    });
    expect(response.body.toolBudgetWrapupEnabled).toBe(true);
    const changes = await testDatabase.database.settingsChange.findMany({ orderBy: { field: "asc" } });
    expect(
      changes.map((change) => [change.field, change.oldValue, change.newValue, change.version, change.actor]),
    ).toEqual([
      ["maxToolSteps", 24, 40, 2, operatorName],
      ["toolResultQuarantineEnabled", true, false, 2, operatorName],
    ]);
  });

  it("ignores fields whose value does not change (no new version, no audit row)", async () => {
    const response = await put({ toolResultQuarantineEnabled: true });
    expect(response.status).toBe(200);
    expect(response.body.version).toBe(1);
    expect((await currentState()).changes).toBe(0);
  });

  it("round-trips the audit gate's Shadow switch: stored in its column, audited, read back, refused when not a boolean", async () => {
    const shadow = await put(guardModeUpdate("audit_gate", "shadow"), { "if-match": '"1"' });
    expect(shadow.status).toBe(200);
    expect(shadow.body).toMatchObject({ auditGateEnabled: false, auditGateShadow: true, version: 2 });
    expect((await currentState()).settings.auditGateShadow).toBe(true);
    const [loaded] = await testDatabase.database.$queryRaw<{ audit_gate_shadow: boolean }[]>`
      select audit_gate_shadow from app_settings where id = 1`;
    expect(loaded?.audit_gate_shadow).toBe(true);
    const read = await get(settingsRoute.GET, "/api/app-settings");
    expect(guardMode(read.body, "audit_gate")).toBe("shadow");

    const on = await put(guardModeUpdate("audit_gate", "on"));
    expect(on.body).toMatchObject({ auditGateEnabled: true, auditGateShadow: false, version: 3 });
    expect(guardMode(on.body, "audit_gate")).toBe("on");
    const changes = await testDatabase.database.settingsChange.findMany({
      where: { field: "auditGateShadow" },
      orderBy: { id: "asc" },
    });
    expect(changes.map((change) => [change.oldValue, change.newValue, change.version])).toEqual([
      [false, true, 2],
      [true, false, 3],
    ]);

    const before = await currentState();
    const bad = await put({ auditGateShadow: "yes" });
    expect(bad.status).toBe(400);
    expect(await currentState()).toEqual(before);
  });

  it("records null for the audit gate prompt when it returns to the built-in one", async () => {
    await put({ auditGatePrompt: "Check every tool call." });
    const response = await put({ auditGatePrompt: null });
    expect(response.body.auditGatePrompt).toBeNull();
    const last = await testDatabase.database.settingsChange.findFirstOrThrow({ orderBy: { id: "desc" } });
    expect([last.oldValue, last.newValue]).toEqual(["Check every tool call.", null]);
  });

  it("answers 409 with the current settings on a stale If-Match and changes nothing", async () => {
    await put({ maxToolSteps: 30 });
    const before = await currentState();
    const response = await put({ maxToolSteps: 50 }, { "if-match": "1" });
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe("conflict");
    expect(response.body.current).toMatchObject({ maxToolSteps: 30, version: 2 });
    expect(await currentState()).toEqual(before);
  });

  it('accepts W/"v", "v", v and * as If-Match', async () => {
    expect((await put({ maxToolSteps: 2 }, { "if-match": 'W/"1"' })).status).toBe(200);
    expect((await put({ maxToolSteps: 3 }, { "if-match": '"2"' })).status).toBe(200);
    expect((await put({ maxToolSteps: 4 }, { "if-match": "3" })).status).toBe(200);
    expect((await put({ maxToolSteps: 5 }, { "if-match": "*" })).status).toBe(200);
  });

  it("fires a NOTIFY with the new version on the settings channel", async () => {
    const listener = new pg.Client({ connectionString: testDatabase.url });
    await listener.connect();
    try {
      await listener.query("LISTEN keel_settings");
      const notified = new Promise<string | undefined>((resolve) =>
        listener.once("notification", (message) => resolve(message.payload)),
      );
      await put({ toolScaffoldingGuardEnabled: false });
      expect(JSON.parse((await notified) ?? "null")).toEqual({ version: 2 });
    } finally {
      await listener.end();
    }
  });

  const badBodies: [string, unknown, string][] = [
    ["an unknown field", { toolResultQuarantineEnabled: false, bogus: 1 }, "unrecognized_keys"],
    ["an empty object", {}, "custom"],
    ["a string for a boolean", { toolResultQuarantineEnabled: "false" }, "invalid_type"],
    ["max tool steps 0", { maxToolSteps: 0 }, "too_small"],
    ["max tool steps 201", { maxToolSteps: 201 }, "too_big"],
    ["a fractional max tool steps", { maxToolSteps: 2.5 }, "invalid_type"],
    ["an unknown judge mode", { autonomousCompletionJudgeMode: "always" }, "invalid_value"],
    ["clarifications above 10", { auditGateMaxClarifications: 11 }, "too_big"],
    ["a blank audit prompt", { auditGatePrompt: "   " }, "invalid_format"],
    ["an array", [{ maxToolSteps: 3 }], "invalid_type"],
    ["null", null, "invalid_type"],
    [
      "one valid and one invalid field",
      { toolResultQuarantineEnabled: false, maxToolSteps: -1 },
      "too_small",
    ],
  ];
  it.each(badBodies)(
    "refuses %s with 400 and the zod issues, changing nothing",
    async (_name, body, issueCode) => {
      const before = await currentState();
      const response = await put(body);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe("validation_failed");
      expect(response.body.error.issues.map((issue: { code: string }) => issue.code)).toContain(issueCode);
      expect(await currentState()).toEqual(before);
    },
  );

  it("refuses malformed JSON, a wrong content type, an empty body and a bad If-Match", async () => {
    const before = await currentState();
    const malformed = await callRoute(settingsRoute.PUT, {
      method: "PUT",
      body: "{not json",
      headers: { ...operatorHeaders, "content-type": "application/json" },
    });
    expect([malformed.status, malformed.body.error.code]).toEqual([400, "invalid_json"]);
    const wrongType = await callRoute(settingsRoute.PUT, {
      method: "PUT",
      body: "maxToolSteps=3",
      headers: { ...operatorHeaders, "content-type": "text/plain" },
    });
    expect([wrongType.status, wrongType.body.error.code]).toEqual([415, "unsupported_media_type"]);
    const empty = await callRoute(settingsRoute.PUT, {
      method: "PUT",
      body: "",
      headers: { ...operatorHeaders, "content-type": "application/json" },
    });
    expect([empty.status, empty.body.error.code]).toEqual([400, "invalid_json"]);
    const badIfMatch = await put({ maxToolSteps: 3 }, { "if-match": "version-two" });
    expect([badIfMatch.status, badIfMatch.body.error.code]).toEqual([400, "bad_request"]);
    expect(await currentState()).toEqual(before);
  });

  it("refuses a body over 64 KB with 413, with or without Content-Length", async () => {
    const before = await currentState();
    const huge = JSON.stringify({ auditGatePrompt: "x".repeat(70 * 1024) });
    const declared = await callRoute(settingsRoute.PUT, {
      method: "PUT",
      body: huge,
      headers: {
        ...operatorHeaders,
        "content-type": "application/json",
        "content-length": String(huge.length),
      },
    });
    expect(declared.status).toBe(413);
    const streamed = await callRoute(settingsRoute.PUT, {
      method: "PUT",
      body: new Blob([huge]).stream(),
      headers: { ...operatorHeaders, "content-type": "application/json" },
    });
    expect(streamed.status).toBe(413);
    expect(streamed.body.error.code).toBe("payload_too_large");
    expect(await currentState()).toEqual(before);
  });

  it("keeps database-level bounds even for writes that bypass the API", async () => {
    await expect(
      testDatabase.database.$executeRawUnsafe("update app_settings set max_tool_steps = 0"),
    ).rejects.toThrow();
    await expect(
      testDatabase.database.$executeRawUnsafe("insert into app_settings (id) values (2)"),
    ).rejects.toThrow();
    await expect(testDatabase.database.$executeRawUnsafe("delete from settings_changes")).resolves.toBe(0);
    await put({ maxToolSteps: 9 });
    await expect(
      testDatabase.database.$executeRawUnsafe("update settings_changes set actor = 'someone'"),
    ).rejects.toThrow(/append-only/);
  });

  it("serialises concurrent writes: every accepted write gets its own version", async () => {
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) => put({ maxToolSteps: index + 100 })),
    );
    expect(responses.every((response) => response.status === 200)).toBe(true);
    const versions = responses.map((response) => response.body.version).sort((a, b) => a - b);
    expect(new Set(versions).size).toBe(10);
    expect((await currentState()).settings.version).toBe(11);
    expect((await currentState()).changes).toBe(10);
  });

  it("lets exactly one of several writers with the same If-Match win", async () => {
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) => put({ maxToolSteps: index + 50 }, { "if-match": "1" })),
    );
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    expect(responses.filter((response) => response.status === 409)).toHaveLength(7);
  });
});

describe("GET /api/app-settings/changes", () => {
  beforeAll(async () => {
    await resetSettings();
    for (let steps = 2; steps <= 6; steps++) await put({ maxToolSteps: steps });
  });

  it("lists changes newest first with keyset pagination", async () => {
    const first = await get(changesRoute.GET, "/api/app-settings/changes?limit=2");
    expect(first.status).toBe(200);
    expect(first.body.changes.map((change: { newValue: number }) => change.newValue)).toEqual([6, 5]);
    const second = await get(
      changesRoute.GET,
      `/api/app-settings/changes?limit=2&before=${first.body.nextCursor}`,
    );
    expect(second.body.changes.map((change: { newValue: number }) => change.newValue)).toEqual([4, 3]);
    const last = await get(
      changesRoute.GET,
      `/api/app-settings/changes?limit=2&before=${second.body.nextCursor}`,
    );
    expect(last.body.changes.map((change: { newValue: number }) => change.newValue)).toEqual([2]);
    expect(last.body.nextCursor).toBeNull();
  });

  it.each([["limit=0"], ["limit=201"], ["limit=abc"], ["before=xyz"], ["unknown=1"]])(
    "refuses ?%s with 400",
    async (query) => {
      const response = await get(changesRoute.GET, `/api/app-settings/changes?${query}`);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe("validation_failed");
    },
  );
});

describe("GET /api/runtime/status and /api/health", () => {
  it("counts live runtimes that applied the current version", async () => {
    await resetSettings();
    const now = Date.now();
    await testDatabase.database.runtimeInstance.createMany({
      data: [
        {
          id: "00000000-0000-4000-8000-000000000001",
          host: "a",
          pid: 1,
          startedAt: new Date(now - 60_000),
          lastPollAt: new Date(now - 1_000),
          appliedSettingsVersion: 1,
          appliedAt: new Date(now - 2_000),
        },
        {
          id: "00000000-0000-4000-8000-000000000002",
          host: "b",
          pid: 2,
          startedAt: new Date(now - 60_000),
          lastPollAt: new Date(now - 2_000),
          appliedSettingsVersion: 0,
          appliedAt: new Date(now - 50_000),
        },
        {
          id: "00000000-0000-4000-8000-000000000003",
          host: "c",
          pid: 3,
          startedAt: new Date(now - 600_000),
          lastPollAt: new Date(now - 120_000),
          appliedSettingsVersion: 1,
          appliedAt: new Date(now - 500_000),
        },
        {
          id: "00000000-0000-4000-8000-000000000004",
          host: "d",
          pid: 4,
          startedAt: new Date(now - 60_000),
          lastPollAt: new Date(now - 1_000),
          appliedSettingsVersion: 1,
          appliedAt: new Date(now - 3_000),
          stoppedAt: new Date(now - 500),
        },
      ],
    });
    const response = await get(statusRoute.GET, "/api/runtime/status");
    expect(response.status).toBe(200);
    expect(response.body.settingsVersion).toBe(1);
    expect(response.body.appliedBy).toBe(1);
    expect(response.body.lastAppliedAt).toBe(new Date(now - 2_000).toISOString());
    expect(
      response.body.instances
        .filter((instance: { alive: boolean }) => instance.alive)
        .map((instance: { host: string }) => instance.host)
        .sort(),
    ).toEqual(["a", "b"]);
  });

  it("reports the database as up", async () => {
    const response = await callRoute(healthRoute.GET, { path: "/api/health" });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: "ok", database: "up" });
  });
});
