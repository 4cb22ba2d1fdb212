-- Text search of the halt list (`GET /api/halts?q=`: case-insensitive substring of the description or the
-- condition name, an ILIKE '%q%') through trigram GIN indexes instead of a scan of every event.
-- pg_trgm ships with PostgreSQL (the embedded server included) and is a trusted extension, so the
-- database owner may create it. It lives in its own schema, so its functions stay out of `public`.
CREATE SCHEMA IF NOT EXISTS keel_extensions;
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA keel_extensions;

CREATE INDEX idx_halt_events_description_trgm
  ON "halt_events" USING gin ("description" keel_extensions.gin_trgm_ops);
CREATE INDEX idx_halt_events_condition_name_trgm
  ON "halt_events" USING gin ("condition_name" keel_extensions.gin_trgm_ops);
