/**
 * The keys of the halt events a text search (`GET /api/halts?q=`) matches, newest first: a case-insensitive
 * substring of the description or the condition name, under the list's other filters.
 *
 * PostgreSQL's plan for `description ILIKE '%q%'` looks up every trigram of `q` in the trigram GIN index and
 * intersects their posting lists. A trigram that nearly every event has ("num", "ber" of "number 4242" in
 * the bench's descriptions) has a posting list as long as the table, so that lookup decodes tens of
 * millions of entries at ten million events however rare the phrase, and a common phrase makes it collect
 * and sort every match. The planner cannot tell: it keeps no statistics per trigram. So the search
 * measures before it chooses:
 *
 * 1. The probe: the newest SAMPLE_ROWS events under the filters, each tested against `q`. When the filters
 *    match fewer events, or the first `limit` matches are among them, that is the answer.
 * 2. A common phrase (at the probe's rate the missing matches are within half of WALK_MAX_ROWS more
 *    events): walk on in list order with the test as a filter, stopping at `limit` matches.
 * 3. Otherwise, or when the walk reads WALK_MAX_ROWS events without enough matches: the trigram index,
 *    asked only for the rarest fragments of `q` (three letters or digits of one word; their frequencies
 *    are counted in a TABLESAMPLE of the whole table, alongside the probe, and kept for a while), then
 *    the full test on what it returns. Each fragment is a substring of `q`, so every match is among the
 *    events the lookup returns.
 *
 * Whatever the choice, the answer is the same: it only changes how many events are read. `%`, `_` and
 * `\` in `q` are literal characters (escaped), as in a substring search.
 */
import type { Database } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";

/** One matching event in list order (triggered_at DESC, id DESC). */
export type HaltSearchKey = { id: string; triggered_at: Date; acknowledged: boolean };

/** Events the probe reads (newest first under the filters): a few milliseconds. */
export const SAMPLE_ROWS = 2_000;
/** Most events the walk of a common phrase reads after the probe before it asks the index. */
export const WALK_MAX_ROWS = 60_000;
/** Trigram fragments of `q` whose frequencies are measured (a 200-character `q` has up to 198). */
const MAX_FRAGMENTS = 24;
/** Fragments asked of the index: the rarest one, and the next ones up to this many... */
const MAX_INDEX_FRAGMENTS = 4;
/**
 * ...while they occur in at most this share of the sample: a posting list of a fifth of the table decodes
 * in a few milliseconds, far less than reading the events a fragment fewer lets through (the sample reads
 * whole pages, so a fragment of neighbouring events can look more common than it is).
 */
const RARE_FRAGMENT_SHARE = 0.2;

/** `q` as an ILIKE pattern of a literal substring. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The trigram fragments of `q`: every 3 consecutive letters or digits inside one word, as written (ILIKE
 * ignores case). Each is a substring of `q`, so an event that contains `q` contains each of them.
 */
export function trigramFragments(text: string): string[] {
  const fragments = new Set<string>();
  for (const word of text.match(/[\p{L}\p{N}]{3,}/gu) ?? []) {
    const characters = [...word];
    for (let start = 0; start + 3 <= characters.length; start++) {
      fragments.add(characters.slice(start, start + 3).join(""));
    }
  }
  return [...fragments].slice(0, MAX_FRAGMENTS);
}

/**
 * The first `limit` events matching `q` under `filters` (an SQL condition on `halt_events`), newest
 * first.
 */
