/**
 * `GET /api/halts?q=` against a real PostgreSQL, through each way lib/halts/service/halt-text-search.ts
 * finds matches: the probe of the newest events, the walk of a common phrase, and the trigram index by the
 * rare fragments of `q` (also after a walk that ran out of its rows). Every answer is compared with the
 * same search written independently (strpos on lower-cased text, every event read), page by page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as haltsRoute from "@/app/api/halts/route";
import { SAMPLE_ROWS, WALK_MAX_ROWS } from "@/lib/halts/service/halt-text-search";
import { encodeHaltListCursor, HALT_COUNT_CAP } from "@/lib/schemas/halts";
import { createTestUser, type TestUser } from "./helpers/auth-fixtures";
import { callRoute } from "./helpers/call-route";
import { createTestAgent, type TestAgent } from "./helpers/halt-fixtures";
import { createTestDatabase, type TestDatabase } from "./helpers/test-database";

let testDatabase: TestDatabase;
let agentA: TestAgent;
let agentB: TestAgent;
let viewer: TestUser;
let sessionId: string;

const RECENT_BURSTS = SAMPLE_ROWS + 500;
const BACKGROUND = WALK_MAX_ROWS + SAMPLE_ROWS + 1_000;

/**
 * `count` events of the session, `description` an SQL expression of i, i seconds past `secondsAgo`; in
 * statements of 5,000 rows (each stays well inside the statement timeout on a busy host).
 */
async function insertEvents(
  count: number,
  description: string,
  secondsAgo: number,
  conditionName = "out_of_scope",
) {
  for (let first = 1; first <= count; first += 5_000) {
    await testDatabase.database.$executeRawUnsafe(
      `insert into halt_events (session_id, halt_type, condition_name, severity, description, triggered_at,
                                acknowledged, acknowledged_at, acknowledged_by, resolution)
       select $1::uuid, 'scope', $5, (array['low','medium','high','critical'])[1 + i % 4]::severity_level,
              ${description}, now() - make_interval(secs => $4::int + i), i % 10 <> 0,
              case when i % 10 <> 0 then now() end, case when i % 10 <> 0 then 'test' end,
              case when i % 10 <> 0 then 'resolved'::halt_resolution end
         from generate_series($2::int, $3::int) as i`,
      sessionId,
      first,
      Math.min(count, first + 4_999),
      secondsAgo,
      conditionName,
    );
  }
}

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  agentA = await createTestAgent(testDatabase.database);
  agentB = await createTestAgent(testDatabase.database);
  viewer = await createTestUser(testDatabase.database, "viewer");
  sessionId = (await agentA.openSession()).session_id;
  // Newest: a phrase every one of the newest events has; then many events without it (more than the
  // probe and the walk read together); then a few old events with it again, and a few odd ones.
  await insertEvents(RECENT_BURSTS, `'Recent burst window ' || i`, 0);
  await insertEvents(BACKGROUND, `'Background event ' || i`, 10_000);
  await insertEvents(5, `'Old burst window ' || i`, 200_000);
  await insertEvents(3, `'Plain text ' || i`, 300_000, "quokka_guard");
  await insertEvents(1, `'Discount 50%_off applied'`, 400_000);
  await insertEvents(1, `'Discount 50XYoff applied'`, 400_100);
  await testDatabase.database.$executeRawUnsafe("analyze halt_events");
}, 180_000);
afterAll(async () => {
  await testDatabase.drop();
});

/** The search written independently: every event read, `q` a literal case-insensitive substring. */
async function expected(q: string, extra = "true") {
  return await testDatabase.database.$queryRawUnsafe<{ id: string; acknowledged: boolean }[]>(
    `select id, acknowledged from halt_events
      where (strpos(lower(description), lower($1)) > 0 or strpos(lower(coalesce(condition_name, '')), lower($1)) > 0)
        and ${extra}
      order by triggered_at desc, id desc`,
    q,
  );
}

async function list(query: string, headers?: Record<string, string>) {
  const response = await callRoute(haltsRoute.GET, {
    path: `/api/halts${query}`,
    headers: headers ?? (await viewer.cookieHeaders()),
  });
  expect(response.status).toBe(200);
  return response.body;
}

