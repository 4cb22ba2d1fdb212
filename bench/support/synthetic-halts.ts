/**
 * Inserts `count` synthetic halt events into one session with generate_series (100,000 per statement):
 * types and severities spread evenly, one in ten unacknowledged, one per second into the past. Then
 * VACUUM ANALYZE, as autovacuum would on a live system (statistics, visibility map for index-only scans).
 */
import type { Database } from "@/lib/db/client";

export async function insertSyntheticHalts(
  database: Database,
  sessionId: string,
  count: number,
): Promise<void> {
  for (let done = 0; done < count; done += 100_000) {
    const batch = Math.min(100_000, count - done);
    await database.$executeRawUnsafe(
      `insert into halt_events (session_id, halt_type, condition_name, severity, description, triggered_at,
                                acknowledged, acknowledged_at, acknowledged_by, resolution)
       select $1::uuid,
              (array['code_safety','scope','environment','execution','security','uncertainty'])[1 + i % 6]::halt_type,
              'out_of_scope',
              (array['low','medium','high','critical'])[1 + (i / 10) % 4]::severity_level,
              'Synthetic halt number ' || i,
              now() - make_interval(secs => i + 60),
              i % 10 <> 0,
              case when i % 10 <> 0 then now() end,
              case when i % 10 <> 0 then 'bench' end,
              case when i % 10 <> 0 then 'resolved'::halt_resolution end
         from generate_series($2::int, $3::int) as i`,
      sessionId,
      done + 1,
      done + batch,
    );
  }
  await database.$executeRawUnsafe("vacuum analyze halt_events");
}