export async function searchHaltKeys(
  database: Database,
  filters: Prisma.Sql,
  q: string,
  limit: number,
): Promise<HaltSearchKey[]> {
  const pattern = containsPattern(q);
  const matches = Prisma.sql`(description ilike ${pattern} or condition_name ilike ${pattern})`;
  // The fragments' frequencies are measured alongside: the probe decides whether they are needed.
  const fragments = rareFragments(database, q);
  fragments.catch(() => {}); // awaited below unless the probe answers (then its result is not needed)
  const probe = await database.$queryRaw<(HaltSearchKey & { summary: number[] | null })[]>`
    with recent as materialized (
      select id, triggered_at, acknowledged, ${matches} as hit from halt_events where ${filters}
       order by triggered_at desc, id desc limit ${SAMPLE_ROWS}
    )
    (select id, triggered_at, acknowledged, null::int[] as summary from recent where hit
      order by triggered_at desc, id desc limit ${limit})
    union all
    select oldest.id, oldest.triggered_at, null,
           array[(select count(*)::int from recent), (select count(*)::int from recent where hit)]
      from (select id, triggered_at from recent order by triggered_at, id limit 1) as oldest`;
  // The summary row: the oldest event read, and how many were read and matched.
  const summary = probe.find((row) => row.summary !== null);
  const keys = probe.filter((row) => row.summary === null).map(toKey);
  const [read = 0, hits = 0] = (summary?.summary ?? []).map(Number);
  if (!summary || read < SAMPLE_ROWS || keys.length >= limit) return keys;

  if (hits > 0 && ((limit - hits) * read) / hits <= WALK_MAX_ROWS / 2) {
    const walked = await walk(database, Prisma.sql`${filters} and ${before(summary)}`, matches, limit - hits);
    if (walked !== null) return [...keys, ...walked];
  }
  const rare = await fragments;
  return (await indexLookup(database, filters, matches, rare.length > 0 ? rare : [pattern], limit)).map(
    toKey,
  );
}

/**
 * The fragments of `q` to ask the trigram index for, as ILIKE patterns: the rarest in a sample of about
 * SAMPLE_ROWS events from the whole table (the index's posting lists cover the whole table, whatever the
 * filters), and the next ones while they are rare enough to cut the events the lookup returns by more
 * than their posting lists cost. Each fragment's share is kept for FRAGMENT_SHARE_TTL_MS, so paging
 * through a search, or searching again, does not sample again.
 */
async function rareFragments(database: Database, q: string): Promise<string[]> {
  const fragments = trigramFragments(q);
  const now = Date.now();
  const unknown = fragments.filter((fragment) => {
    const known = fragmentShares.get(fragment.toLowerCase());
    return !known || now - known.at > FRAGMENT_SHARE_TTL_MS;
  });
  const measured = new Map<string, number>();
  if (unknown.length > 0) {
    const [row] = await database.$queryRaw<{ counts: number[]; sampled: number }[]>`
      with sample as materialized (
        select lower(description || ' ' || coalesce(condition_name, '')) as text
          from halt_events tablesample system ((
            select least(100, 100.0 * ${SAMPLE_ROWS} / greatest(reltuples, 1)) from pg_class
             where oid = 'halt_events'::regclass))
      )
      select array(select (select count(*)::int from sample where strpos(sample.text, lower(fragment)) > 0)
                     from unnest(${unknown}::text[]) with ordinality as fragments(fragment, position)
                    order by position) as counts,
             (select count(*)::int from sample) as sampled`;
    const sampled = Number(row?.sampled ?? 0);
    const counts = (row?.counts ?? []).map(Number);
    unknown.forEach((fragment, index) => {
      const share = sampled > 0 ? (counts[index] ?? sampled) / sampled : 0;
      measured.set(fragment.toLowerCase(), share);
      // A small table's sample says little about the table it grows into; its searches are cheap anyway.
      if (sampled >= SAMPLE_ROWS / 4) rememberShare(fragment.toLowerCase(), share, now);
    });
  }
  const shareOf = (fragment: string) =>
    measured.get(fragment.toLowerCase()) ?? fragmentShares.get(fragment.toLowerCase())?.share ?? 1;
  return fragments
    .map((fragment) => ({ fragment, share: shareOf(fragment) }))
    .sort((a, b) => a.share - b.share)
    .filter((entry, index) => index === 0 || entry.share <= RARE_FRAGMENT_SHARE)
    .slice(0, MAX_INDEX_FRAGMENTS)
    .map((entry) => containsPattern(entry.fragment));
}

