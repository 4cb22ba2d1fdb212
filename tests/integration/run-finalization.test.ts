/**
 * Run finalization end to end against real PostgreSQL: POST /api/runs queues a job run, the runtime's
 * run worker executes it through the guarded loop against the scripted demo model over real HTTP and
 * finalizes it (todo gate, completion judge, caveats, silent delivery), with the switches read from the
 * real settings row. Checks the stored run, its timeline, the judge/continuation bounds in the demo
 * model's request log, and GET /api/metrics parsed with a strict Prometheus text-format parser.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as metricsRoute from "@/app/api/metrics/route";
import { DEMO_JUDGE_SCENARIO } from "@/lib/agent/demo";
import { COMPLETION_TEXTS, JUDGE_CONTINUATION_LEAD } from "@/lib/guards/completion";
import { type ParsedFamily, PROMETHEUS_CONTENT_TYPE, parsePrometheusText } from "@/lib/metrics";
import { toRunView } from "@/lib/runs/run-view";
import { RUN_OUTCOMES, type RunLocale } from "@/lib/schemas/runs";
import type { AppSettingsUpdate } from "@/lib/schemas/settings";
import { scenarioMarker } from "@/lib/scripted-model";
import { createTestAgentKey, createTestUser, type TestUser } from "./helpers/auth-fixtures";
import { callRoute } from "./helpers/call-route";
import { type DemoRuntime, ofType, scenarioTask, startDemoRuntime } from "./helpers/demo-runtime";
import { createTestDatabase, type TestDatabase } from "./helpers/test-database";

let testDatabase: TestDatabase;
let runtime: DemoRuntime;
let operator: TestUser;
let viewer: TestUser;

const METRICS_TOKEN = "test-scrape-token-0123456789abcdef";

const putSettings = (update: AppSettingsUpdate) => runtime.putSettings(update);
const startRun = (task: string, locale: RunLocale = "en", kind = "job") =>
  runtime.startRun(task, { locale, kind });
const finishedRun = (runId: string) => runtime.finishedRun(runId);
const eventsOf = (runId: string) => runtime.eventsOf(runId);

/** The demo model's requests of one scenario (its marker is in every request of the run, judge calls included). */
function requestsOf(scenario: string) {
  const marker = scenarioMarker(scenario);
  const mentions = (entry: (typeof runtime.demo.requestLog)[number]) =>
    entry.conversation?.messages.some((message) => message.text.includes(marker)) ?? false;
  const requests = runtime.demo.requestLog.filter(mentions);
  return {
    judge: requests.filter((entry) => entry.scenario === DEMO_JUDGE_SCENARIO).length,
    continuations: Math.max(
      0,
      ...requests
        .filter((entry) => entry.scenario !== DEMO_JUDGE_SCENARIO)
        .map(
          (entry) =>
            entry.conversation?.messages.filter(
              (message) => message.role === "user" && message.text.startsWith(JUDGE_CONTINUATION_LEAD),
            ).length ?? 0,
        ),
    ),
  };
}

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  operator = await createTestUser(testDatabase.database, "operator");
  viewer = await createTestUser(testDatabase.database, "viewer");
  runtime = await startDemoRuntime({ testDatabase, operator, viewer, concurrency: 1 });
}, 60_000);

afterAll(async () => {
  await runtime?.stop();
  await testDatabase?.drop();
});

