/**
 * The console's live-event hub against a real PostgreSQL: its LISTEN connections outlive the last
 * subscriber for the linger (a page load that closes one stream and opens the next reuses them, with no
 * `resync`), and close after it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ConsoleEvent, ConsoleEventHub, databaseListeners } from "@/lib/events/console-event-hub";
import { HALTS_CHANNEL } from "@/lib/halts/service/halt-notifications";
import { createTestDatabase, type TestDatabase } from "./helpers/test-database";

let testDatabase: TestDatabase;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
});
afterAll(async () => {
  await testDatabase.drop();
});

/** Connections of this test's database whose last statement was a LISTEN (the hub's listeners). */
async function listenConnections(): Promise<number> {
  const rows = await testDatabase.database.$queryRaw<{ count: bigint }[]>`
    select count(*) as count from pg_stat_activity
    where datname = current_database() and query ilike 'LISTEN %'`;
  return Number(rows[0]?.count ?? 0);
}

function collect() {
  const events: ConsoleEvent[] = [];
  return { events, subscriber: (event: ConsoleEvent) => void events.push(event) };
}

const POLL = { timeout: 15_000, interval: 50 };

describe("ConsoleEventHub", () => {
  it("keeps its LISTEN connections through the linger: the next subscriber gets events and no resync", async () => {
    const lingerMs = 1_500;
    const hub = new ConsoleEventHub(
      databaseListeners(() => testDatabase.url),
      lingerMs,
    );
    const first = collect();
    const leaveFirst = hub.subscribe(first.subscriber);
    // A cold hub connects its three listeners; each says `resync` once it listens.
    await expect.poll(() => first.events.filter((event) => event.type === "resync").length, POLL).toBe(3);
    expect(await listenConnections()).toBe(3);

    // The page is left and the next one subscribes within the linger (a navigation).
    leaveFirst();
    expect(hub.listening).toBe(true);
    const second = collect();
    const leaveSecond = hub.subscribe(second.subscriber);
    await testDatabase.database.$executeRaw`select pg_notify(${HALTS_CHANNEL}, '{"type":"halt.recorded"}')`;
    await expect.poll(() => second.events.some((event) => event.type === "halt"), POLL).toBe(true);
    expect(second.events).toEqual([{ type: "halt", data: { type: "halt.recorded" } }]);
    expect(await listenConnections()).toBe(3);

    // Alone for longer than the linger: the listeners close.
    leaveSecond();
    leaveSecond(); // idempotent
    await expect.poll(() => hub.listening, POLL).toBe(false);
    await expect.poll(() => listenConnections(), POLL).toBe(0);

    // A subscriber after that starts them again, with their resyncs.
    const third = collect();
    const leaveThird = hub.subscribe(third.subscriber);
    await expect.poll(() => third.events.filter((event) => event.type === "resync").length, POLL).toBe(3);
    leaveThird();
    await expect.poll(() => listenConnections(), POLL).toBe(0);
  });
});
