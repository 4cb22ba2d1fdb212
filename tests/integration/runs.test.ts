/**
 * Runs end to end against real PostgreSQL: POST /api/runs queues through pg-boss, an in-process run
 * worker (the same code the agent runtime runs) executes each run through the guarded loop against the
 * scripted demo model over real HTTP, with the switches read from the real settings row by the runtime's
 * flag poller (changed through PUT /api/app-settings). Checks what each guard did on the stored timeline.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as haltsRoute from "@/app/api/halts/route";
import * as runRoute from "@/app/api/runs/[id]/route";
import * as demoRunsRoute from "@/app/api/runs/demo/route";
import * as runsRoute from "@/app/api/runs/route";
import { DEMO_RUNS } from "@/lib/agent/demo";
import { BLOCKED_MESSAGE } from "@/lib/guards/audit-gate";
import { QUARANTINE_MARKER, UNTRUSTED_DATA_PREAMBLE } from "@/lib/guards/quarantine";
import { createLogger } from "@/lib/log/logger";
import { LEASE_LAPSED_ERROR, reapLapsedLeases } from "@/lib/runs/run-lease";
import type { AppSettingsUpdate } from "@/lib/schemas/settings";
import type { AgentTool } from "@/lib/tools/agent-tool";
import { createTestAgentKey, createTestUser, type TestUser } from "./helpers/auth-fixtures";
import { callRoute } from "./helpers/call-route";
import {
  type DemoRuntime,
  FINISHED_STATUSES,
  ofType,
  scenarioTask,
  startDemoRuntime,
} from "./helpers/demo-runtime";
import { createTestDatabase, type TestDatabase } from "./helpers/test-database";

let testDatabase: TestDatabase;
let runtime: DemoRuntime;
let operator: TestUser;
let viewer: TestUser;
/** Set by a test to hold a tool call until the test releases it (for the mid-run switch). */
let holdTool: { name: string; call: number; reached: () => void; release: Promise<void> } | null = null;

/** Wraps tools so a test can pause one call. */
function holdable(tools: AgentTool[]): AgentTool[] {
  const calls = new Map<string, number>();
  return tools.map((tool) => ({
    ...tool,
    execute: async (args, context) => {
      const count = (calls.get(tool.name) ?? 0) + 1;
      calls.set(tool.name, count);
      const hold = holdTool;
      if (hold && hold.name === tool.name && hold.call === count) {
        hold.reached();
        await hold.release;
      }
      return tool.execute(args, context);
    },
  }));
}

const putSettings = (update: AppSettingsUpdate) => runtime.putSettings(update);
const startRun = (task: string) => runtime.startRun(task);
const finishedRun = (runId: string) => runtime.finishedRun(runId);
const eventsOf = (runId: string) => runtime.eventsOf(runId);
const FINISHED = FINISHED_STATUSES;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  operator = await createTestUser(testDatabase.database, "operator");
  viewer = await createTestUser(testDatabase.database, "viewer");
  runtime = await startDemoRuntime({ testDatabase, operator, viewer, concurrency: 2, wrapTools: holdable });
}, 60_000);

afterAll(async () => {
  await runtime?.stop();
  await testDatabase?.drop();
});

