-- Hand-written (listed in prisma/manual-objects.txt): the console's default views are unacknowledged
-- halts, newest first, optionally by severity. With a million events these partial keyset indexes keep
-- the first page an index range read instead of a walk over every acknowledged row.
CREATE INDEX "idx_halt_events_unack_keyset" ON "halt_events" ("triggered_at" DESC, "id" DESC) WHERE "acknowledged" = false;
CREATE INDEX "idx_halt_events_unack_severity_keyset" ON "halt_events" ("severity", "triggered_at" DESC, "id" DESC) WHERE "acknowledged" = false;
