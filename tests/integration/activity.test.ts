/**
 * GET /api/activity against a real PostgreSQL: the rollups the halt_events trigger keeps (halts per hour
 * and severity, the histogram of waits to acknowledgement, also for an acknowledgement that comes later)
 * and the run events counted as guard interventions, bucketed per range; access and input checks.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as activityRoute from "@/app/api/activity/route";
import { activityStats } from "@/lib/activity/activity-stats";
import type { ActivityStats } from "@/lib/schemas/activity";
import { createTestAgentKey, createTestUser, type TestUser } from "./helpers/auth-fixtures";
import { callRoute } from "./helpers/call-route";
import { createTestDatabase, type TestDatabase } from "./helpers/test-database";

let testDatabase: TestDatabase;
let viewer: TestUser;
const NOW = new Date("2026-06-15T12:30:00Z");
const at = (hoursAgo: number, extraSeconds = 0) =>
  new Date(NOW.getTime() - hoursAgo * 3_600_000 + extraSeconds * 1000);

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  viewer = await createTestUser(testDatabase.database, "viewer");
  const database = testDatabase.database;
  const session = await database.agentSession.create({
    data: { sessionToken: "activity-test", agentName: "test" },
  });
  const halt = (severity: "low" | "medium" | "high" | "critical", triggeredAt: Date, waitSeconds?: number) =>
    database.haltEvent.create({
      data: {
        sessionId: session.id,
        haltType: "security",
        severity,
        description: "activity test",
        triggeredAt,
        ...(waitSeconds === undefined
          ? {}
          : {
              acknowledged: true,
              acknowledgedAt: new Date(triggeredAt.getTime() + waitSeconds * 1000),
              acknowledgedBy: "test",
              resolution: "resolved" as const,
            }),
      },
    });
  // This hour: 2 critical, 1 low; 3 hours ago: 1 high; 3 days ago: 1 medium; 40 days ago: outside.
  await halt("critical", at(0.2), 60);
  await halt("critical", at(0.1), 120);
  await halt("low", at(0.3));
  await halt("high", at(3), 600);
  await halt("medium", at(72), 3600);
  await halt("high", at(40 * 24));
  // Acknowledged later, by the console: the trigger counts the wait on the update.
  const later = await halt("high", at(5));
  await database.haltEvent.update({
    where: { id: later.id },
    data: { acknowledged: true, acknowledgedAt: at(5, 240), acknowledgedBy: "test", resolution: "dismissed" },
  });

  const run = await database.agentRun.create({
    data: { task: "activity", sessionId: session.id, createdBy: "test" },
  });
  const events: [string, Record<string, unknown>, Date][] = [
    ["tool.end", { quarantinedSegments: { count: 2 } }, at(1)],
    ["tool.end", { quarantinedSegments: { count: 0 } }, at(1)],
    ["scaffolding.stripped", { strippedChars: 40 }, at(1)],
    ["budget.wrapup", { step: 3, maxToolSteps: 3 }, at(2)],
    ["audit.terminated", {}, at(2)],
    ["run.caveats", { caveats: ["Note: ..."] }, at(2)],
    ["run.caveats", { caveats: [] }, at(2)],
    ["run.continuation", { reason: "judge" }, at(2)],
    ["run.continuation", { reason: "todo" }, at(2)],
  ];
  let seq = 0;
  for (const [type, data, when] of events)
    await database.runEvent.create({
      data: { runId: run.id, seq: ++seq, type, data: { type, ...data }, at: when },
    });
});

afterAll(async () => {
  await testDatabase?.drop();
});

const sum = (stats: ActivityStats, severity: "low" | "medium" | "high" | "critical") =>
  stats.halts.reduce((total, bucket) => total + bucket[severity], 0);

describe("activityStats", () => {
  it("counts halts per bucket and severity from the rollup, within the range only", async () => {
    const day = await activityStats(testDatabase.database, "24h", NOW);
    expect(day.halts).toHaveLength(24);
    expect(day.bucketSeconds).toBe(3600);
    expect(day.halts.at(-1)).toMatchObject({ start: "2026-06-15T12:00:00.000Z", critical: 2, low: 1 });
    expect([sum(day, "critical"), sum(day, "high"), sum(day, "medium"), sum(day, "low")]).toEqual([
      2, 2, 0, 1,
    ]);

    const week = await activityStats(testDatabase.database, "7d", NOW);
    expect(week.halts).toHaveLength(28);
    expect([sum(week, "critical"), sum(week, "high"), sum(week, "medium"), sum(week, "low")]).toEqual([
      2, 2, 1, 1,
    ]);

    const month = await activityStats(testDatabase.database, "30d", NOW);
    expect(month.halts).toHaveLength(30);
    expect(sum(month, "high")).toBe(2);
  });

  it("reads the time to acknowledge from the histogram, within 10% of the exact values", async () => {
    const week = await activityStats(testDatabase.database, "7d", NOW);
    // Waits: 60, 120, 240 (acknowledged later), 600, 3600 s -> exact median 240 s, p90 3600 s.
    expect(week.acknowledgement.count).toBe(5);
    expect(Math.abs(week.acknowledgement.medianSeconds! - 240) / 240).toBeLessThan(0.1);
    expect(Math.abs(week.acknowledgement.p90Seconds! - 3600) / 3600).toBeLessThan(0.1);
    const day = await activityStats(testDatabase.database, "24h", NOW);
    expect(day.acknowledgement.count).toBe(4);
    expect(day.acknowledgement.buckets.at(-1)?.count).toBe(2);
    expect(day.acknowledgement.buckets[0]?.medianSeconds).toBeNull();
  });

  it("counts guard interventions from run events", async () => {
    const day = await activityStats(testDatabase.database, "24h", NOW);
    const total = (kind: keyof ActivityStats["interventions"][number]) =>
      day.interventions.reduce((sum, bucket) => sum + Number(bucket[kind] ?? 0), 0);
    expect({
      quarantined: total("quarantined"),
      scaffolding: total("scaffolding"),
      wrapup: total("wrapup"),
      auditStops: total("auditStops"),
      caveats: total("caveats"),
      judgeContinuations: total("judgeContinuations"),
    }).toEqual({
      quarantined: 1,
      scaffolding: 1,
      wrapup: 1,
      auditStops: 1,
      caveats: 1,
      judgeContinuations: 1,
    });
  });
});

describe("GET /api/activity", () => {
  it("answers a viewer, refuses an unknown range with 400 and agent keys with 403", async () => {
    const ok = await callRoute(activityRoute.GET, {
      path: "/api/activity?range=30d",
      headers: await viewer.cookieHeaders(),
    });
    expect(ok.status).toBe(200);
    expect((ok.body as ActivityStats).range).toBe("30d");
    const bad = await callRoute(activityRoute.GET, {
      path: "/api/activity?range=1y",
      headers: await viewer.cookieHeaders(),
    });
    expect(bad.status).toBe(400);
    const agent = await createTestAgentKey(testDatabase.database, ["halts:read"]);
    const refused = await callRoute(activityRoute.GET, { path: "/api/activity", headers: agent.headers });
    expect(refused.status).toBe(403);
  });
});
