-- CreateEnum
CREATE TYPE "halt_type" AS ENUM ('code_safety', 'scope', 'environment', 'execution', 'security', 'uncertainty');

-- CreateEnum
CREATE TYPE "severity_level" AS ENUM ('low', 'medium', 'high', 'critical');

-- CreateEnum
CREATE TYPE "halt_resolution" AS ENUM ('resolved', 'escalated', 'dismissed', 'timeout');

-- CreateEnum
CREATE TYPE "agent_session_state" AS ENUM ('active', 'halted', 'paused');

-- CreateTable
CREATE TABLE "agent_sessions" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "session_token" TEXT NOT NULL,
    "api_key_id" UUID NOT NULL,
    "agent_name" TEXT NOT NULL,
    "state" "agent_session_state" NOT NULL DEFAULT 'active',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "agent_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "halt_events" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "session_id" UUID NOT NULL,
    "task_id" TEXT,
    "halt_type" "halt_type" NOT NULL,
    "condition_name" TEXT,
    "severity" "severity_level" NOT NULL,
    "description" TEXT NOT NULL,
    "context" JSONB,
    "triggered_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "acknowledged" BOOLEAN NOT NULL DEFAULT false,
    "acknowledged_at" TIMESTAMPTZ(3),
    "acknowledged_by" TEXT,
    "resolution" "halt_resolution",
    "resolution_notes" TEXT,
    "attempt_count" INTEGER,
    "previous_error" TEXT,
    "escalated_at" TIMESTAMPTZ(3),
    "escalation_notified_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "halt_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "halt_events_archive" (
    "id" UUID NOT NULL,
    "session_id" UUID NOT NULL,
    "task_id" TEXT,
    "halt_type" "halt_type" NOT NULL,
    "condition_name" TEXT,
    "severity" "severity_level" NOT NULL,
    "description" TEXT NOT NULL,
    "context" JSONB,
    "triggered_at" TIMESTAMPTZ(3) NOT NULL,
    "acknowledged" BOOLEAN NOT NULL,
    "acknowledged_at" TIMESTAMPTZ(3),
    "acknowledged_by" TEXT,
    "resolution" "halt_resolution",
    "resolution_notes" TEXT,
    "attempt_count" INTEGER,
    "previous_error" TEXT,
    "escalated_at" TIMESTAMPTZ(3),
    "escalation_notified_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "archived_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "halt_events_archive_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "halt_conditions_config" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "condition_name" TEXT NOT NULL,
    "halt_type" "halt_type" NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "severity" "severity_level" NOT NULL,
    "threshold" JSONB,
    "auto_escalate" BOOLEAN NOT NULL DEFAULT false,
    "escalate_after_minutes" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_by" TEXT,

    CONSTRAINT "halt_conditions_config_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "agent_sessions_session_token_key" ON "agent_sessions"("session_token");

-- CreateIndex
CREATE INDEX "agent_sessions_api_key_created_idx" ON "agent_sessions"("api_key_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "idx_halt_events_session" ON "halt_events"("session_id");

-- CreateIndex
CREATE INDEX "idx_halt_events_task" ON "halt_events"("task_id");

-- CreateIndex
CREATE INDEX "idx_halt_events_type" ON "halt_events"("halt_type");

-- CreateIndex
CREATE INDEX "idx_halt_events_severity" ON "halt_events"("severity");

-- CreateIndex
CREATE INDEX "idx_halt_events_triggered" ON "halt_events"("triggered_at");

-- CreateIndex
CREATE INDEX "idx_halt_events_session_type" ON "halt_events"("session_id", "halt_type");

-- CreateIndex
CREATE INDEX "idx_halt_events_keyset" ON "halt_events"("triggered_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "idx_halt_events_session_keyset" ON "halt_events"("session_id", "triggered_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "idx_halt_events_archive_session" ON "halt_events_archive"("session_id");

-- CreateIndex
CREATE INDEX "idx_halt_events_archive_triggered" ON "halt_events_archive"("triggered_at");

-- CreateIndex
CREATE UNIQUE INDEX "halt_conditions_config_condition_name_key" ON "halt_conditions_config"("condition_name");

-- AddForeignKey
ALTER TABLE "agent_sessions" ADD CONSTRAINT "agent_sessions_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_keys"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "halt_events" ADD CONSTRAINT "halt_events_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "agent_sessions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Hand-written (listed in prisma/manual-objects.txt).
-- Seed 004's partial indexes on unacknowledged events.
CREATE INDEX "idx_halt_events_acknowledged" ON "halt_events"("acknowledged") WHERE "acknowledged" = FALSE;
CREATE INDEX "idx_halt_events_session_unack" ON "halt_events"("session_id", "acknowledged") WHERE "acknowledged" = FALSE;

ALTER TABLE "halt_events" ADD CONSTRAINT "halt_events_description_length" CHECK (char_length("description") BETWEEN 1 AND 4000);
ALTER TABLE "halt_events" ADD CONSTRAINT "halt_events_acknowledgement_complete"
  CHECK (NOT "acknowledged" OR ("acknowledged_at" IS NOT NULL AND "acknowledged_by" IS NOT NULL AND "resolution" IS NOT NULL));
ALTER TABLE "halt_conditions_config" ADD CONSTRAINT "halt_conditions_config_escalate_after_range"
  CHECK ("escalate_after_minutes" IS NULL OR "escalate_after_minutes" BETWEEN 1 AND 10080);
ALTER TABLE "halt_conditions_config" ADD CONSTRAINT "halt_conditions_config_name_format"
  CHECK ("condition_name" ~ '^[a-z][a-z0-9_]{0,63}$');

-- Halt events are immutable once recorded. Only the acknowledgement fields may change, and only while
-- the event is unacknowledged (acknowledged goes false -> true, never back); the escalation marks may be
-- set once each; updated_at follows. DELETE is refused for events younger than 90 days (the retention
-- job archives older ones).
CREATE FUNCTION "halt_events_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD."triggered_at" > now() - interval '90 days' THEN
      RAISE EXCEPTION 'halt_events are immutable: DELETE of an event younger than 90 days refused'
        USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN OLD;
  END IF;
  IF NEW."id" IS DISTINCT FROM OLD."id"
     OR NEW."session_id" IS DISTINCT FROM OLD."session_id"
     OR NEW."task_id" IS DISTINCT FROM OLD."task_id"
     OR NEW."halt_type" IS DISTINCT FROM OLD."halt_type"
     OR NEW."condition_name" IS DISTINCT FROM OLD."condition_name"
     OR NEW."severity" IS DISTINCT FROM OLD."severity"
     OR NEW."description" IS DISTINCT FROM OLD."description"
     OR NEW."context" IS DISTINCT FROM OLD."context"
     OR NEW."triggered_at" IS DISTINCT FROM OLD."triggered_at"
     OR NEW."attempt_count" IS DISTINCT FROM OLD."attempt_count"
     OR NEW."previous_error" IS DISTINCT FROM OLD."previous_error"
     OR NEW."created_at" IS DISTINCT FROM OLD."created_at" THEN
    RAISE EXCEPTION 'halt_events are immutable once recorded: only acknowledgement fields may change'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD."acknowledged" AND (
       NOT NEW."acknowledged"
       OR NEW."acknowledged_at" IS DISTINCT FROM OLD."acknowledged_at"
       OR NEW."acknowledged_by" IS DISTINCT FROM OLD."acknowledged_by"
       OR NEW."resolution" IS DISTINCT FROM OLD."resolution"
       OR NEW."resolution_notes" IS DISTINCT FROM OLD."resolution_notes") THEN
    RAISE EXCEPTION 'halt event % is already acknowledged: its acknowledgement cannot change', OLD."id"
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF (OLD."escalated_at" IS NOT NULL AND NEW."escalated_at" IS DISTINCT FROM OLD."escalated_at")
     OR (OLD."escalation_notified_at" IS NOT NULL AND NEW."escalation_notified_at" IS DISTINCT FROM OLD."escalation_notified_at") THEN
    RAISE EXCEPTION 'halt event % escalation marks can be set only once', OLD."id"
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  NEW."updated_at" := now();
  RETURN NEW;
END;
$$;
CREATE TRIGGER "halt_events_immutable" BEFORE UPDATE OR DELETE ON "halt_events"
  FOR EACH ROW EXECUTE FUNCTION "halt_events_guard"();
CREATE TRIGGER "halt_events_archive_append_only" BEFORE UPDATE OR DELETE ON "halt_events_archive"
  FOR EACH ROW EXECUTE FUNCTION "keel_refuse_modification"();
