/**
 * Inserts `count` synthetic halt events into one session with generate_series (1,000,000 per statement):
 * types and severities spread evenly, one in ten unacknowledged, one per second into the past (from
 * `olderThanSeconds` ago). Then
 * VACUUM ANALYZE, as autovacuum would on a live system (statistics, visibility map for index-only scans).
 * On a connection of its own without Keel's statement timeout (lib/db/deadlines.ts): maintaining the
 * indexes of ten million rows and the VACUUM take longer than a request may.
 *
 * From BULK_LOAD_ROWS rows on, the table's secondary indexes are dropped for the load and built again
 * after it (with maintenance_work_mem raised and parallel workers): maintaining a trigram GIN and a dozen
 * B-trees row by row is what made ten million rows take most of an hour; one build each takes minutes.
 */
import pg from "pg";

export async function insertSyntheticHalts(
  url: string,
  sessionId: string,
  count: number,
  options: { olderThanSeconds?: number } = {},
): Promise<void> {
  const client = new pg.Client({ connectionString: url, options: "-c statement_timeout=0" });
  await client.connect();
  try {
    if (count >= BULK_LOAD_ROWS) await bulkLoad(client, sessionId, count, options.olderThanSeconds ?? 0);
    else await insert(client, sessionId, count, options.olderThanSeconds ?? 0);
    await client.query("vacuum analyze halt_events");
  } finally {
    await client.end();
  }
}

/** From this many rows on, the indexes are rebuilt after the load instead of maintained during it. */
const BULK_LOAD_ROWS = 200_000;

async function bulkLoad(client: pg.Client, sessionId: string, count: number, olderThan: number) {
  // Secondary indexes only: the primary key and unique constraints stay (their indexes are the
  // constraints). Their definitions are read back from the catalogue and replayed as they were.
  const { rows } = await client.query<{ name: string; definition: string }>(
    `select indexname as name, indexdef as definition from pg_indexes
      where schemaname = current_schema() and tablename = 'halt_events'
        and indexname not in (select conname from pg_constraint where conrelid = 'halt_events'::regclass)`,
  );
  for (const index of rows) await client.query(`drop index ${client.escapeIdentifier(index.name)}`);
  await insert(client, sessionId, count, olderThan);
  await client.query("set maintenance_work_mem = '1GB'");
  await client.query("set max_parallel_maintenance_workers = 2");
  for (const index of rows) await client.query(index.definition);
  await client.query("reset maintenance_work_mem");
  await client.query("reset max_parallel_maintenance_workers");
}

async function insert(client: pg.Client, sessionId: string, count: number, olderThan: number): Promise<void> {
  for (let done = 0; done < count; done += 1_000_000) {
    const batch = Math.min(1_000_000, count - done);
    await client.query(
      `insert into halt_events (session_id, halt_type, condition_name, severity, description, triggered_at,
                                acknowledged, acknowledged_at, acknowledged_by, resolution)
       select $1::uuid,
              (array['code_safety','scope','environment','execution','security','uncertainty'])[1 + i % 6]::halt_type,
              'out_of_scope',
              (array['low','medium','high','critical'])[1 + (i / 10) % 4]::severity_level,
              'Synthetic halt number ' || i,
              now() - make_interval(secs => i + 60 + $4::int),
              i % 10 <> 0,
              case when i % 10 <> 0 then now() end,
              case when i % 10 <> 0 then 'bench' end,
              case when i % 10 <> 0 then 'resolved'::halt_resolution end
         from generate_series($2::int, $3::int) as i`,
      [sessionId, done + 1, done + batch, olderThan],
    );
  }
}
