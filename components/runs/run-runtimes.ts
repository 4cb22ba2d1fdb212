import type { RuntimeStatus } from "@/lib/schemas/settings";

/**
 * Which models serve runs right now, from GET /api/runtime/status (pure): the demo offer depends on a
 * live runtime with the scripted demo model; otherwise the console names the configured models.
 */
export type RunRuntimes =
  | { type: "none" }
  | { type: "demo"; models: string[] }
  | { type: "models"; models: string[] };

/** Live runtimes only; model labels deduplicated in first-seen order (unlabelled ones left out). */
export function describeRunRuntimes(status: RuntimeStatus | null): RunRuntimes {
  const alive = status?.instances.filter((instance) => instance.alive) ?? [];
  if (alive.length === 0) return { type: "none" };
  const models = [
    ...new Set(alive.map((instance) => instance.model).filter((model): model is string => Boolean(model))),
  ];
  return alive.some((instance) => instance.demoModel) ? { type: "demo", models } : { type: "models", models };
}
