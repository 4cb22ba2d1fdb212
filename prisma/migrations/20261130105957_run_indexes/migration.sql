-- CreateIndex
CREATE INDEX "agent_runs_verdict_keyset_idx" ON "agent_runs"("completion_verdict", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "run_events_type_at_idx" ON "run_events"("type", "at");