/** Fragment (lower case) -> its share of the sampled events, and when it was sampled. */
const fragmentShares = new Map<string, { share: number; at: number }>();
const FRAGMENT_SHARE_TTL_MS = 10 * 60_000;
const MAX_REMEMBERED_FRAGMENTS = 10_000;

function rememberShare(fragment: string, share: number, at: number) {
  fragmentShares.delete(fragment);
  fragmentShares.set(fragment, { share, at });
  // The oldest entries go first (a Map iterates in insertion order).
  for (const oldest of fragmentShares.keys()) {
    if (fragmentShares.size <= MAX_REMEMBERED_FRAGMENTS) break;
    fragmentShares.delete(oldest);
  }
}

/** Newest first, then by id (descending), as the list. */
function inListOrder(a: HaltSearchKey, b: HaltSearchKey): number {
  const at = b.triggered_at.getTime() - a.triggered_at.getTime();
  return at !== 0 ? at : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

function toKey(row: HaltSearchKey): HaltSearchKey {
  return { id: row.id, triggered_at: row.triggered_at, acknowledged: row.acknowledged };
}

/** Events strictly after `key` in list order. */
export function before(key: { triggered_at: Date; id: string }): Prisma.Sql {
  return Prisma.sql`(triggered_at, id) < (${key.triggered_at}::timestamptz, ${key.id}::uuid)`;
}

/**
 * Up to `limit` matches among the next WALK_MAX_ROWS events in list order, or null when those events
 * hold fewer than `limit` matches and more events follow (the walk was cut short: ask the index).
 */
async function walk(
  database: Database,
  filters: Prisma.Sql,
  matches: Prisma.Sql,
  limit: number,
): Promise<HaltSearchKey[] | null> {
  // The row number marks the walk's last event, so a walk cut short is told from one that read them all.
  // No ORDER BY over it: a sort would read all WALK_MAX_ROWS events before the LIMIT; the window's rows
  // come in list order, and the keys are put in order here.
  const rows = await database.$queryRaw<(HaltSearchKey & { hit: boolean; position: bigint })[]>`
    select id, triggered_at, acknowledged, hit, position from (
      select id, triggered_at, acknowledged, ${matches} as hit,
             row_number() over (order by triggered_at desc, id desc) as position
        from (select * from halt_events where ${filters}
               order by triggered_at desc, id desc limit ${WALK_MAX_ROWS}) as next_events
    ) as walked
    where hit or position = ${WALK_MAX_ROWS}
    limit ${limit + 1}`;
  rows.sort(inListOrder);
  const keys = rows.filter((row) => row.hit).map(toKey);
  if (keys.length >= limit) return keys.slice(0, limit);
  return rows.some((row) => Number(row.position) === WALK_MAX_ROWS) ? null : keys;
}

/**
 * Matches found through the trigram index by `fragments` (ILIKE patterns, all required, each implied by
 * the full test), then tested in full. OFFSET 0 keeps the full test out of the index condition.
 */
async function indexLookup(
  database: Database,
  filters: Prisma.Sql,
  matches: Prisma.Sql,
  fragments: string[],
  limit: number,
): Promise<HaltSearchKey[]> {
  const on = (column: Prisma.Sql) =>
    Prisma.join(
      fragments.map((fragment) => Prisma.sql`${column} ilike ${fragment}`),
      " and ",
    );
  return await database.$queryRaw<HaltSearchKey[]>`
    select id, triggered_at, acknowledged from (
      select id, triggered_at, acknowledged, description, condition_name from halt_events
       where ${filters} and ((${on(Prisma.sql`description`)}) or (${on(Prisma.sql`condition_name`)}))
      offset 0
    ) as candidates
    where ${matches}
    order by triggered_at desc, id desc limit ${limit}`;
}
