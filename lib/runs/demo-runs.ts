/**
 * "Run demo scenarios": enqueues one run per demo scenario (lib/agent/demo), so each guard fires once.
 * Only while a live agent runtime serves the scripted demo model: with a real model the scenario markers
 * would mean nothing, so the request is refused (409) instead of sending demo tasks to a real model.
 */
import type { PgBoss } from "pg-boss";
import { DEMO_RUNS } from "@/lib/agent/demo/demo-scenarios";
import type { Database } from "@/lib/db/client";
import type { Run, RunLocale } from "@/lib/schemas/runs";
import { getRuntimeStatus } from "@/lib/settings/runtime-status";
import { NoDemoRuntimeError } from "./run-service-error";
import { createRun, type RunCreator } from "./runs-service";

export async function createDemoRuns(
  database: Database,
  queue: Pick<PgBoss, "send">,
  creator: RunCreator,
  locale: RunLocale = "en",
): Promise<Run[]> {
  const status = await getRuntimeStatus(database);
  if (!status.instances.some((instance) => instance.alive && instance.demoModel))
    throw new NoDemoRuntimeError();
  const runs: Run[] = [];
  for (const demo of DEMO_RUNS)
    runs.push(await createRun(database, queue, creator, { task: demo.task, kind: "job", locale }));
  return runs;
}
