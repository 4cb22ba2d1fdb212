-- The console's type and severity filters in list order: the first page and the capped counts of
-- `GET /api/halts?halt_type=` / `?severity=` walk one of these (an index-only scan for the counts)
-- instead of sorting every matching event. They replace the single-column indexes, whose lookups they
-- also serve (same leading column).
DROP INDEX "idx_halt_events_type";
DROP INDEX "idx_halt_events_severity";
CREATE INDEX "idx_halt_events_type_keyset" ON "halt_events"("halt_type", "triggered_at" DESC, "id" DESC);
CREATE INDEX "idx_halt_events_severity_keyset" ON "halt_events"("severity", "triggered_at" DESC, "id" DESC);

-- Hand-written (prisma/manual-objects.txt): the unacknowledged count under a type filter, as
-- idx_halt_events_unack_severity_keyset serves it under a severity filter.
CREATE INDEX "idx_halt_events_unack_type_keyset" ON "halt_events" ("halt_type", "triggered_at" DESC, "id" DESC)
  WHERE "acknowledged" = false;
