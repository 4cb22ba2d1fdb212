/**
 * Escalation and retention: overdue halts escalate exactly once with two workers, each escalation is
 * announced once on the console and once by a signed webhook (retried after a failure), and events
 * older than 90 days move to the archive without loss.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHaltJobs } from "@/agent/halt-jobs";
import { createPrismaClient } from "@/lib/db/client";
import { verifyWebhookSignature } from "@/lib/halts/escalation/escalation-webhook";
import {
  archiveOldHalts,
  claimEscalationNotifications,
  escalateOverdueHalts,
} from "@/lib/halts/escalation/halt-escalation";
import { createLogger } from "@/lib/log/logger";
import { createTestAgent, type TestAgent } from "./helpers/halt-fixtures";
import { createTestDatabase, type TestDatabase } from "./helpers/test-database";

let testDatabase: TestDatabase;
let agent: TestAgent;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  agent = await createTestAgent(testDatabase.database);
  await testDatabase.database.haltConditionConfig.update({
    where: { conditionName: "out_of_scope" },
    data: { escalateAfterMinutes: 5 },
  });
});
afterAll(async () => {
  await testDatabase.drop();
});

/** Inserts an unacknowledged event triggered `minutesAgo` minutes ago (inserts are allowed; updates of recorded fields are not). */
async function insertEvent(
  sessionId: string,
  minutesAgo: number,
  condition = "out_of_scope",
  severity = "high",
): Promise<string> {
  const [row] = await testDatabase.database.$queryRaw<{ id: string }[]>`
    insert into halt_events (session_id, halt_type, condition_name, severity, description, triggered_at)
    values (${sessionId}::uuid, 'scope', ${condition}, ${severity}::severity_level, 'Operation exceeds the scope boundary',
            now() - make_interval(mins => ${minutesAgo}))
    returning id`;
  return row!.id;
}

describe("escalation of unacknowledged halts", () => {
  it("escalates each overdue event exactly once when two workers race, and leaves fresh ones alone", async () => {
    const session = await agent.openSession();
    const overdue = await Promise.all(
      [10, 20, 30, 60].map((minutes) => insertEvent(session.session_id, minutes)),
    );
    const fresh = await insertEvent(session.session_id, 1);
    const otherWorker = createPrismaClient(testDatabase.url);
    try {
      const rounds = await Promise.all(
        Array.from({ length: 6 }, (_, index) =>
          escalateOverdueHalts(index % 2 === 0 ? testDatabase.database : otherWorker),
        ),
      );
      const escalated = rounds.flat();
      expect(escalated.sort()).toEqual([...overdue].sort());
    } finally {
      await otherWorker.$disconnect();
    }
    const rows = await testDatabase.database.haltEvent.findMany({ where: { sessionId: session.session_id } });
    for (const row of rows) {
      if (row.id === fresh)
        expect([row.escalatedAt, row.resolution, row.acknowledged]).toEqual([null, null, false]);
      else {
        expect(row.escalatedAt).not.toBeNull();
        expect(row.resolution).toBe("timeout");
        expect(row.acknowledged).toBe(false);
      }
    }
    const claimedTwice = await Promise.all([
      claimEscalationNotifications(testDatabase.database),
      claimEscalationNotifications(testDatabase.database),
    ]);
    const claimedIds = claimedTwice.flat().map((halt) => halt.halt_id);
    expect(new Set(claimedIds).size).toBe(claimedIds.length);
    expect(claimedIds).toEqual(expect.arrayContaining(overdue));
  });

  it("runs on pg-boss with two workers: one console event and one signed webhook per escalation, retried after a failure", async () => {
    const secret = "a-webhook-secret-for-tests";
    const deliveries: { id: string; valid: boolean }[] = [];
    let failuresLeft = 1;
    const receiver = http.createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", () => {
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          response.writeHead(503).end();
          return;
        }
        const valid = verifyWebhookSignature(
          secret,
          String(request.headers["x-keel-timestamp"]),
          body,
          String(request.headers["x-keel-signature"]),
        );
        deliveries.push({ id: String(request.headers["x-keel-delivery"]), valid });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/keel`;
    const consoleLines: string[] = [];
    const log = createLogger({ component: "test", write: (line) => consoleLines.push(line) });

    const session = await agent.openSession();
    const overdue = await insertEvent(session.session_id, 15);
    const workers = await Promise.all(
      [0, 1].map(() =>
        startHaltJobs({
          connectionString: testDatabase.url,
          database: testDatabase.database,
          log,
          webhook: { url, secret },
          webhookRetryDelaySeconds: 1,
          schedule: false,
        }),
      ),
    );
    try {
      await Promise.all(workers.map((worker) => worker.boss.send("halt-escalation-scan", {})));
      await expect
        .poll(() => deliveries.map((delivery) => delivery.id), { timeout: 25_000, interval: 250 })
        .toContain(overdue);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(deliveries.filter((delivery) => delivery.id === overdue)).toEqual([
        { id: overdue, valid: true },
      ]);
      const announced = consoleLines
        .map((line) => JSON.parse(line))
        .filter(
          (record) => record.msg === "halt escalated: a human must look at it" && record.halt_id === overdue,
        );
      expect(announced).toHaveLength(1);
      expect(announced[0]).toMatchObject({
        reason: "unacknowledged_timeout",
        condition_name: "out_of_scope",
      });
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
      receiver.close();
    }
  }, 60_000);
});

describe("retention", () => {
  it("moves events older than 90 days to the archive, keeping every field, and keeps younger ones", async () => {
    const session = await agent.openSession();
    const old = await insertEvent(session.session_id, 91 * 24 * 60);
    const young = await insertEvent(session.session_id, 10 * 24 * 60);
    const before = await testDatabase.database.haltEvent.findUniqueOrThrow({ where: { id: old } });
    expect(await archiveOldHalts(testDatabase.database, new Date(), 1)).toBeGreaterThanOrEqual(1);
    expect(await testDatabase.database.haltEvent.findUnique({ where: { id: old } })).toBeNull();
    expect(await testDatabase.database.haltEvent.findUnique({ where: { id: young } })).not.toBeNull();
    const archived = await testDatabase.database.haltEventArchive.findUniqueOrThrow({ where: { id: old } });
    expect({ ...archived, archivedAt: undefined }).toMatchObject({ ...before, archivedAt: undefined });
  });

  it("refuses to delete a young event outright (immutability)", async () => {
    const session = await agent.openSession();
    const young = await insertEvent(session.session_id, 5);
    await expect(
      testDatabase.database.$executeRaw`delete from halt_events where id = ${young}::uuid`,
    ).rejects.toThrow(/immutable/);
  });
});