describe("runs through the runtime worker", () => {
  it("quarantines an injected web page, adds the preamble and shows it on the timeline", async () => {
    const runId = await startRun(scenarioTask("demo-quarantine"));
    const run = await finishedRun(runId);
    expect(run.status).toBe("succeeded");
    expect(run.quarantinedSegments).toBeGreaterThan(0);
    const events = await eventsOf(runId);
    expect(events.map((event) => event.type).slice(0, 2)).toEqual(["run.queued", "run.started"]);
    expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index + 1));
    const [end] = ofType(events, "tool.end");
    expect(end?.data).toMatchObject({
      name: "web_fetch",
      ok: true,
      quarantineEnabled: true,
      preambleAdded: true,
    });
    const modelText = String(end?.data.modelText);
    expect(modelText.startsWith(UNTRUSTED_DATA_PREAMBLE)).toBe(true);
    expect(modelText).toContain(QUARANTINE_MARKER);
    expect(modelText).not.toContain("attacker.example");
    expect(run.finalText).toContain(QUARANTINE_MARKER);
    expect(ofType(events, "run.finished")[0]?.data).toMatchObject({ status: "succeeded" });
  });

  it("switching quarantine off in the settings changes the next run's tool result, without a restart", async () => {
    await putSettings({ toolResultQuarantineEnabled: false });
    try {
      const runId = await startRun(scenarioTask("demo-quarantine"));
      await finishedRun(runId);
      const [end] = ofType(await eventsOf(runId), "tool.end");
      expect(end?.data).toMatchObject({ quarantineEnabled: false, preambleAdded: false });
      expect(String(end?.data.modelText)).toContain("attacker.example");
      expect(String(end?.data.modelText)).not.toContain(QUARANTINE_MARKER);
    } finally {
      await putSettings({ toolResultQuarantineEnabled: true });
    }
  });

  it("applies a switch flipped mid-run at the next step (max_tool_steps lowered while a tool runs)", async () => {
    let reached = () => {};
    let release = () => {};
    const reachedPromise = new Promise<void>((resolve) => {
      reached = resolve;
    });
    holdTool = {
      name: "agent_todo_update",
      call: 2,
      reached: () => reached(),
      release: new Promise<void>((resolve) => {
        release = resolve;
      }),
    };
    try {
      const runId = await startRun(scenarioTask("demo-budget"));
      await reachedPromise;
      await putSettings({ maxToolSteps: 2 });
      release();
      const run = await finishedRun(runId);
      expect(run.status).toBe("succeeded");
      expect(run.toolBudgetExhausted).toBe(true);
      expect(run.toolSteps).toBe(2);
      const events = await eventsOf(runId);
      expect(ofType(events, "run.flags_changed")[0]?.data).toMatchObject({ changed: ["maxToolSteps"] });
      expect(ofType(events, "budget.wrapup")[0]?.data).toMatchObject({ maxToolSteps: 2 });
      // The wrap-up ends the initial loop; run finalization's todo-gate continuation follows it.
      const initialLoop = events.slice(
        0,
        events.findIndex((event) => event.type === "run.todo_gate"),
      );
      expect(ofType(initialLoop, "model.reply").at(-1)?.data).toMatchObject({
        purpose: "wrapup",
        toolsOffered: 0,
      });
    } finally {
      holdTool = null;
      release();
      await putSettings({ maxToolSteps: 24 });
    }
  });

  it("strips leaked scaffolding from the answer and counts it", async () => {
    const runId = await startRun(scenarioTask("demo-scaffolding"));
    const run = await finishedRun(runId);
    expect(run.status).toBe("succeeded");
    expect(run.finalText).not.toContain("<|tool_call_start|>");
    expect(run.scaffoldStripped).toBeGreaterThan(0);
    expect(ofType(await eventsOf(runId), "scaffolding.stripped")).toHaveLength(1);
  });

  it("leaves leaked scaffolding in the answer when the guard is switched off in the settings", async () => {
    await putSettings({ toolScaffoldingGuardEnabled: false });
    try {
      const runId = await startRun(scenarioTask("demo-scaffolding"));
      const run = await finishedRun(runId);
      expect(run.finalText).toContain("<|tool_call_start|>");
      expect(run.scaffoldStripped).toBe(0);
    } finally {
      await putSettings({ toolScaffoldingGuardEnabled: true });
    }
  });

  it("fails a run that exhausts its tool budget when the wrap-up turn is switched off", async () => {
    await putSettings({ toolBudgetWrapupEnabled: false, maxToolSteps: 2 });
    try {
      const runId = await startRun(scenarioTask("demo-budget"));
      const run = await finishedRun(runId);
      expect(run.status).toBe("failed");
      expect(run.error).toContain("tool budget is exhausted");
      const events = await eventsOf(runId);
      expect(ofType(events, "budget.wrapup")).toHaveLength(0);
      expect(ofType(events, "tool.end")).toHaveLength(2);
    } finally {
      await putSettings({ toolBudgetWrapupEnabled: true, maxToolSteps: 24 });
    }
  });

  it("recovers once from a scaffolding-only reply", async () => {
    const runId = await startRun(scenarioTask("demo-recovery"));
    const run = await finishedRun(runId);
    expect(run.status).toBe("succeeded");
    expect(run.finalText?.trim().length).toBeGreaterThan(0);
    const events = await eventsOf(runId);
    expect(ofType(events, "scaffolding.recovery")).toHaveLength(1);
    expect(ofType(events, "model.reply").map((event) => event.data.purpose)).toEqual(["step", "recovery"]);
  });

  it("ends a run after a successful terminal-on-success tool with an empty answer", async () => {
    const runId = await startRun(scenarioTask("demo-terminal"));
    const run = await finishedRun(runId);
    expect(run.status).toBe("succeeded");
    expect(run.finalText).toBe("");
    expect(run.interventions).toBe(1);
    const events = await eventsOf(runId);
    expect(ofType(events, "run.intervention")[0]?.data).toMatchObject({
      name: "managed_tool_terminal_on_success:demo_approve_request",
    });
    expect(ofType(events, "model.reply")).toHaveLength(1);
  });

  it("with the audit gate on, terminates an exfiltration run and records a critical security halt", async () => {
    await putSettings({ auditGateEnabled: true });
    try {
      const runId = await startRun(scenarioTask("demo-audit"));
      const run = await finishedRun(runId);
      expect(run.status).toBe("blocked");
      expect(run.finalText).toBe(BLOCKED_MESSAGE);
      const events = await eventsOf(runId);
      expect(ofType(events, "tool.start")).toHaveLength(0);
      expect(ofType(events, "audit.verdict")[0]?.data).toMatchObject({ verdict: "terminate" });
      const terminated = ofType(events, "audit.terminated")[0];
      const haltId = String(terminated?.data.haltId);
      const halt = await testDatabase.database.haltEvent.findUniqueOrThrow({ where: { id: haltId } });
      expect(halt).toMatchObject({ sessionId: run.sessionId, haltType: "security", severity: "critical" });
      const halts = await callRoute(haltsRoute.GET, {
        path: "/api/halts",
        headers: await viewer.tokenHeaders(),
      });
      expect(halts.body.halts.map((entry: { halt_id: string }) => entry.halt_id)).toContain(haltId);
      // Secrets in the blocked tool call never reach the stored events.
      expect(JSON.stringify(events)).not.toContain("demo-token-1234");
    } finally {
      await putSettings({ auditGateEnabled: false });
    }
  });

  it("queues one run per demo scenario while a demo runtime is alive", async () => {
    const response = await callRoute(demoRunsRoute.POST, {
      method: "POST",
      headers: await operator.tokenHeaders(),
    });
    expect(response.status).toBe(201);
    expect(response.body.runs).toHaveLength(DEMO_RUNS.length);
    for (const run of response.body.runs) expect(FINISHED).toContain((await finishedRun(run.id)).status);
  });
});

