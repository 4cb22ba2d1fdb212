/**
 * `guardrail_update_halt_config` (admin) and the config list. A write locks the row, records who and
 * when, and fires NOTIFY `keel_halt_config` in the same transaction (delivered on commit), so every
 * process drops its cached config at once; the 60 s TTL is the safety net.
 */

import type { Database } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { defaultHaltConditionConfig } from "@/lib/halts/conditions";
import type {
  HaltConditionValues,
  HaltConfigList,
  UpdateHaltConfigInput,
  UpdateHaltConfigOutput,
} from "@/lib/schemas/halts";
import { HALT_CONFIG_CHANNEL, toHaltConditionConfig } from "./halt-config-cache";

/** Every config row, by condition name, with who changed it last. */
export async function listHaltConfig(database: Database): Promise<HaltConfigList> {
  const rows = await database.haltConditionConfig.findMany({ orderBy: { conditionName: "asc" } });
  return {
    conditions: rows.map((row) => ({
      ...toHaltConditionConfig(row),
      updated_at: row.updatedAt.toISOString(),
      updated_by: row.updatedBy,
    })),
  };
}

function valuesOf(config: ReturnType<typeof toHaltConditionConfig>): HaltConditionValues {
  return {
    enabled: config.enabled,
    severity: config.severity,
    threshold: config.threshold,
    auto_escalate: config.auto_escalate,
    escalate_after_minutes: config.escalate_after_minutes,
  };
}

/**
 * Applies the given values to one condition (a missing row is first created from its default) and
 * returns the previous and current values; `updated` is false when nothing changed (no write, no
 * NOTIFY). The input is validated by `updateHaltConfigInputSchema` (threshold per condition).
 */
export async function updateHaltConfig(
  database: Database,
  input: UpdateHaltConfigInput,
  actor: string,
): Promise<UpdateHaltConfigOutput> {
  return database.$transaction(async (transaction) => {
    const fallback = defaultHaltConditionConfig(input.condition_name);
    await transaction.haltConditionConfig.createMany({
      data: [
        {
          conditionName: fallback.condition_name,
          haltType: fallback.halt_type,
          enabled: fallback.enabled,
          severity: fallback.severity,
          threshold: fallback.threshold as Prisma.InputJsonObject,
          autoEscalate: fallback.auto_escalate,
          escalateAfterMinutes: fallback.escalate_after_minutes,
          updatedBy: "default",
        },
      ],
      skipDuplicates: true,
    });
    await transaction.$queryRaw`select id from halt_conditions_config where condition_name = ${input.condition_name} for update`;
    const row = await transaction.haltConditionConfig.findUniqueOrThrow({
      where: { conditionName: input.condition_name },
    });
    const previous = valuesOf(toHaltConditionConfig(row));
    const current: HaltConditionValues = {
      enabled: input.enabled ?? previous.enabled,
      severity: input.severity ?? previous.severity,
      threshold: input.threshold ?? previous.threshold,
      auto_escalate: input.auto_escalate ?? previous.auto_escalate,
      escalate_after_minutes:
        input.escalate_after_minutes === undefined
          ? previous.escalate_after_minutes
          : input.escalate_after_minutes,
    };
    if (JSON.stringify(current) === JSON.stringify(previous)) {
      return { updated: false, previous_values: previous, current_values: previous };
    }
    const updated = await transaction.haltConditionConfig.update({
      where: { conditionName: input.condition_name },
      data: {
        enabled: current.enabled,
        severity: current.severity,
        threshold: current.threshold as Prisma.InputJsonObject,
        autoEscalate: current.auto_escalate,
        escalateAfterMinutes: current.escalate_after_minutes,
        updatedAt: new Date(),
        updatedBy: actor,
      },
    });
    await transaction.$executeRaw`select pg_notify(${HALT_CONFIG_CHANNEL}, ${input.condition_name})`;
    return {
      updated: true,
      previous_values: previous,
      current_values: valuesOf(toHaltConditionConfig(updated)),
    };
  });
}