describe("run finalization through the runtime worker", () => {
  it("a job whose side effect fails gets the German caveat; the verdict stays out of the text (caveat mode)", async () => {
    runtime.demo.requestLog.length = 0;
    const runId = await startRun(scenarioTask("demo-side-effect"), "de");
    const run = await finishedRun(runId);
    const caveat = COMPLETION_TEXTS.de.sideEffectsFailed("demo_send_report");
    expect(run.status).toBe("succeeded");
    expect(run.finalText).toBe(
      `The weekly status report is ready and has been sent to the team.\n\n${caveat}`,
    );
    expect(run.caveats).toEqual([caveat]);
    expect(run.delivery).toBe("message");
    expect(run.completionVerdict).toBe("incomplete");
    expect(run.continuationUsed).toBe(false);
    expect(run.finalText).not.toMatch(/incomplete|obligation|send-01/i);
    const events = await eventsOf(runId);
    expect(ofType(events, "run.completion_judged").map((event) => event.data)).toEqual([
      expect.objectContaining({
        mode: "caveat",
        verdict: "incomplete",
        obligationCount: 1,
        obligations: [
          {
            text: "Send the weekly status report to the team.",
            status: "unsatisfied",
            evidence: ["send-01"],
          },
        ],
        attempt: 1,
        continuationUsed: false,
        breaker: "closed",
        reason: null,
      }),
    ]);
    expect(ofType(events, "run.caveats")[0]?.data).toEqual({
      type: "run.caveats",
      caveats: [caveat],
      suppressed: false,
      uncertified: true,
    });
    expect(ofType(events, "run.delivery")[0]?.data).toMatchObject({ delivery: "message", sentinel: null });
    expect(ofType(events, "run.finished")[0]?.data).toMatchObject({ finalText: run.finalText });
    expect(requestsOf("demo-side-effect")).toEqual({ judge: 1, continuations: 0 });
  });

  it("continue mode: one continuation, one re-judge (blocked), at most two judge requests", async () => {
    await putSettings({ autonomousCompletionJudgeMode: "continue" });
    try {
      runtime.demo.requestLog.length = 0;
      const runId = await startRun(scenarioTask("demo-side-effect"), "it");
      const run = await finishedRun(runId);
      expect(run.continuationUsed).toBe(true);
      expect(run.completionVerdict).toBe("blocked");
      expect(run.finalText).toBe(
        `I tried to send the weekly status report twice, but the report service answered 502 both times. The report was not sent.\n\n${COMPLETION_TEXTS.it.sideEffectsFailed("demo_send_report")}`,
      );
      const events = await eventsOf(runId);
      expect(ofType(events, "run.continuation").map((event) => event.data.reason)).toEqual(["judge"]);
      expect(
        ofType(events, "run.completion_judged").map((event) => [event.data.attempt, event.data.verdict]),
      ).toEqual([
        [1, "incomplete"],
        [2, "blocked"],
      ]);
      expect(requestsOf("demo-side-effect")).toEqual({ judge: 2, continuations: 1 });
    } finally {
      await putSettings({ autonomousCompletionJudgeMode: "caveat" });
    }
  });

  it("mode off: no judge request, a skipped event, and the caveat still added", async () => {
    await putSettings({ autonomousCompletionJudgeMode: "off" });
    try {
      runtime.demo.requestLog.length = 0;
      const runId = await startRun(scenarioTask("demo-side-effect"));
      const run = await finishedRun(runId);
      expect(run.completionVerdict).toBeNull();
      expect(run.caveats).toEqual([COMPLETION_TEXTS.en.sideEffectsFailed("demo_send_report")]);
      expect(ofType(await eventsOf(runId), "run.completion_judge_skipped")[0]?.data).toMatchObject({
        mode: "off",
        reason: "mode off",
      });
      expect(requestsOf("demo-side-effect")).toEqual({ judge: 0, continuations: 0 });
    } finally {
      await putSettings({ autonomousCompletionJudgeMode: "caveat" });
    }
  });

  it("caveats off: the judge still runs, nothing is appended, the run still counts as uncertified", async () => {
    await putSettings({ runCompletionCaveatsEnabled: false });
    try {
      const runId = await startRun(scenarioTask("demo-side-effect"));
      const run = await finishedRun(runId);
      expect(run.finalText).toBe("The weekly status report is ready and has been sent to the team.");
      expect(run.caveats).toEqual([]);
      expect(run.completionVerdict).toBe("incomplete");
      expect(ofType(await eventsOf(runId), "run.caveats")[0]?.data).toMatchObject({
        caveats: [],
        uncertified: true,
      });
    } finally {
      await putSettings({ runCompletionCaveatsEnabled: true });
    }
  });

  it("a silent run stays silent: NO_REPLY is stored and delivered, the open-plan caveat only recorded", async () => {
    const runId = await startRun(scenarioTask("demo-silent"), "de");
    const run = await finishedRun(runId);
    expect(run).toMatchObject({
      status: "succeeded",
      finalText: "NO_REPLY",
      delivery: "silent",
      caveats: [],
    });
    expect(run.continuationUsed).toBe(false);
    const events = await eventsOf(runId);
    expect(ofType(events, "run.todo_gate")[0]?.data).toMatchObject({ open: 2, total: 2, continued: false });
    expect(ofType(events, "run.caveats")[0]?.data).toEqual({
      type: "run.caveats",
      caveats: [COMPLETION_TEXTS.de.todoOpen(2, 2)],
      suppressed: true,
      uncertified: false,
    });
    expect(ofType(events, "run.delivery")[0]?.data).toMatchObject({
      delivery: "silent",
      sentinel: "NO_REPLY",
    });
  });

  it("the todo gate spends the continuation on the budget run's open plan and marks the exhausted budget", async () => {
    await putSettings({ maxToolSteps: 3 });
    try {
      const runId = await startRun(scenarioTask("demo-budget"));
      const run = await finishedRun(runId);
      expect(run.toolBudgetExhausted).toBe(true);
      expect(run.continuationUsed).toBe(true);
      expect(run.caveats).toEqual([
        COMPLETION_TEXTS.en.todoOpen(3, 3),
        COMPLETION_TEXTS.en.toolBudgetExhausted,
      ]);
      expect(run.finalText?.endsWith(COMPLETION_TEXTS.en.toolBudgetExhausted)).toBe(true);
      const events = await eventsOf(runId);
      expect(ofType(events, "run.todo_gate")[0]?.data).toMatchObject({ open: 3, total: 3, continued: true });
      expect(ofType(events, "run.continuation").map((event) => event.data.reason)).toEqual(["todo"]);
    } finally {
      await putSettings({ maxToolSteps: 24 });
    }
  });

  it("interactive chat is not finalized", async () => {
    const runId = await startRun(scenarioTask("demo-side-effect"), "en", "chat");
    const run = await finishedRun(runId);
    expect(run.finalText).toBe("The weekly status report is ready and has been sent to the team.");
    expect(run.caveats).toEqual([]);
    expect(run.completionVerdict).toBeNull();
  });
});

