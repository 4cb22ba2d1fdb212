/**
 * Reading halt events: the console's list (`GET /api/halts`: filters, newest first, keyset pagination
 * on (triggered_at, id) served by `idx_halt_events_keyset`, total and unacknowledged counts), one event,
 * and `guardrail_get_session_halts`. An agent key sees only events of its own sessions.
 */
import type { Caller } from "@/lib/auth/caller";
import type { Database } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import {
  decodeHaltListCursor,
  encodeHaltListCursor,
  type GetSessionHaltsOutput,
  HALT_COUNT_CAP,
  type HaltEvent,
  type ListHaltsOutput,
  type ListHaltsQuery,
} from "@/lib/schemas/halts";
import { uuidPrefixRange } from "@/lib/schemas/uuid";
import { toHaltEventView } from "./halt-event-view";
import { HaltForbiddenError, HaltNotFoundError } from "./halt-service-error";
import { before, searchHaltKeys } from "./halt-text-search";
import { resolveSessionByIdOrToken } from "./resolve-session";

/** Newest first: the order of the list, its keyset cursor and its capped counts. */
const KEYSET_ORDER: Prisma.HaltEventOrderByWithRelationInput[] = [{ triggeredAt: "desc" }, { id: "desc" }];

function ownerFilter(caller: Caller): Prisma.HaltEventWhereInput {
  return caller.kind === "agent" ? { session: { apiKeyId: caller.keyId } } : {};
}

function keysetFilter(cursor: string | undefined): Prisma.HaltEventWhereInput {
  const position = cursor === undefined ? null : decodeHaltListCursor(cursor);
  if (position === null) return {};
  const at = new Date(position.triggered_at);
  return { OR: [{ triggeredAt: { lt: at } }, { triggeredAt: at, id: { lt: position.halt_id } }] };
}

async function page(
  database: Database,
  where: Prisma.HaltEventWhereInput,
  options: { limit: number; cursor?: string; offset?: number },
): Promise<{
  halts: HaltEvent[];
  next_cursor: string | null;
  total_count: number;
  unacknowledged_count: number;
}> {
  // Both counts come from one scan: a GROUP BY on `acknowledged` (Prisma's count() wraps its query in a
  // subquery per call, which scans the matching rows twice).
  const [listed, groups] = await Promise.all([
    rowsPage(database, where, options),
    database.haltEvent.groupBy({ by: ["acknowledged"], where, _count: { _all: true } }),
  ]);
  const total = groups.reduce((sum, group) => sum + group._count._all, 0);
  const unacknowledged = groups.find((group) => !group.acknowledged)?._count._all ?? 0;
  return { ...listed, total_count: total, unacknowledged_count: unacknowledged };
}

/** One page of events, newest first, and the cursor of the next. */
async function rowsPage(
  database: Database,
  where: Prisma.HaltEventWhereInput,
  options: { limit: number; cursor?: string; offset?: number },
): Promise<{ halts: HaltEvent[]; next_cursor: string | null }> {
  const rows = await database.haltEvent.findMany({
    where: { AND: [where, keysetFilter(options.cursor)] },
    orderBy: KEYSET_ORDER,
    take: options.limit + 1,
    skip: options.cursor === undefined ? (options.offset ?? 0) : 0,
  });
  const visible = rows.slice(0, options.limit);
  const last = visible.at(-1);
  return {
    halts: visible.map(toHaltEventView),
    next_cursor:
      rows.length > options.limit && last
        ? encodeHaltListCursor({ triggered_at: last.triggeredAt.toISOString(), halt_id: last.id })
        : null,
  };
}

/**
 * The console's halt list. Counts cover every event matching the filters (not just this page), up to
 * HALT_COUNT_CAP each (then `*_capped`).
 */
