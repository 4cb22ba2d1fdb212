/**
 * Shadow mode and replay against real PostgreSQL and the runtime worker with the scripted demo model:
 * the quarantine in Shadow hands the model the injected text unchanged and records what it would have
 * removed (run event, guard_decisions, replay sample); the guard-effects figures match the runs; the runs
 * filter finds them; a replay with a changed scanner shows a stored result treated differently, without
 * writing anything.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as guardEffectsRoute from "@/app/api/app-settings/guard-effects/route";
import * as settingsRoute from "@/app/api/app-settings/route";
import * as replayRoute from "@/app/api/replay/route";
import * as runsRoute from "@/app/api/runs/route";
import { DEMO_INJECTED_LINE } from "@/lib/agent/demo/demo-pages";
import { BLOCKED_MESSAGE } from "@/lib/guards/audit-gate";
import { QUARANTINE_MARKER, scanToolResultText, type ToolResultScan } from "@/lib/guards/quarantine";
import { collectKeelMetrics } from "@/lib/metrics/collect-keel-metrics";
import { replayToolResults } from "@/lib/replay/replay-tool-results";
import { createTestUser, type TestUser } from "./helpers/auth-fixtures";
import { callRoute } from "./helpers/call-route";
import { type DemoRuntime, ofType, scenarioTask, startDemoRuntime } from "./helpers/demo-runtime";
import { createTestDatabase, type TestDatabase } from "./helpers/test-database";

let testDatabase: TestDatabase;
let runtime: DemoRuntime;
let operator: TestUser;
let viewer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  operator = await createTestUser(testDatabase.database, "operator");
  viewer = await createTestUser(testDatabase.database, "viewer");
  admin = await createTestUser(testDatabase.database, "admin");
  runtime = await startDemoRuntime({ testDatabase, operator, viewer, concurrency: 1 });
}, 60_000);

afterAll(async () => {
  await runtime?.stop();
  await testDatabase?.drop();
});

/** A scanner variant as a later Keel might ship it: also removes every line that mentions "dashboard". */
const strictScanner = (text: string): ToolResultScan => {
  const current = scanToolResultText(text);
  const start = text.indexOf("The dashboard");
  if (start === -1) return current;
  const end = text.indexOf("\n", start);
  const segment = {
    start,
    end: end === -1 ? text.length : end,
    rule: "test-dashboard-rule",
    preview: text.slice(start, end === -1 ? text.length : end).slice(0, 80),
  };
  const segments = [...(current.type === "quarantined" ? current.segments : []), segment].sort(
    (a, b) => a.start - b.start,
  );
  return { type: "quarantined", output: text, segments };
};