describe("GET /api/metrics", () => {
  const sample = (families: ParsedFamily[], name: string, labels: Record<string, string> = {}) =>
    families
      .find((family) => family.name === name)
      ?.samples.find((entry) => Object.entries(labels).every(([key, value]) => entry.labels[key] === value))
      ?.value;

  it("refuses anonymous callers, wrong tokens and agent keys", async () => {
    process.env.KEEL_METRICS_TOKEN = METRICS_TOKEN;
    try {
      expect((await callRoute(metricsRoute.GET, { path: "/api/metrics" })).status).toBe(401);
      const wrong = await callRoute(metricsRoute.GET, {
        path: "/api/metrics",
        headers: { authorization: `Bearer ${METRICS_TOKEN}x` },
      });
      expect(wrong.status).toBe(401);
      const agent = await createTestAgentKey(testDatabase.database, ["settings:read", "runs:write"]);
      expect(
        (await callRoute(metricsRoute.GET, { path: "/api/metrics", headers: agent.headers })).status,
      ).toBe(403);
    } finally {
      delete process.env.KEEL_METRICS_TOKEN;
    }
    // Without a configured token, the token itself is not accepted either.
    const unset = await callRoute(metricsRoute.GET, {
      path: "/api/metrics",
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(unset.status).toBe(401);
  });

  it("serves the Prometheus text format to the scrape token and to a viewer; it parses strictly", async () => {
    process.env.KEEL_METRICS_TOKEN = METRICS_TOKEN;
    let scraped: Awaited<ReturnType<typeof callRoute>>;
    try {
      scraped = await callRoute(metricsRoute.GET, {
        path: "/api/metrics",
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
    } finally {
      delete process.env.KEEL_METRICS_TOKEN;
    }
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get("content-type")).toBe(PROMETHEUS_CONTENT_TYPE);
    const asViewer = await callRoute(metricsRoute.GET, {
      path: "/api/metrics",
      headers: await viewer.cookieHeaders(),
    });
    expect(asViewer.status).toBe(200);

    const families = parsePrometheusText(String(scraped.body));
    const database = testDatabase.database;
    const uncertifiedRuns = await database.runEvent.count({
      where: { type: "run.caveats", data: { path: ["uncertified"], equals: true } },
    });
    expect(uncertifiedRuns).toBeGreaterThanOrEqual(4);
    expect(sample(families, "keel_run_completion_uncertified_total")).toBe(uncertifiedRuns);
    expect(families.find((family) => family.name === "keel_run_completion_uncertified_total")?.type).toBe(
      "counter",
    );
    expect(sample(families, "keel_runs", { kind: "job", status: "succeeded" })).toBe(
      await database.agentRun.count({ where: { kind: "job", status: "succeeded" } }),
    );
    // Outcomes: each run counted once, under the outcome the API shows for it.
    const stored = await database.agentRun.findMany({ where: { kind: "job" } });
    for (const outcome of RUN_OUTCOMES)
      expect(sample(families, "keel_run_outcomes", { kind: "job", outcome }), outcome).toBe(
        stored.filter((row) => toRunView(row).outcome === outcome).length,
      );
    expect(
      sample(families, "keel_run_outcomes", { kind: "job", outcome: "incomplete" }),
    ).toBeGreaterThanOrEqual(1);
    for (const verdict of ["complete", "incomplete", "blocked", "uncertified"])
      expect(sample(families, "keel_run_completion_verdicts_total", { verdict })).toBe(
        await database.agentRun.count({ where: { completionVerdict: verdict } }),
      );
    expect(
      sample(families, "keel_run_completion_verdicts_total", { verdict: "blocked" }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(families, "keel_run_continuations_total")).toBe(
      await database.agentRun.count({ where: { continuationUsed: true } }),
    );
    expect(sample(families, "keel_run_silent_deliveries_total")).toBeGreaterThanOrEqual(1);
    expect(
      sample(families, "keel_completion_judge_breaker_state", {
        runtime: runtime.heartbeat.id,
        state: "closed",
      }),
    ).toBe(1);
    expect(
      sample(families, "keel_completion_judge_breaker_state", {
        runtime: runtime.heartbeat.id,
        state: "open",
      }),
    ).toBe(0);
    const settings = await database.appSettings.findUniqueOrThrow({ where: { id: 1 } });
    expect(sample(families, "keel_settings_version")).toBe(settings.version);
    expect(sample(families, "keel_runtime_applied_settings_version", { runtime: runtime.heartbeat.id })).toBe(
      settings.version,
    );
    for (const name of [
      "keel_quarantined_segments_total",
      "keel_scaffold_stripped_chars_total",
      "keel_scaffold_strip_runs_total",
      "keel_runtimes_alive",
    ])
      expect(sample(families, name), name).toBeTypeOf("number");
  });
});
