-- CreateEnum
CREATE TYPE "run_kind" AS ENUM ('chat', 'job', 'automation', 'channel', 'heartbeat');

-- CreateEnum
CREATE TYPE "run_status" AS ENUM ('queued', 'running', 'succeeded', 'failed', 'blocked', 'cancelled');

-- CreateEnum
CREATE TYPE "run_delivery" AS ENUM ('message', 'silent');

-- AlterTable
ALTER TABLE "runtime_instances" ADD COLUMN     "demo_model" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "model" TEXT;

-- CreateTable
CREATE TABLE "agent_runs" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "kind" "run_kind" NOT NULL DEFAULT 'job',
    "status" "run_status" NOT NULL DEFAULT 'queued',
    "task" TEXT NOT NULL,
    "model" TEXT,
    "created_by" TEXT NOT NULL,
    "api_key_id" UUID,
    "session_id" UUID NOT NULL,
    "steered" BOOLEAN NOT NULL DEFAULT false,
    "final_text" TEXT,
    "delivery" "run_delivery" NOT NULL DEFAULT 'message',
    "tool_budget_exhausted" BOOLEAN NOT NULL DEFAULT false,
    "tool_steps" INTEGER NOT NULL DEFAULT 0,
    "completion_verdict" TEXT,
    "error" TEXT,
    "quarantined_segments" INTEGER NOT NULL DEFAULT 0,
    "scaffold_stripped" INTEGER NOT NULL DEFAULT 0,
    "audit_verdicts" INTEGER NOT NULL DEFAULT 0,
    "interventions" INTEGER NOT NULL DEFAULT 0,
    "runtime_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "agent_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "run_events" (
    "run_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "data" JSONB NOT NULL,

    CONSTRAINT "run_events_pkey" PRIMARY KEY ("run_id","seq")
);

-- CreateIndex
CREATE INDEX "agent_runs_keyset_idx" ON "agent_runs"("created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "agent_runs_status_keyset_idx" ON "agent_runs"("status", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "agent_runs_session_idx" ON "agent_runs"("session_id");

-- AddForeignKey
ALTER TABLE "agent_runs" ADD CONSTRAINT "agent_runs_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_keys"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agent_runs" ADD CONSTRAINT "agent_runs_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "agent_sessions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "run_events" ADD CONSTRAINT "run_events_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "agent_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written (listed in prisma/manual-objects.txt).
-- A run's timeline is append-only: events are never rewritten (deleting a run cascades to its events).
CREATE TRIGGER "run_events_append_only" BEFORE UPDATE ON "run_events"
  FOR EACH ROW EXECUTE FUNCTION "keel_refuse_modification"();
ALTER TABLE "agent_runs" ADD CONSTRAINT "agent_runs_task_length" CHECK (char_length("task") BETWEEN 1 AND 8000);
ALTER TABLE "run_events" ADD CONSTRAINT "run_events_seq_positive" CHECK ("seq" >= 1);