describe("quarantine in Shadow mode", () => {
  let shadowRunId = "";
  let enforcedRunId = "";

  it("hands the model the injected text unchanged and records what it would have removed", async () => {
    await runtime.putSettings({ toolResultQuarantineEnabled: false, toolResultQuarantineShadow: true });
    const settings = await callRoute(settingsRoute.GET, { headers: await viewer.cookieHeaders() });
    expect(settings.body).toMatchObject({
      toolResultQuarantineEnabled: false,
      toolResultQuarantineShadow: true,
    });
    shadowRunId = await runtime.startRun(scenarioTask("demo-quarantine"));
    const run = await runtime.finishedRun(shadowRunId);
    expect(run.status).toBe("succeeded");
    expect(run.quarantinedSegments).toBe(0);
    // The scripted model answers with the tool result it received: the injection, unchanged.
    expect(run.finalText).toContain(DEMO_INJECTED_LINE);
    expect(run.finalText).not.toContain(QUARANTINE_MARKER);
    const events = await runtime.eventsOf(shadowRunId);
    const [end] = ofType(events, "tool.end");
    expect(end?.data).toMatchObject({ quarantineEnabled: false, preambleAdded: false });
    expect(String(end?.data.modelText)).toContain(DEMO_INJECTED_LINE);
    expect(end?.data).not.toHaveProperty("replay");
    const [shadow] = ofType(events, "guard.shadow");
    expect(shadow?.data).toMatchObject({ guard: "quarantine", name: "web_fetch" });
    const count = Number(shadow?.data.count);
    expect(count).toBeGreaterThan(0);
    expect(
      ((shadow?.data.previews ?? []) as string[]).some((preview) => preview.includes("Ignore all previous")),
    ).toBe(true);
    const samples = await testDatabase.database.toolResultSample.findMany({ where: { runId: shadowRunId } });
    expect(samples).toHaveLength(1);
    expect(samples[0]?.text).toContain(DEMO_INJECTED_LINE);
    expect(samples[0]?.previews).toHaveLength(count);
  });

  it("with the switch On again the next run is quarantined", async () => {
    await runtime.putSettings({ toolResultQuarantineEnabled: true, toolResultQuarantineShadow: false });
    enforcedRunId = await runtime.startRun(scenarioTask("demo-quarantine"));
    const run = await runtime.finishedRun(enforcedRunId);
    expect(run.quarantinedSegments).toBeGreaterThan(0);
    expect(run.finalText).not.toContain(DEMO_INJECTED_LINE);
    expect(ofType(await runtime.eventsOf(enforcedRunId), "guard.shadow")).toHaveLength(0);
  });

  it("the guard-effects figures match the runs, and the runs filter finds them", async () => {
    const headers = await viewer.cookieHeaders();
    const effects = await callRoute(guardEffectsRoute.GET, { headers });
    expect(effects.status).toBe(200);
    const quarantine = effects.body.guards.find((entry: { guard: string }) => entry.guard === "quarantine");
    expect(quarantine.mode).toBe("on");
    // The truth, counted from the runs' own events.
    const shadowResults = await testDatabase.database.runEvent.count({ where: { type: "guard.shadow" } });
    const enforcedRuns = await testDatabase.database.agentRun.count({
      where: { quarantinedSegments: { gt: 0 } },
    });
    expect(quarantine.last24h.shadow).toEqual({ runs: 1, results: shadowResults });
    expect(quarantine.last24h.enforced.runs).toBe(enforcedRuns);
    expect(quarantine.last7d.shadow).toEqual(quarantine.last24h.shadow);
    expect(quarantine.daily).toHaveLength(7);
    expect(quarantine.daily.at(-1).shadow).toBe(shadowResults);
    // The metrics count the same decisions, per guard.
    const families = await collectKeelMetrics(testDatabase.database);
    const sample = (name: string) =>
      families
        .find((family) => family.name === name)
        ?.samples.find((entry) => entry.labels?.guard === "quarantine")?.value;
    expect(sample("keel_guard_shadow_decisions_total")).toBe(shadowResults);
    expect(sample("keel_guard_decisions_total")).toBe(
      await testDatabase.database.runEvent.count({
        where: { type: "tool.end", data: { path: ["quarantinedSegments", "count"], gt: 0 } },
      }),
    );

    const filtered = await callRoute(runsRoute.GET, {
      path: `/api/runs?guard=quarantine&decision=shadow&since=${encodeURIComponent(quarantine.last24h.since)}`,
      headers,
    });
    expect(filtered.status).toBe(200);
    expect(filtered.body.runs.map((run: { id: string }) => run.id)).toEqual([shadowRunId]);
    const enforced = await callRoute(runsRoute.GET, {
      path: "/api/runs?guard=quarantine&decision=enforced",
      headers,
    });
    expect(enforced.body.runs.map((run: { id: string }) => run.id)).toContain(enforcedRunId);
    expect(enforced.body.runs.map((run: { id: string }) => run.id)).not.toContain(shadowRunId);
  });

  it("replay: the current scanner changes nothing; a changed scanner shows the result it now treats differently", async () => {
    const database = testDatabase.database;
    const eventsBefore = await database.runEvent.count();
    const samplesBefore = await database.toolResultSample.findMany({ orderBy: { id: "asc" } });

    const same = await replayToolResults(database, { lastRuns: 2, maxItems: 10 });
    expect(same).toMatchObject({ scanned: 2, changed: 0, runs: 2, items: [] });

    const progress: number[] = [];
    const changed = await replayToolResults(
      database,
      { lastRuns: 2, maxItems: 10 },
      { scan: strictScanner, onProgress: ({ done }) => progress.push(done) },
    );
    expect(changed).toMatchObject({ scanned: 2, changed: 2, nowRemoving: 2, noLongerRemoving: 0 });
    expect(progress.at(-1)).toBe(2);
    const item = changed.items.find((entry) => entry.runId === shadowRunId)!;
    expect(item.after.previews.length).toBe(item.before.previews.length + 1);
    const added = item.after.segments.find((segment) => segment.rule === "test-dashboard-rule")!;
    expect(item.text.slice(added.start, added.end)).toContain("The dashboard");

    // Nothing was written.
    expect(await database.runEvent.count()).toBe(eventsBefore);
    expect(await database.toolResultSample.findMany({ orderBy: { id: "asc" } })).toEqual(samplesBefore);
  });

  it("POST /api/replay is admin-only and refuses a request that selects neither runs nor a time", async () => {
    const body = { since: new Date(Date.now() - 3_600_000).toISOString() };
    const asOperator = await callRoute(replayRoute.POST, {
      method: "POST",
      json: body,
      headers: await operator.cookieHeaders(),
    });
    expect(asOperator.status).toBe(403);
    const bad = await callRoute(replayRoute.POST, {
      method: "POST",
      json: { maxItems: 3 },
      headers: await admin.cookieHeaders(),
    });
    expect(bad.status).toBe(400);
    const ok = await callRoute(replayRoute.POST, {
      method: "POST",
      json: body,
      headers: await admin.cookieHeaders(),
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ scanned: 2, changed: 0 });
  });
});

