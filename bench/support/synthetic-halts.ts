/**
 * Inserts `count` synthetic halt events into one session with generate_series (100,000 per statement):
 * types and severities spread evenly, one in ten unacknowledged, one per second into the past (from
 * `olderThanSeconds` ago). Then
 * VACUUM ANALYZE, as autovacuum would on a live system (statistics, visibility map for index-only scans).
 * On a connection of its own without Keel's statement timeout (lib/db/deadlines.ts): maintaining the
 * indexes of ten million rows and the VACUUM take longer than a request may.
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
    await insert(client, sessionId, count, options.olderThanSeconds ?? 0);
    await client.query("vacuum analyze halt_events");
  } finally {
    await client.end();
  }
}

async function insert(client: pg.Client, sessionId: string, count: number, olderThan: number): Promise<void> {
  for (let done = 0; done < count; done += 100_000) {
    const batch = Math.min(100_000, count - done);
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
