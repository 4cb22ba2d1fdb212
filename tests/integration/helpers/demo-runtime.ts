/**
 * An agent runtime inside the test process, wired like agent/main.ts: the scripted demo model served
 * over real HTTP, the flag poller on the real settings row, a heartbeat, and the run worker on pg-boss.
 * Plus the calls tests make against it through the real route handlers (settings, runs, events).
 */
import { expect } from "vitest";
import * as settingsRoute from "@/app/api/app-settings/route";
import * as runEventsRoute from "@/app/api/runs/[id]/events/route";
import * as runsRoute from "@/app/api/runs/route";
import { createDemoTools, DEMO_RUNS, type DemoModelServer, startDemoModelServer } from "@/lib/agent/demo";
import { createLanguageModel } from "@/lib/agent/providers";
import { createBuiltinTools, createTodoStore } from "@/lib/agent/tools/builtin";
import type { Database } from "@/lib/db/client";
import { createLogger } from "@/lib/log/logger";
import { type RunWorker, startRunWorker } from "@/lib/runs/run-worker";
import type { RunEvent, RunLocale, RunStatus } from "@/lib/schemas/runs";
import type { AppSettingsUpdate } from "@/lib/schemas/settings";
import { RuntimeFlagPoller } from "@/lib/settings/flag-poller";
import { loadAppSettingsRuntimeFlags } from "@/lib/settings/runtime-flags";
import { RuntimeHeartbeat } from "@/lib/settings/runtime-heartbeat";
import type { AgentTool } from "@/lib/tools/agent-tool";
import type { TestUser } from "./auth-fixtures";
import { callRoute } from "./call-route";
import type { TestDatabase } from "./test-database";

export const FINISHED_STATUSES: RunStatus[] = ["succeeded", "failed", "blocked", "cancelled"];

/** The task of a demo scenario (DEMO_RUNS). */
export const scenarioTask = (name: string): string => DEMO_RUNS.find((run) => run.name === name)!.task;

export const ofType = (events: RunEvent[], type: string): RunEvent[] =>
  events.filter((event) => event.type === type);

export interface DemoRuntime {
  demo: DemoModelServer;
  poller: RuntimeFlagPoller;
  heartbeat: RuntimeHeartbeat;
  worker: RunWorker;
  /** PUT /api/app-settings as `operator`, then make the runtime apply it (production hears the NOTIFY). */
  putSettings(update: AppSettingsUpdate): Promise<void>;
  /** POST /api/runs as `operator`; returns the run id. */
  startRun(task: string, options?: { locale?: RunLocale; kind?: string }): Promise<string>;
  /** Waits until the run has finished (25 s at most) and returns its row. */
  finishedRun(runId: string): Promise<RunRow>;
  /** GET /api/runs/[id]/events as `viewer`. */
  eventsOf(runId: string): Promise<RunEvent[]>;
  stop(): Promise<void>;
}

function readRun(testDatabase: TestDatabase, runId: string) {
  return testDatabase.database.agentRun.findUnique({ where: { id: runId } });
}

/** A run row as the tests read it. */
export type RunRow = NonNullable<Awaited<ReturnType<typeof readRun>>>;

export async function startDemoRuntime(input: {
  testDatabase: TestDatabase;
  operator: TestUser;
  viewer: TestUser;
  concurrency: number;
  /** Wraps each run's tools (e.g. to hold a call). */
  wrapTools?: (tools: AgentTool[]) => AgentTool[];
}): Promise<DemoRuntime> {
  const { testDatabase, operator, viewer } = input;
  const database = testDatabase.database;
  const demo = await startDemoModelServer();
  const model = createLanguageModel({ provider: "demo" }, {}, { demoBaseUrl: demo.url });
  const poller = new RuntimeFlagPoller({
    load: () => loadAppSettingsRuntimeFlags(database),
    baseIntervalMs: 60_000,
    onApplied: async () => {},
    onError: () => {},
  });
  await poller.start();
  const heartbeat = new RuntimeHeartbeat(database, { label: model.label, demo: true });
  await heartbeat.beat(poller.appliedVersion() ?? 0, true);
  const worker = await startRunWorker({
    connectionString: testDatabase.url,
    concurrency: input.concurrency,
    deps: {
      database,
      runtimeId: heartbeat.id,
      models: { main: model.model, utility: model.model, label: model.label },
      flags: () => ({ flags: poller.current(), version: poller.appliedVersion() ?? 0 }),
      createTools: (runId) => {
        const todo = createTodoStore();
        const tools = createBuiltinTools({
          runId,
          todo,
          webFetch: { allowHosts: [demo.pagesOrigin] },
          extraTools: createDemoTools(),
        });
        return { tools: input.wrapTools ? input.wrapTools(tools) : tools, todo };
      },
      log: createLogger({ component: "test-runtime" }),
      maxRetries: 0,
    },
  });

  return {
    demo,
    poller,
    heartbeat,
    worker,
    async putSettings(update) {
      const current = await callRoute(settingsRoute.GET, { headers: await operator.tokenHeaders() });
      const response = await callRoute(settingsRoute.PUT, {
        method: "PUT",
        json: update,
        headers: { ...(await operator.tokenHeaders()), "if-match": `"${current.body.version}"` },
      });
      expect(response.status).toBe(200);
      await poller.reloadNow();
      expect(poller.appliedVersion()).toBe(response.body.version);
      await heartbeat.beat(response.body.version, true);
    },
    async startRun(task, options = {}) {
      const response = await callRoute(runsRoute.POST, {
        method: "POST",
        json: { task, locale: options.locale ?? "en", kind: options.kind ?? "job" },
        headers: await operator.tokenHeaders(),
      });
      expect(response.status).toBe(201);
      expect(response.body.status).toBe("queued");
      return response.body.id;
    },
    async finishedRun(runId) {
      const deadline = Date.now() + 25_000;
      for (;;) {
        const run = await readRun(testDatabase, runId);
        if (run && FINISHED_STATUSES.includes(run.status)) return run;
        if (Date.now() > deadline) {
          const events = await database.runEvent.findMany({ where: { runId }, orderBy: { seq: "asc" } });
          throw new Error(
            `run ${runId} did not finish (now ${run?.status}: ${events.map((event) => event.type).join(", ")})`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async eventsOf(runId) {
      const response = await callRoute(runEventsRoute.GET, {
        path: `/api/runs/${runId}/events`,
        params: { id: runId },
        headers: await viewer.tokenHeaders(),
      });
      expect(response.status).toBe(200);
      return response.body.events;
    },
    async stop() {
      await worker.stop();
      poller.stop();
      await demo.close();
    },
  };
}

/** A runtime_instances row that says a live runtime serves the demo model (POST /api/runs/demo needs one). */
export async function markDemoRuntimeLive(database: Database, id: string, host: string): Promise<void> {
  await database.runtimeInstance.upsert({
    where: { id },
    create: { id, host, pid: 1, startedAt: new Date(), lastPollAt: new Date(), demoModel: true },
    update: { lastPollAt: new Date() },
  });
}
