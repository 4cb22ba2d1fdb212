-- AlterTable
ALTER TABLE "halt_events" ADD COLUMN     "description_key" TEXT,
ADD COLUMN     "description_params" JSONB;

-- AlterTable
ALTER TABLE "halt_events_archive" ADD COLUMN     "description_key" TEXT,
ADD COLUMN     "description_params" JSONB;

-- Hand-written (listed in prisma/manual-objects.txt): the immutability guard covers the new columns.
-- Rows recorded before this migration keep a null key and are shown with their English description.
CREATE OR REPLACE FUNCTION "halt_events_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
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
     OR NEW."description_key" IS DISTINCT FROM OLD."description_key"
     OR NEW."description_params" IS DISTINCT FROM OLD."description_params"
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
