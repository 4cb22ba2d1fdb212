-- AlterEnum
ALTER TYPE "judge_mode" ADD VALUE 'shadow';

-- AlterTable
ALTER TABLE "app_settings" ADD COLUMN     "audit_gate_shadow" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "tool_result_quarantine_shadow" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "tool_scaffolding_guard_shadow" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "guard_decisions" (
    "id" BIGSERIAL NOT NULL,
    "run_id" UUID NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "guard" TEXT NOT NULL,
    "shadow" BOOLEAN NOT NULL,
    "items" INTEGER NOT NULL,

    CONSTRAINT "guard_decisions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tool_result_samples" (
    "id" BIGSERIAL NOT NULL,
    "run_id" UUID NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "call_id" TEXT NOT NULL,
    "tool_name" TEXT NOT NULL,
    "concrete_target" TEXT,
    "text" TEXT NOT NULL,
    "truncated" BOOLEAN NOT NULL DEFAULT false,
    "previews" TEXT[] DEFAULT ARRAY[]::TEXT[],

    CONSTRAINT "tool_result_samples_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "guard_decisions_guard_at_idx" ON "guard_decisions"("guard", "at");

-- CreateIndex
CREATE INDEX "guard_decisions_run_idx" ON "guard_decisions"("run_id");

-- CreateIndex
CREATE INDEX "tool_result_samples_at_idx" ON "tool_result_samples"("at");

-- CreateIndex
CREATE INDEX "tool_result_samples_run_idx" ON "tool_result_samples"("run_id");

-- AddForeignKey
ALTER TABLE "guard_decisions" ADD CONSTRAINT "guard_decisions_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "agent_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tool_result_samples" ADD CONSTRAINT "tool_result_samples_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "agent_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
