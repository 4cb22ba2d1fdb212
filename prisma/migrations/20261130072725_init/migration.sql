-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "judge_mode" AS ENUM ('off', 'caveat', 'continue');

-- CreateEnum
CREATE TYPE "audit_gate_mode" AS ENUM ('thoughts', 'complete');

-- CreateEnum
CREATE TYPE "audit_gate_model" AS ENUM ('utility', 'main');

-- CreateTable
CREATE TABLE "app_settings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "tool_result_quarantine_enabled" BOOLEAN NOT NULL DEFAULT true,
    "tool_budget_wrapup_enabled" BOOLEAN NOT NULL DEFAULT true,
    "run_completion_caveats_enabled" BOOLEAN NOT NULL DEFAULT true,
    "autonomous_completion_judge_mode" "judge_mode" NOT NULL DEFAULT 'caveat',
    "max_tool_steps" INTEGER NOT NULL DEFAULT 24,
    "tool_scaffolding_guard_enabled" BOOLEAN NOT NULL DEFAULT true,
    "audit_gate_enabled" BOOLEAN NOT NULL DEFAULT false,
    "audit_gate_mode" "audit_gate_mode" NOT NULL DEFAULT 'thoughts',
    "audit_gate_model" "audit_gate_model" NOT NULL DEFAULT 'utility',
    "audit_gate_max_clarifications" INTEGER NOT NULL DEFAULT 3,
    "audit_gate_history_size" INTEGER NOT NULL DEFAULT 10,
    "audit_gate_prompt" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_by" TEXT,

    CONSTRAINT "app_settings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "settings_changes" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor" TEXT NOT NULL,
    "field" TEXT NOT NULL,
    "old_value" JSONB,
    "new_value" JSONB,
    "version" INTEGER NOT NULL,

    CONSTRAINT "settings_changes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "runtime_instances" (
    "id" UUID NOT NULL,
    "host" TEXT NOT NULL,
    "pid" INTEGER NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "last_poll_at" TIMESTAMPTZ(3) NOT NULL,
    "applied_settings_version" INTEGER,
    "applied_at" TIMESTAMPTZ(3),
    "stopped_at" TIMESTAMPTZ(3),

    CONSTRAINT "runtime_instances_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "settings_changes_at_idx" ON "settings_changes"("at" DESC);

-- CreateIndex
CREATE INDEX "runtime_instances_last_poll_at_idx" ON "runtime_instances"("last_poll_at");

-- Hand-written (Prisma's schema language cannot express these; names listed in prisma/manual-objects.txt).
-- Database-level bounds: a bad row written by hand or by another tool is refused, not applied.
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_single_row" CHECK ("id" = 1);
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_max_tool_steps_range" CHECK ("max_tool_steps" BETWEEN 1 AND 200);
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_audit_gate_max_clarifications_range" CHECK ("audit_gate_max_clarifications" BETWEEN 0 AND 10);
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_audit_gate_history_size_range" CHECK ("audit_gate_history_size" BETWEEN 0 AND 100);
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_audit_gate_prompt_length" CHECK (char_length("audit_gate_prompt") <= 20000);

-- settings_changes is append-only.
CREATE FUNCTION "keel_refuse_modification"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER "settings_changes_append_only" BEFORE UPDATE OR DELETE ON "settings_changes"
  FOR EACH ROW EXECUTE FUNCTION "keel_refuse_modification"();