export async function listHalts(
  database: Database,
  caller: Caller,
  query: ListHaltsQuery,
): Promise<ListHaltsOutput> {
  const filters: Prisma.HaltEventWhereInput[] = [ownerFilter(caller)];
  if (query.session_id) {
    const { first, last } = uuidPrefixRange(query.session_id);
    filters.push(first === last ? { sessionId: first } : { sessionId: { gte: first, lte: last } });
  }
  if (query.halt_type) filters.push({ haltType: query.halt_type });
  if (query.severity) filters.push({ severity: query.severity });
  if (query.acknowledged !== undefined) filters.push({ acknowledged: query.acknowledged });
  if (query.from) filters.push({ triggeredAt: { gte: new Date(query.from) } });
  if (query.to) filters.push({ triggeredAt: { lte: new Date(query.to) } });
  if (query.q) return await searchHalts(database, caller, query, query.q);
  const where = { AND: filters };
  // Counts capped at HALT_COUNT_CAP + 1 rows each (a LIMIT under the count): an index walk stops there
  // instead of visiting every match of ten million events. The walk is in the list's own order: without
  // an order Prisma orders a counted `take` by id, and PostgreSQL then sorts every match (all 250,000
  // critical events of a million) before it can stop; in keyset order the (filter, triggered_at, id)
  // indexes hand over the first HALT_COUNT_CAP + 1 matches from an index-only scan.
  const [listed, total, unacknowledged] = await Promise.all([
    rowsPage(database, where, { limit: query.limit, cursor: query.cursor }),
    database.haltEvent.count({ where, orderBy: KEYSET_ORDER, take: HALT_COUNT_CAP + 1 }),
    // Filtered to acknowledged halts none is open; filtered to open ones every match is (the total).
    query.acknowledged !== undefined
      ? Promise.resolve(null)
      : database.haltEvent.count({
          where: { AND: [where, { acknowledged: false }] },
          orderBy: KEYSET_ORDER,
          take: HALT_COUNT_CAP + 1,
        }),
  ]);
  const open = unacknowledged ?? (query.acknowledged ? 0 : total);
  return {
    ...listed,
    total_count: Math.min(total, HALT_COUNT_CAP),
    total_count_capped: total > HALT_COUNT_CAP,
    unacknowledged_count: Math.min(open, HALT_COUNT_CAP),
    unacknowledged_count_capped: open > HALT_COUNT_CAP,
  };
}

/**
 * The list under a text search (halt-text-search.ts finds the matches): the keys of up to
 * HALT_COUNT_CAP + 1 matches in list order give both counts and the page, whose rows are then read by
 * primary key. Only when more than HALT_COUNT_CAP events match does the unacknowledged count need a
 * search of its own, and only a cursor past the first HALT_COUNT_CAP matches a search after it.
 */
async function searchHalts(
  database: Database,
  caller: Caller,
  query: ListHaltsQuery,
  q: string,
): Promise<ListHaltsOutput> {
  const filters = searchFilters(caller, query);
  const matches = await searchHaltKeys(database, filters, q, HALT_COUNT_CAP + 1);
  const capped = matches.length > HALT_COUNT_CAP;
  const position = query.cursor === undefined ? null : decodeHaltListCursor(query.cursor);
  const start =
    position === null
      ? 0
      : matches.findIndex((match) => {
          const at = match.triggered_at.toISOString();
          return at < position.triggered_at || (at === position.triggered_at && match.id < position.halt_id);
        });
  const after = async () => {
    if (position === null || !capped) return [];
    const key = { triggered_at: new Date(position.triggered_at), id: position.halt_id };
    return await searchHaltKeys(database, Prisma.sql`${filters} and ${before(key)}`, q, query.limit + 1);
  };
  const [listed, unacknowledged] = await Promise.all([
    start === -1 || (capped && start + query.limit + 1 > HALT_COUNT_CAP)
      ? after().then((keys) => pageOf(database, keys, query.limit))
      : pageOf(database, matches.slice(start, start + query.limit + 1), query.limit),
    // Filtered by acknowledgement, the matches' own flags give the count (all open or none).
    capped && query.acknowledged === undefined
      ? searchHaltKeys(database, Prisma.sql`${filters} and acknowledged = false`, q, HALT_COUNT_CAP + 1).then(
          (keys) => keys.length,
        )
      : Promise.resolve(matches.filter((match) => !match.acknowledged).length),
  ]);
  return {
    ...listed,
    total_count: Math.min(matches.length, HALT_COUNT_CAP),
    total_count_capped: capped,
    unacknowledged_count: Math.min(unacknowledged, HALT_COUNT_CAP),
    unacknowledged_count_capped: unacknowledged > HALT_COUNT_CAP,
  };
}

