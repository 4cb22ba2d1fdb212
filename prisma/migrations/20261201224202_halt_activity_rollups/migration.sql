-- CreateTable
CREATE TABLE "halt_activity_hourly" (
    "hour" TIMESTAMPTZ(3) NOT NULL,
    "severity" "severity_level" NOT NULL,
    "recorded" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "halt_activity_hourly_pkey" PRIMARY KEY ("hour","severity")
);

-- CreateTable
CREATE TABLE "halt_acknowledgement_hourly" (
    "hour" TIMESTAMPTZ(3) NOT NULL,
    "wait_bucket" SMALLINT NOT NULL,
    "acknowledged" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "halt_acknowledgement_hourly_pkey" PRIMARY KEY ("hour","wait_bucket")
);

-- Hand-written (prisma/manual-objects.txt): the trigger that keeps both rollups, and their backfill.
-- Wait buckets: 4 per doubling of the seconds from recording to acknowledgement (bucket b starts at
-- 2^(b/4) s; under 1 s is bucket 0), so a percentile read from them is within about 9% of the exact one.
CREATE FUNCTION "keel_wait_bucket"(seconds double precision) RETURNS smallint
  LANGUAGE sql IMMUTABLE AS $$ SELECT floor(4 * log(2, greatest(seconds, 1)::numeric))::smallint $$;

-- Statement-level with transition tables: a bulk insert (a seed, a benchmark, an import) pays one
-- aggregate upsert per statement and hour, not one per row.
CREATE FUNCTION "keel_halt_activity_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "halt_activity_hourly" ("hour", "severity", "recorded")
      SELECT date_trunc('hour', n."triggered_at", 'UTC'), n."severity", count(*)
      FROM "keel_new_halts" n GROUP BY 1, 2
    ON CONFLICT ("hour", "severity") DO UPDATE
      SET "recorded" = "halt_activity_hourly"."recorded" + EXCLUDED."recorded";
    INSERT INTO "halt_acknowledgement_hourly" ("hour", "wait_bucket", "acknowledged")
      SELECT date_trunc('hour', n."triggered_at", 'UTC'),
             "keel_wait_bucket"(extract(epoch FROM n."acknowledged_at" - n."triggered_at")::double precision),
             count(*)
      FROM "keel_new_halts" n WHERE n."acknowledged_at" IS NOT NULL GROUP BY 1, 2
    ON CONFLICT ("hour", "wait_bucket") DO UPDATE
      SET "acknowledged" = "halt_acknowledgement_hourly"."acknowledged" + EXCLUDED."acknowledged";
  ELSE
    INSERT INTO "halt_acknowledgement_hourly" ("hour", "wait_bucket", "acknowledged")
      SELECT date_trunc('hour', n."triggered_at", 'UTC'),
             "keel_wait_bucket"(extract(epoch FROM n."acknowledged_at" - n."triggered_at")::double precision),
             count(*)
      FROM "keel_new_halts" n JOIN "keel_old_halts" o ON o."id" = n."id"
      WHERE n."acknowledged_at" IS NOT NULL AND o."acknowledged_at" IS NULL GROUP BY 1, 2
    ON CONFLICT ("hour", "wait_bucket") DO UPDATE
      SET "acknowledged" = "halt_acknowledgement_hourly"."acknowledged" + EXCLUDED."acknowledged";
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "halt_events_activity_rollup" AFTER INSERT ON "halt_events"
  REFERENCING NEW TABLE AS "keel_new_halts"
  FOR EACH STATEMENT EXECUTE FUNCTION "keel_halt_activity_rollup"();
CREATE TRIGGER "halt_events_acknowledgement_rollup" AFTER UPDATE ON "halt_events"
  REFERENCING OLD TABLE AS "keel_old_halts" NEW TABLE AS "keel_new_halts"
  FOR EACH STATEMENT EXECUTE FUNCTION "keel_halt_activity_rollup"();

INSERT INTO "halt_activity_hourly" ("hour", "severity", "recorded")
  SELECT date_trunc('hour', "triggered_at", 'UTC'), "severity", count(*) FROM "halt_events" GROUP BY 1, 2;
INSERT INTO "halt_acknowledgement_hourly" ("hour", "wait_bucket", "acknowledged")
  SELECT date_trunc('hour', "triggered_at", 'UTC'),
         "keel_wait_bucket"(extract(epoch FROM "acknowledged_at" - "triggered_at")::double precision), count(*)
  FROM "halt_events" WHERE "acknowledged_at" IS NOT NULL GROUP BY 1, 2;