describe("keel run (CLI)", () => {
  function keel(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, ["--import", "tsx", "scripts/keel.ts", ...args], {
        env: { ...process.env, DATABASE_URL: testDatabase.url, KEEL_LOG_LEVEL: "error" },
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk) => {
        stdout += chunk;
      });
      child.stderr.on("data", (chunk) => {
        stderr += chunk;
      });
      child.on("close", (status) => resolve({ status, stdout, stderr }));
    });
  }

  it("queues a run and streams its events as JSON lines until it finishes", async () => {
    const result = await keel(["run", scenarioTask("demo-quarantine"), "--json", "--timeout", "60"]);
    expect(result.status, result.stderr).toBe(0);
    const events = result.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { seq: number; type: string; data: Record<string, unknown> });
    expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index + 1));
    expect(events[0]?.type).toBe("run.queued");
    expect(events.at(-1)?.type).toBe("run.finished");
    const toolEnd = events.find((event) => event.type === "tool.end");
    const segments = toolEnd?.data.quarantinedSegments as { count: number } | undefined;
    expect(segments?.count).toBeGreaterThan(0);
  });

  it("refuses bad usage with exit code 2 and queues nothing", async () => {
    const before = await testDatabase.database.agentRun.count();
    for (const args of [
      ["run"],
      ["run", "task", "--kind", "proxy"],
      ["run", "task", "--timeout", "0"],
      ["run", "  "],
    ]) {
      const result = await keel(args);
      expect(result.status, `${args.join(" ")}: ${result.stderr}`).toBe(2);
    }
    expect(await testDatabase.database.agentRun.count()).toBe(before);
  });
});