/** The list's filters besides `q` as an SQL condition on `halt_events` (the same as listHalts' where). */
function searchFilters(caller: Caller, query: ListHaltsQuery): Prisma.Sql {
  const conditions: Prisma.Sql[] = [Prisma.sql`true`];
  if (caller.kind === "agent") {
    conditions.push(
      Prisma.sql`session_id in (select id from agent_sessions where api_key_id = ${caller.keyId}::uuid)`,
    );
  }
  if (query.session_id) {
    const { first, last } = uuidPrefixRange(query.session_id);
    conditions.push(Prisma.sql`session_id between ${first}::uuid and ${last}::uuid`);
  }
  if (query.halt_type) conditions.push(Prisma.sql`halt_type = ${query.halt_type}::halt_type`);
  if (query.severity) conditions.push(Prisma.sql`severity = ${query.severity}::severity_level`);
  if (query.acknowledged !== undefined) conditions.push(Prisma.sql`acknowledged = ${query.acknowledged}`);
  if (query.from) conditions.push(Prisma.sql`triggered_at >= ${new Date(query.from)}::timestamptz`);
  if (query.to) conditions.push(Prisma.sql`triggered_at <= ${new Date(query.to)}::timestamptz`);
  return Prisma.join(conditions, " and ");
}

/** The page of `keys` (list order; one more than `limit` when there is a next page), read by id. */
async function pageOf(
  database: Database,
  keys: { id: string }[],
  limit: number,
): Promise<{ halts: HaltEvent[]; next_cursor: string | null }> {
  const visible = keys.slice(0, limit);
  if (visible.length === 0) return { halts: [], next_cursor: null };
  const rows = await database.haltEvent.findMany({
    where: { id: { in: visible.map((key) => key.id) } },
    orderBy: KEYSET_ORDER,
  });
  const last = rows.at(-1);
  return {
    halts: rows.map(toHaltEventView),
    next_cursor:
      keys.length > limit && last
        ? encodeHaltListCursor({ triggered_at: last.triggeredAt.toISOString(), halt_id: last.id })
        : null,
  };
}

/** One event; 404 when unknown, 403 when it belongs to another agent key's session. */
export async function getHalt(database: Database, caller: Caller, haltId: string): Promise<HaltEvent> {
  const row = await database.haltEvent.findUnique({ where: { id: haltId }, include: { session: true } });
  if (!row) throw new HaltNotFoundError();
  if (caller.kind === "agent" && row.session.apiKeyId !== caller.keyId) throw new HaltForbiddenError();
  const { session: _session, ...event } = row;
  return toHaltEventView(event);
}

/** Filters of `guardrail_get_session_halts` (the session itself is named separately). */
export type SessionHaltsFilter = {
  include_acknowledged: boolean;
  halt_type?: HaltEvent["halt_type"];
  severity?: HaltEvent["severity"];
  condition_name?: string;
  limit: number;
  offset: number;
  cursor?: string;
};

/**
 * `guardrail_get_session_halts` for the session named by id or token. Unacknowledged events only unless
 * `include_acknowledged`; `total_count` counts the events matching the filters, `unacknowledged_count`
 * the unacknowledged ones among them.
 */
export async function getSessionHalts(
  database: Database,
  caller: Caller,
  sessionIdOrToken: string,
  filter: SessionHaltsFilter,
): Promise<GetSessionHaltsOutput> {
  const session = await resolveSessionByIdOrToken(database, caller, sessionIdOrToken);
  const where: Prisma.HaltEventWhereInput = { sessionId: session.id };
  if (!filter.include_acknowledged) where.acknowledged = false;
  if (filter.halt_type) where.haltType = filter.halt_type;
  if (filter.severity) where.severity = filter.severity;
  if (filter.condition_name) where.conditionName = filter.condition_name;
  return page(database, where, { limit: filter.limit, cursor: filter.cursor, offset: filter.offset });
}
