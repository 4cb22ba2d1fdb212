/**
 * Runtime switches: the one zod contract shared by the settings panel, the HTTP API, the agent
 * runtime's flag loader, MCP and the OpenAPI document.
 *
 * Every switch defaults to its safe value; docs/design.md#switch-failure-policy states the failure policy:
 * before the first good read of the settings row, and whenever a stored value is unreadable, the runtime uses
 * these defaults (every safety feature on).
 */
import { z } from "zod";
import { nonBlankText } from "./text";

/** "shadow": the judge runs and its verdict is recorded, and the run is finalized as if it were "off". */
export const JUDGE_MODES = ["off", "shadow", "caveat", "continue"] as const;
export const AUDIT_GATE_MODES = ["thoughts", "complete"] as const;
export const AUDIT_GATE_MODELS = ["utility", "main"] as const;

/** A guard's mode (lib/guards/guard-mode.ts): Off, Shadow (runs and records only) or On. */
export const GUARD_MODES = ["off", "shadow", "on"] as const;
export type GuardMode = (typeof GUARD_MODES)[number];
/** The guards that have a Shadow mode, as named in events, metrics, the API and the runs filter. */
export const SHADOWABLE_GUARDS = ["quarantine", "scaffolding", "audit_gate", "completion_judge"] as const;
export type ShadowableGuard = (typeof SHADOWABLE_GUARDS)[number];

export const MAX_TOOL_STEPS_MIN = 1;
export const MAX_TOOL_STEPS_MAX = 200;
export const AUDIT_GATE_PROMPT_MAX_LENGTH = 20_000;

/** The switches an operator can change, with their bounds. Defaults are in {@link DEFAULT_RUNTIME_FLAGS}. */
export const runtimeFlagsSchema = z.strictObject({
  /** Scan tool results for instruction-shaped content before they reach the model. Fails on. */
  toolResultQuarantineEnabled: z.boolean(),
  /** On tool-budget exhaustion, grant one tool-less wrap-up turn instead of failing the run. Fails on. */
  toolBudgetWrapupEnabled: z.boolean(),
  /** Append deterministic caveats (open plan items, failed side effects) to autonomous runs. Fails on. */
  runCompletionCaveatsEnabled: z.boolean(),
  /** Independent completion judge for autonomous runs. Fails to "caveat". */
  autonomousCompletionJudgeMode: z.enum(JUDGE_MODES),
  /** Tool steps a run may take before the wrap-up turn. */
  maxToolSteps: z.int().min(MAX_TOOL_STEPS_MIN).max(MAX_TOOL_STEPS_MAX),
  /** Strip leaked tool-call tokens from streamed assistant text. Fails on. */
  toolScaffoldingGuardEnabled: z.boolean(),
  /** Audit model gates every tool call (ok / clarify / terminate). Off by default: it costs a model call. */
  auditGateEnabled: z.boolean(),
  auditGateMode: z.enum(AUDIT_GATE_MODES),
  auditGateModel: z.enum(AUDIT_GATE_MODELS),
  auditGateMaxClarifications: z.int().min(0).max(10),
  auditGateHistorySize: z.int().min(0).max(100),
  /** Custom audit system prompt; null means the built-in prompt. */
  auditGatePrompt: nonBlankText(AUDIT_GATE_PROMPT_MAX_LENGTH).nullable(),
  /**
   * Shadow mode (lib/guards/guard-mode.ts): while the guard's switch is off, it still runs and records
   * what it would have done, and the run proceeds unchanged. Ignored while the switch is on.
   */
  toolResultQuarantineShadow: z.boolean(),
  toolScaffoldingGuardShadow: z.boolean(),
  /** In Shadow the audit gate audits each step but never asks the run's model to change course or stops it. */
  auditGateShadow: z.boolean(),
});
export type RuntimeFlags = z.infer<typeof runtimeFlagsSchema>;
export type RuntimeFlagName = keyof RuntimeFlags;

/** The switches and the settings version they came from (0 when no settings row exists yet). */
export interface FlagSnapshot {
  flags: RuntimeFlags;
  version: number;
}

/** Safe defaults: what a runtime applies before its first good read of the settings row. */
export const DEFAULT_RUNTIME_FLAGS: Readonly<RuntimeFlags> = Object.freeze({
  toolResultQuarantineEnabled: true,
  toolBudgetWrapupEnabled: true,
  runCompletionCaveatsEnabled: true,
  autonomousCompletionJudgeMode: "caveat",
  maxToolSteps: 24,
  toolScaffoldingGuardEnabled: true,
  auditGateEnabled: false,
  auditGateMode: "thoughts",
  auditGateModel: "utility",
  auditGateMaxClarifications: 3,
  auditGateHistorySize: 10,
  auditGatePrompt: null,
  toolResultQuarantineShadow: false,
  toolScaffoldingGuardShadow: false,
  auditGateShadow: false,
});