/** Every page of a search (limit 200), and the counts of its first page. */
async function allPages(query: string) {
  const first = await list(`${query}&limit=200`);
  const seen: string[] = first.halts.map((halt: { halt_id: string }) => halt.halt_id);
  let cursor = first.next_cursor;
  while (cursor) {
    const next = await list(`${query}&limit=200&cursor=${cursor}`);
    seen.push(...next.halts.map((halt: { halt_id: string }) => halt.halt_id));
    cursor = next.next_cursor;
  }
  return { seen, counts: first };
}

describe("GET /api/halts?q= finds every match, whichever way it looks", () => {
  it("a phrase all the newest events have and older ones rarely: the walk runs out, the index finds them", async () => {
    const truth = await expected("burst window");
    expect(truth).toHaveLength(RECENT_BURSTS + 5);
    const { seen, counts } = await allPages(`?q=${encodeURIComponent("Burst Window")}`);
    expect(seen).toEqual(truth.map((row) => row.id));
    expect(counts).toMatchObject({
      total_count: truth.length,
      total_count_capped: false,
      unacknowledged_count: truth.filter((row) => !row.acknowledged).length,
      unacknowledged_count_capped: false,
    });
  });

  it("a rare phrase among common words: found by the index through its rare fragments", async () => {
    const truth = await expected("event 4242");
    expect(truth.length).toBe(11); // 4242 and 42420-42429
    const { seen, counts } = await allPages(`?q=${encodeURIComponent("event 4242")}`);
    expect(seen).toEqual(truth.map((row) => row.id));
    expect(counts).toMatchObject({
      total_count: 11,
      unacknowledged_count: truth.filter((row) => !row.acknowledged).length,
    });
    const none = await list("?q=zzqxnomatch");
    expect(none).toMatchObject({ halts: [], total_count: 0, next_cursor: null });
  });

  it("a phrase more than HALT_COUNT_CAP events have: capped total, exact unacknowledged, pages past the cap", async () => {
    const truth = await expected("background event");
    expect(truth.length).toBeGreaterThan(HALT_COUNT_CAP);
    const first = await list(`?q=${encodeURIComponent("background event")}&limit=50`);
    const unacknowledged = truth.filter((row) => !row.acknowledged).length;
    expect(unacknowledged).toBeLessThan(HALT_COUNT_CAP);
    expect(first).toMatchObject({
      total_count: HALT_COUNT_CAP,
      total_count_capped: true,
      unacknowledged_count: unacknowledged,
      unacknowledged_count_capped: false,
    });
    expect(first.halts.map((halt: { halt_id: string }) => halt.halt_id)).toEqual(
      truth.slice(0, 50).map((row) => row.id),
    );
    // A cursor near and past the cap: the next pages continue in list order.
    for (const index of [HALT_COUNT_CAP - 30, HALT_COUNT_CAP + 500]) {
      const id = truth[index]?.id ?? "";
      const [row] = await testDatabase.database.$queryRawUnsafe<{ triggered_at: Date }[]>(
        "select triggered_at from halt_events where id = $1::uuid",
        id,
      );
      const cursor = encodeHaltListCursor({
        triggered_at: row?.triggered_at.toISOString() ?? "",
        halt_id: id,
      });
      const page = await list(`?q=${encodeURIComponent("background event")}&limit=50&cursor=${cursor}`);
      expect(page.halts.map((halt: { halt_id: string }) => halt.halt_id)).toEqual(
        truth.slice(index + 1, index + 51).map((row) => row.id),
      );
      expect(page.total_count_capped).toBe(true);
    }
    // Under a filter the search counts only the filtered events.
    const critical = await list(
      `?q=${encodeURIComponent("background event")}&severity=critical&acknowledged=false`,
    );
    const truthCritical = await expected("background event", "severity = 'critical' and not acknowledged");
    expect(critical).toMatchObject({ total_count: truthCritical.length, total_count_capped: false });
  });

  it("matches the condition name, keeps an agent to its own sessions, and takes % and _ literally", async () => {
    const quokka = await list("?q=QUOKKA");
    expect(quokka.total_count).toBe(3);
    expect((await list("?q=quokka", agentA.headers)).total_count).toBe(3);
    expect((await list("?q=quokka", agentB.headers)).total_count).toBe(0);
    expect((await list(`?q=quokka&session_id=${sessionId.slice(0, 8)}&severity=high`)).total_count).toBe(
      (await expected("quokka", "severity = 'high'")).length,
    );
    const literal = await list(`?q=${encodeURIComponent("50%_off")}`);
    expect(literal.halts.map((halt: { description: string }) => halt.description)).toEqual([
      "Discount 50%_off applied",
    ]);
  });
});
