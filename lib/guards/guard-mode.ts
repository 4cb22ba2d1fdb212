/**
 * Guard modes: Off, Shadow, On (docs/shadow-mode.md).
 *
 * Each shadowable guard keeps its switch (`...Enabled`, On when true) and gets a shadow switch
 * (`...Shadow`) that counts only while the guard is off; the completion judge has "shadow" among its
 * modes. API clients that only know the boolean switches keep working: true is On, false is Off unless
 * the shadow switch is set. A client that writes only the boolean leaves the shadow switch as it was;
 * {@link guardModeUpdate} gives both switch values of a mode for one settings write.
 *
 * {@link applyGuardMode} is the ONE place where a mode is applied: in Shadow the guard runs on the real
 * data, its result is handed back as `shadowed` (the caller records it as a `guard.shadow` run event), and
 * the value the run continues with is exactly what Off gives.
 */
import {
  GUARD_MODES,
  type GuardMode,
  type RuntimeFlags,
  SHADOWABLE_GUARDS,
  type ShadowableGuard,
} from "@/lib/schemas/settings";

export { GUARD_MODES, type GuardMode, SHADOWABLE_GUARDS, type ShadowableGuard };

/** The switch pair of each guard with an on/off switch. */
export const GUARD_SWITCH_FIELDS = {
  quarantine: { enabled: "toolResultQuarantineEnabled", shadow: "toolResultQuarantineShadow" },
  scaffolding: { enabled: "toolScaffoldingGuardEnabled", shadow: "toolScaffoldingGuardShadow" },
  audit_gate: { enabled: "auditGateEnabled", shadow: "auditGateShadow" },
} as const satisfies Record<
  Exclude<ShadowableGuard, "completion_judge">,
  { enabled: keyof RuntimeFlags; shadow: keyof RuntimeFlags }
>;
export type SwitchedGuard = keyof typeof GUARD_SWITCH_FIELDS;

type ModeFlags = Pick<
  RuntimeFlags,
  | "toolResultQuarantineEnabled"
  | "toolResultQuarantineShadow"
  | "toolScaffoldingGuardEnabled"
  | "toolScaffoldingGuardShadow"
  | "auditGateEnabled"
  | "auditGateShadow"
  | "autonomousCompletionJudgeMode"
>;

/**
 * The mode a guard runs in under `flags`. The judge is On in "caveat" and "continue". The audit gate in
 * Shadow audits every step as when On (its clarification calls go to the model on a copy of the
 * conversation), records a `guard.shadow` event when it would have blocked the step, and lets the step run.
 */
export function guardMode(flags: ModeFlags, guard: ShadowableGuard): GuardMode {
  if (guard === "completion_judge") {
    const mode = flags.autonomousCompletionJudgeMode;
    return mode === "off" ? "off" : mode === "shadow" ? "shadow" : "on";
  }
  const fields = GUARD_SWITCH_FIELDS[guard];
  if (flags[fields.enabled]) return "on";
  return flags[fields.shadow] ? "shadow" : "off";
}

/**
 * The switch values that put a switched guard into `mode` (one settings write, so one audit version).
 * The judge's mode is its own field (`autonomousCompletionJudgeMode`), so it is not handled here.
 */
export function guardModeUpdate(guard: SwitchedGuard, mode: GuardMode): Partial<RuntimeFlags> {
  const fields = GUARD_SWITCH_FIELDS[guard];
  return { [fields.enabled]: mode === "on", [fields.shadow]: mode === "shadow" };
}

/** What {@link applyGuardMode} hands back. */
export interface GuardModeOutcome<Result> {
  /** What the run continues with: the guard's result when On, the unguarded value otherwise. */
  readonly applied: Result;
  /** In Shadow, what the guard would have produced (the caller records it); null otherwise. */
  readonly shadowed: Result | null;
}

/**
 * Applies `mode`: Off runs only `unguarded`, On only `guarded`, Shadow runs both and continues with the
 * unguarded value, so Shadow costs exactly one guard run over Off. Both callbacks must be free of side
 * effects on the run.
 */
export function applyGuardMode<Result>(
  mode: GuardMode,
  guarded: () => Result,
  unguarded: () => Result,
): GuardModeOutcome<Result> {
  if (mode === "on") return { applied: guarded(), shadowed: null };
  if (mode === "off") return { applied: unguarded(), shadowed: null };
  return { shadowed: guarded(), applied: unguarded() };
}

/**
 * Drops from a run's own switch overrides (the demo runtime turns a scenario's guard on for that run,
 * lib/agent/demo demoRunFlags) every guard switch whose guard an operator has put in Shadow: Shadow is an
 * operator's choice, so the run shows what the guard would have done instead of enforcing it.
 */
export function overridesRespectingShadow(
  flags: ModeFlags & Partial<RuntimeFlags>,
  overrides: Partial<RuntimeFlags>,
): Partial<RuntimeFlags> {
  const kept: Partial<RuntimeFlags> = { ...overrides };
  for (const fields of Object.values(GUARD_SWITCH_FIELDS)) {
    if (fields.enabled in kept && flags[fields.shadow] === true && flags[fields.enabled] === false)
      delete kept[fields.enabled];
  }
  return kept;
}