export const RUNTIME_FLAG_NAMES = Object.keys(DEFAULT_RUNTIME_FLAGS) as RuntimeFlagName[];

/** Body of PUT /api/app-settings: any non-empty subset of the switches. */
export const appSettingsUpdateSchema = runtimeFlagsSchema
  .partial()
  .refine((update) => Object.keys(update).length > 0, { message: "Send at least one setting to change." })
  .meta({ minProperties: 1 });
export type AppSettingsUpdate = z.infer<typeof appSettingsUpdateSchema>;

/** The settings row as the API returns it. */
export const appSettingsSchema = runtimeFlagsSchema.extend({
  version: z.int().min(1),
  updatedAt: z.iso.datetime(),
  updatedBy: z.string().nullable(),
});
export type AppSettings = z.infer<typeof appSettingsSchema>;

/** One audit row: one changed field of one write. */
export const settingsChangeSchema = z.object({
  id: z.string(),
  at: z.iso.datetime(),
  actor: z.string(),
  field: z.enum(RUNTIME_FLAG_NAMES as [RuntimeFlagName, ...RuntimeFlagName[]]),
  oldValue: z.unknown(),
  newValue: z.unknown(),
  version: z.int(),
});
export type SettingsChange = z.infer<typeof settingsChangeSchema>;

export const settingsChangesQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** Keyset cursor: return changes with a smaller id (newest first). */
  before: z
    .string()
    .regex(/^\d{1,18}$/, "before must be a change id")
    .optional(),
});

/** One agent runtime as seen through its heartbeat. */
export const runtimeInstanceSchema = z.object({
  id: z.string(),
  host: z.string(),
  pid: z.int(),
  startedAt: z.iso.datetime(),
  lastPollAt: z.iso.datetime(),
  appliedSettingsVersion: z.int().nullable(),
  /** The main model's label (e.g. "openai:gpt-4.1-mini", "demo (scripted)"). */
  model: z.string().nullable(),
  /** True when the runtime serves the scripted demo model. */
  demoModel: z.boolean(),
  alive: z.boolean(),
});
export type RuntimeInstance = z.infer<typeof runtimeInstanceSchema>;

export const runtimeStatusSchema = z.object({
  settingsVersion: z.int(),
  instances: z.array(runtimeInstanceSchema),
  /** Live runtimes that have applied the current settings version. */
  appliedBy: z.int(),
  /** When the newest live runtime applied the current version (null if none has). */
  lastAppliedAt: z.iso.datetime().nullable(),
});
export type RuntimeStatus = z.infer<typeof runtimeStatusSchema>;

/**
 * Reads a stored settings row field by field: a field that fails validation falls back to its safe
 * default instead of discarding the whole row. Returns the flags and the names of the fields replaced.
 */
export function parseStoredFlags(row: Record<string, unknown>): {
  flags: RuntimeFlags;
  invalidFields: RuntimeFlagName[];
} {
  const flags: Record<string, unknown> = {};
  const invalidFields: RuntimeFlagName[] = [];
  for (const name of RUNTIME_FLAG_NAMES) {
    const parsed = runtimeFlagsSchema.shape[name].safeParse(row[name]);
    if (parsed.success) flags[name] = parsed.data;
    else {
      flags[name] = DEFAULT_RUNTIME_FLAGS[name];
      invalidFields.push(name);
    }
  }
  return { flags: flags as RuntimeFlags, invalidFields };
}

/** Runs and results a guard affected in one window, enforced (On) and in Shadow. */
const guardEffectCountsSchema = z.object({
  runs: z.int().min(0),
  results: z.int().min(0),
});
const guardEffectWindowSchema = z.object({
  /** Where the guard acted (On). */
  enforced: guardEffectCountsSchema,
  /** Where it would have acted (Shadow). */
  shadow: guardEffectCountsSchema,
  /** The start of the window: the runs list's `since` for the panel's link. */
  since: z.iso.datetime(),
});

/** GET /api/app-settings/guard-effects: what each guard did or would have done over 24 h and 7 days. */
export const guardEffectsSchema = z.object({
  generatedAt: z.iso.datetime(),
  guards: z.array(
    z.object({
      guard: z.enum(SHADOWABLE_GUARDS),
      mode: z.enum(GUARD_MODES),
      last24h: guardEffectWindowSchema,
      last7d: guardEffectWindowSchema,
      /** Results affected per UTC day over the last 7 days, oldest first (7 entries). */
      daily: z.array(z.object({ day: z.iso.date(), enforced: z.int().min(0), shadow: z.int().min(0) })),
    }),
  ),
});
export type GuardEffects = z.infer<typeof guardEffectsSchema>;