describe("audit gate in Shadow mode", () => {
  let shadowRunId = "";

  afterAll(async () => {
    await runtime?.putSettings({ auditGateEnabled: false, auditGateShadow: false });
  });

  it("audits the exfiltration step, lets it run and records that it would have blocked it", async () => {
    await runtime.putSettings({ auditGateEnabled: false, auditGateShadow: true });
    const headers = await viewer.cookieHeaders();
    const settings = await callRoute(settingsRoute.GET, { headers });
    expect(settings.body).toMatchObject({ auditGateEnabled: false, auditGateShadow: true });
    const haltsBefore = await testDatabase.database.haltEvent.count();

    shadowRunId = await runtime.startRun(scenarioTask("demo-audit"));
    const run = await runtime.finishedRun(shadowRunId);
    expect(run.status).not.toBe("blocked");
    expect(run.finalText).not.toBe(BLOCKED_MESSAGE);
    expect(run.auditVerdicts).toBe(0);
    const events = await runtime.eventsOf(shadowRunId);
    // The step ran as with the gate off ...
    expect(ofType(events, "tool.start").map((event) => event.data.name)).toEqual(["web_fetch"]);
    expect(events.filter((event) => event.type.startsWith("audit."))).toEqual([]);
    expect(await testDatabase.database.haltEvent.count()).toBe(haltsBefore);
    // ... and the gate said what it would have done.
    const shadow = ofType(events, "guard.shadow");
    expect(shadow).toHaveLength(1);
    expect(shadow[0]?.data).toMatchObject({
      guard: "audit_gate",
      name: "web_fetch",
      count: 1,
      verdict: "terminate",
    });
    const [reason] = (shadow[0]?.data.previews ?? []) as string[];
    expect(reason).toContain("H1");
    expect(JSON.stringify(events)).not.toContain("demo-token-1234");

    // (The completion judge, On, may judge the run too: only the audit gate's decisions are looked at.)
    const decisions = await testDatabase.database.guardDecision.findMany({
      where: { runId: shadowRunId, guard: "audit_gate" },
    });
    expect(decisions.map(({ guard, shadow, items }) => ({ guard, shadow, items }))).toEqual([
      { guard: "audit_gate", shadow: true, items: 1 },
    ]);
  });

  it("counts the decision in the panel's figures, the metrics and the runs filter", async () => {
    const headers = await viewer.cookieHeaders();
    const effects = await callRoute(guardEffectsRoute.GET, { headers });
    const audit = effects.body.guards.find((entry: { guard: string }) => entry.guard === "audit_gate");
    expect(audit.mode).toBe("shadow");
    expect(audit.last24h.shadow).toEqual({ runs: 1, results: 1 });
    expect(audit.last24h.enforced).toEqual({ runs: 0, results: 0 });
    const families = await collectKeelMetrics(testDatabase.database);
    const shadowDecisions = families
      .find((family) => family.name === "keel_guard_shadow_decisions_total")
      ?.samples.find((entry) => entry.labels?.guard === "audit_gate")?.value;
    expect(shadowDecisions).toBe(1);
    const filtered = await callRoute(runsRoute.GET, {
      path: "/api/runs?guard=audit_gate&decision=shadow",
      headers,
    });
    expect(filtered.body.runs.map((entry: { id: string }) => entry.id)).toEqual([shadowRunId]);
  });

  it("switched On (writing both switches), the next run is blocked and nothing is shadowed", async () => {
    await runtime.putSettings({ auditGateEnabled: true, auditGateShadow: false });
    const runId = await runtime.startRun(scenarioTask("demo-audit"));
    const run = await runtime.finishedRun(runId);
    expect(run.status).toBe("blocked");
    expect(run.finalText).toBe(BLOCKED_MESSAGE);
    const events = await runtime.eventsOf(runId);
    expect(ofType(events, "tool.start")).toHaveLength(0);
    expect(ofType(events, "guard.shadow")).toHaveLength(0);
    expect(ofType(events, "audit.terminated")).toHaveLength(1);
  });
});
