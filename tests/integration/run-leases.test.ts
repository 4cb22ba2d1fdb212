/**
 * Run leases against real PostgreSQL (lib/runs/run-lease.ts): a run whose lease lapsed is re-queued when
 * it called no side-effecting tool and failed when it did (or was re-queued before); a held lease and a
 * run this process executes are left alone; concurrent reapers reap each run exactly once; a runtime
 * whose run was reaped finds its lease gone. The kill -9 of a real runtime is in supervisor.test.ts.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "@/lib/log/logger";
import {
  isSideEffectingTool,
  LEASE_LAPSED_ERROR,
  reapLapsedLeases,
  renewRunLease,
} from "@/lib/runs/run-lease";
import { createTestDatabase, type TestDatabase } from "./helpers/test-database";

let testDatabase: TestDatabase;
const log = createLogger({ component: "test" });

beforeAll(async () => {
  testDatabase = await createTestDatabase();
});

afterAll(async () => {
  await testDatabase?.drop();
});

/** A running run held by `runtimeId` whose lease ends `leaseOffsetMs` from now, with `tools` called. */
async function runningRun(
  options: { leaseOffsetMs?: number; tools?: string[]; requeues?: number; runtimeId?: string } = {},
) {
  const database = testDatabase.database;
  const session = await database.agentSession.create({
    data: { sessionToken: `sess_${randomUUID()}`, agentName: "lease-test" },
  });
  const run = await database.agentRun.create({
    data: {
      task: "lease",
      createdBy: "test",
      sessionId: session.id,
      status: "running",
      startedAt: new Date(),
      runtimeId: options.runtimeId ?? randomUUID(),
      leaseRequeues: options.requeues ?? 0,
    },
  });
  await database.$executeRaw`update agent_runs
    set lease_expires_at = now() + make_interval(secs => ${(options.leaseOffsetMs ?? -1_000) / 1000}::double precision)
    where id = ${run.id}::uuid`;
  let seq = 0;
  for (const name of options.tools ?? []) {
    seq += 1;
    await database.runEvent.create({
      data: {
        runId: run.id,
        seq,
        type: "tool.start",
        data: { type: "tool.start", step: seq, callId: `c${seq}`, name, args: "{}" },
      },
    });
  }
  return run;
}

const reapNow = (enqueued: string[] = [], isActive: (runId: string) => boolean = () => false) =>
  reapLapsedLeases(testDatabase.database, {
    isActive,
    enqueue: async (runId) => {
      enqueued.push(runId);
    },
    log,
    limit: 100,
  });

async function eventsOf(runId: string) {
  return testDatabase.database.runEvent.findMany({ where: { runId }, orderBy: { seq: "asc" } });
}

describe("side-effecting tools", () => {
  it("counts every tool except run bookkeeping and reads", () => {
    expect(isSideEffectingTool("agent_todo_update")).toBe(false);
    expect(isSideEffectingTool("web_fetch")).toBe(false);
    expect(isSideEffectingTool("mcp__files__read_file")).toBe(false);
    expect(isSideEffectingTool("send_email")).toBe(true);
    expect(isSideEffectingTool("mcp__crm__delete_contact")).toBe(true);
    expect(isSideEffectingTool("frobnicate")).toBe(true); // unknown: assumed to act
  });
});

describe("reaping lapsed leases", () => {
  it("re-queues a run that called only reads and bookkeeping, once", async () => {
    const run = await runningRun({ tools: ["agent_todo_update", "web_fetch"] });
    const enqueued: string[] = [];
    const reaped = await reapNow(enqueued);
    expect(reaped).toContainEqual({ runId: run.id, action: "requeued", sideEffectTools: [] });
    expect(enqueued).toContain(run.id);
    const after = await testDatabase.database.agentRun.findUniqueOrThrow({ where: { id: run.id } });
    expect(after).toMatchObject({
      status: "queued",
      runtimeId: null,
      leaseExpiresAt: null,
      leaseRequeues: 1,
    });
    const lapsed = (await eventsOf(run.id)).filter((event) => event.type === "run.lease_lapsed");
    expect(lapsed.map((event) => event.data)).toEqual([
      { type: "run.lease_lapsed", runtime: expect.any(String), action: "requeued", sideEffectTools: [] },
    ]);
  });

  it("fails a run that called a side-effecting tool, with the reason on its timeline", async () => {
    const run = await runningRun({ tools: ["web_fetch", "send_email", "send_email"] });
    const enqueued: string[] = [];
    expect(await reapNow(enqueued)).toContainEqual({
      runId: run.id,
      action: "failed",
      sideEffectTools: ["send_email"],
    });
    expect(enqueued).not.toContain(run.id);
    const after = await testDatabase.database.agentRun.findUniqueOrThrow({ where: { id: run.id } });
    expect(after).toMatchObject({ status: "failed", error: LEASE_LAPSED_ERROR });
    expect(after.finishedAt).not.toBeNull();
    const types = (await eventsOf(run.id)).map((event) => event.type);
    expect(types.slice(-2)).toEqual(["run.lease_lapsed", "run.finished"]);
  });

  it("fails a run that was re-queued before instead of re-queueing it again", async () => {
    const run = await runningRun({ requeues: 1 });
    expect(await reapNow()).toContainEqual({ runId: run.id, action: "failed", sideEffectTools: [] });
  });

  it("leaves a held lease and a run this process executes alone", async () => {
    const held = await runningRun({ leaseOffsetMs: 60_000 });
    const mine = await runningRun();
    const reaped = await reapNow([], (runId) => runId === mine.id);
    expect(reaped.map((entry) => entry.runId)).not.toContain(held.id);
    expect(reaped.map((entry) => entry.runId)).not.toContain(mine.id);
    for (const id of [held.id, mine.id]) {
      expect((await testDatabase.database.agentRun.findUniqueOrThrow({ where: { id } })).status).toBe(
        "running",
      );
    }
  });

  it("reaps each run exactly once when several reapers race", async () => {
    const runs = await Promise.all(
      Array.from({ length: 8 }, (_, index) => runningRun({ tools: index % 2 === 0 ? [] : ["send_email"] })),
    );
    const enqueued: string[] = [];
    const results = await Promise.all(Array.from({ length: 5 }, () => reapNow(enqueued)));
    const ids = new Set(runs.map((run) => run.id));
    const reapedIds = results
      .flat()
      .map((entry) => entry.runId)
      .filter((id) => ids.has(id));
    expect(reapedIds.sort()).toEqual([...ids].sort());
    expect(enqueued.filter((id) => ids.has(id)).sort()).toEqual(
      runs
        .filter((_, index) => index % 2 === 0)
        .map((run) => run.id)
        .sort(),
    );
    for (const run of runs) {
      const lapsed = (await eventsOf(run.id)).filter((event) => event.type === "run.lease_lapsed");
      expect(lapsed).toHaveLength(1);
    }
  });

  it("tells the runtime that held a reaped run that its lease is gone", async () => {
    const runtimeId = randomUUID();
    const run = await runningRun({ runtimeId, tools: ["send_email"] });
    await reapNow();
    expect(await renewRunLease(testDatabase.database, run.id, runtimeId, 30_000)).toBe(false);
    const live = await runningRun({ runtimeId, leaseOffsetMs: 10_000 });
    expect(await renewRunLease(testDatabase.database, live.id, runtimeId, 30_000)).toBe(true);
  });
});