describe("runs API", () => {
  it("rejects bad input and changes nothing", async () => {
    const before = await testDatabase.database.agentRun.count();
    for (const json of [
      {},
      { task: "" },
      { task: "x".repeat(8_001) },
      { task: "ok", kind: "weird" },
      { task: "ok", extra: 1 },
    ]) {
      const response = await callRoute(runsRoute.POST, {
        method: "POST",
        json,
        headers: await operator.tokenHeaders(),
      });
      expect(response.status, JSON.stringify(json)).toBe(400);
      expect(response.body.error.code).toBe("validation_failed");
    }
    expect(await testDatabase.database.agentRun.count()).toBe(before);
  });

  it("lists runs newest first with filters and keyset pagination; a forged cursor is a 400", async () => {
    const headers = await viewer.tokenHeaders();
    const first = await callRoute(runsRoute.GET, { path: "/api/runs?limit=2", headers });
    expect(first.status).toBe(200);
    expect(first.body.runs).toHaveLength(2);
    const second = await callRoute(runsRoute.GET, {
      path: `/api/runs?limit=2&cursor=${first.body.nextCursor}`,
      headers,
    });
    const ids = [...first.body.runs, ...second.body.runs].map((run: { id: string }) => run.id);
    expect(new Set(ids).size).toBe(ids.length);
    const blocked = await callRoute(runsRoute.GET, { path: "/api/runs?status=blocked", headers });
    expect(blocked.body.runs.every((run: { status: string }) => run.status === "blocked")).toBe(true);
    const forged = await callRoute(runsRoute.GET, { path: "/api/runs?cursor=bm90LWEtY3Vyc29y", headers });
    expect(forged.status).toBe(400);
  });

  it("lets an agent key see only its own runs (another key's run is a 404)", async () => {
    const owner = await createTestAgentKey(testDatabase.database, ["runs:write"]);
    const other = await createTestAgentKey(testDatabase.database, ["runs:write"]);
    const created = await callRoute(runsRoute.POST, {
      method: "POST",
      json: { task: "Say hello." },
      headers: owner.headers,
    });
    expect(created.status).toBe(201);
    const mine = await callRoute(runRoute.GET, { params: { id: created.body.id }, headers: owner.headers });
    expect(mine.status).toBe(200);
    const theirs = await callRoute(runRoute.GET, { params: { id: created.body.id }, headers: other.headers });
    expect(theirs.status).toBe(404);
    const list = await callRoute(runsRoute.GET, { path: "/api/runs", headers: other.headers });
    expect(list.body.runs).toEqual([]);
    expect(
      (await callRoute(runRoute.GET, { params: { id: "not-a-uuid" }, headers: owner.headers })).status,
    ).toBe(404);
    await finishedRun(created.body.id);
  });

  it("fails runs left running by a runtime that is gone (a lapsed lease, no lease at all)", async () => {
    const session = await testDatabase.database.agentSession.create({
      data: { sessionToken: `sess_${randomUUID()}`, agentName: "gone" },
    });
    const run = await testDatabase.database.agentRun.create({
      data: {
        task: "orphan",
        createdBy: "test",
        sessionId: session.id,
        status: "running",
        runtimeId: randomUUID(),
        leaseRequeues: 1,
      },
    });
    const reaped = await reapLapsedLeases(testDatabase.database, {
      isActive: () => false,
      enqueue: async () => {},
      log: createLogger({ component: "test" }),
    });
    expect(reaped).toContainEqual({ runId: run.id, action: "failed", sideEffectTools: [] });
    const after = await testDatabase.database.agentRun.findUniqueOrThrow({ where: { id: run.id } });
    expect(after.status).toBe("failed");
    expect(after.error).toBe(LEASE_LAPSED_ERROR);
  });
});
