-- AlterTable
ALTER TABLE "agent_runs" ADD COLUMN     "lease_expires_at" TIMESTAMPTZ(3),
ADD COLUMN     "lease_requeues" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "agent_runs_lease_idx" ON "agent_runs"("status", "lease_expires_at");
