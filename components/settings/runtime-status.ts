import type { RuntimeStatus } from "@/lib/schemas/settings";

/** What the status line says about the runtimes, decided from one GET /api/runtime/status answer. */
export type RuntimeStatusSummary =
  | { kind: "none"; version: number }
  | { kind: "waiting"; version: number }
  | { kind: "applied"; version: number; count: number; total: number; lastAppliedAt: Date | null };

/**
 * Summarises a status answer: no live runtime -> `none`; live runtimes but none on the current version
 * -> `waiting`; otherwise `applied` by `count` of the `total` live runtimes.
 */
export function summarizeRuntimeStatus(status: RuntimeStatus): RuntimeStatusSummary {
  const version = status.settingsVersion;
  const total = status.instances.filter((instance) => instance.alive).length;
  if (total === 0) return { kind: "none", version };
  if (status.appliedBy <= 0) return { kind: "waiting", version };
  return {
    kind: "applied",
    version,
    count: status.appliedBy,
    total: Math.max(total, status.appliedBy),
    lastAppliedAt: status.lastAppliedAt ? new Date(status.lastAppliedAt) : null,
  };
}
