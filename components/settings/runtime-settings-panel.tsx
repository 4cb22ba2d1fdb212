"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { useHasRole } from "@/components/auth/signed-in-user";
import { LoadErrorAlert, LoadingStatus } from "@/components/ui/load-state";
import { RadioGroupField } from "@/components/ui/radio-group-field";
import { SwitchField } from "@/components/ui/switch-field";
import {
  type AppSettings,
  AUDIT_GATE_MODELS,
  AUDIT_GATE_MODES,
  type GuardEffects,
  JUDGE_MODES,
  MAX_TOOL_STEPS_MAX,
  MAX_TOOL_STEPS_MIN,
  type RuntimeFlagName,
  type RuntimeFlags,
  runtimeFlagsSchema,
  type ShadowableGuard,
} from "@/lib/schemas/settings";
import { AuditPromptField } from "./audit-prompt-field";
import { BoundedNumberField } from "./bounded-number-field";
import { GuardEffectsSummary, useGuardEffects } from "./guard-effects";
import { RuntimeStatusLine } from "./runtime-status-line";
import { SettingsChangeLog } from "./settings-change-log";
import { type RuntimeSettingsController, useRuntimeSettings } from "./use-runtime-settings";
import { useSettingLabels } from "./use-setting-labels";

type BooleanFlagName = {
  [Name in RuntimeFlagName]: RuntimeFlags[Name] extends boolean ? Name : never;
}[RuntimeFlagName];

const GUARD_SWITCHES = [
  "toolResultQuarantineEnabled",
  "toolResultQuarantineShadow",
  "toolScaffoldingGuardEnabled",
  "toolScaffoldingGuardShadow",
  "runCompletionCaveatsEnabled",
  "toolBudgetWrapupEnabled",
] as const satisfies readonly BooleanFlagName[];

/** The shadow switch after which each guard's effects (24 h / 7 d) are shown. */
const EFFECTS_AFTER: Partial<Record<RuntimeFlagName, ShadowableGuard>> = {
  toolResultQuarantineShadow: "quarantine",
  toolScaffoldingGuardShadow: "scaffolding",
  auditGateShadow: "audit_gate",
};

const SAVED_MESSAGE_MS = 5_000;

/**
 * The runtime settings panel: every switch of lib/schemas/settings.ts, each saved on change (see
 * useRuntimeSettings), the live runtime status line, and the recent change log.
 */
export function RuntimeSettingsPanel() {
  const t = useTranslations("RuntimeSettingsPanel");
  const controller = useRuntimeSettings();
  const canEdit = useHasRole("operator");
  const { state, savesSettled, refreshIfOlderThan } = controller;
  const [statusVersion, setStatusVersion] = useState<number | null>(null);
  const effects = useGuardEffects(`${savesSettled}:${statusVersion ?? ""}`);

  const handleStatusVersion = useCallback(
    (version: number) => {
      setStatusVersion(version);
      refreshIfOlderThan(version);
    },
    [refreshIfOlderThan],
  );

  return (
    <div>
      <RuntimeStatusLine onVersion={handleStatusVersion} />
      <SavedAnnouncement controller={controller} />
      {state.status === "loading" ? <LoadingStatus label={t("loading")} className="mt-6" /> : null}
      {state.status === "error" ? (
        <LoadErrorAlert
          title={t("loadError")}
          detail={t("loadFailure", { reason: state.failure.kind })}
          retry={{ label: t("retry"), onRetry: controller.reload }}
          className="mt-6"
        />
      ) : null}
      {state.status === "ready" && !canEdit ? (
        <p
          data-testid="settings-read-only"
          className="mt-6 rounded-md border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-900"
        >
          {t("readOnlyNote")}
        </p>
      ) : null}
      {state.status === "ready" ? (
        <SettingsForm
          settings={state.settings}
          controller={controller}
          readOnly={!canEdit}
          effects={effects}
        />
      ) : null}
      <SettingsChangeLog refreshKey={`${savesSettled}:${statusVersion ?? ""}`} />
    </div>
  );
}

/**
 * The three groups of controls for a loaded settings row; every change goes through `controller.save`.
 * `readOnly` (viewers) shows every value with the controls disabled; the API refuses their writes anyway.
 */
export function SettingsForm({
  settings,
  controller,
  readOnly = false,
  effects = null,
}: {
  settings: AppSettings;
  controller: RuntimeSettingsController;
  readOnly?: boolean;
  /** What each guard did or would have done (shown next to its switches when loaded). */
  effects?: GuardEffects | null;
}) {
  const t = useTranslations("RuntimeSettingsPanel");
  const tJudge = useTranslations("JudgeModeOption");
  const tAuditMode = useTranslations("AuditGateModeOption");
  const tAuditModel = useTranslations("AuditGateModelOption");
  const labels = useSettingLabels();
  const { pending, failures, save } = controller;

  const errorOf = (field: RuntimeFlagName) => {
    const failure = failures[field];
    return failure ? labels.failure(failure) : undefined;
  };
  const stateText = { on: t("on"), off: t("off"), busy: t("saving") };

  const effectOf = (guard: ShadowableGuard | undefined) =>
    guard ? (
      <GuardEffectsSummary
        key={`${guard}-effects`}
        effect={effects?.guards.find((entry) => entry.guard === guard)}
      />
    ) : null;

  const renderSwitch = (field: BooleanFlagName) => [
    <SwitchField
      key={field}
      id={field}
      label={labels.label(field)}
      description={labels.description(field)}
      checked={settings[field]}
      onCheckedChange={(checked) => save({ [field]: checked })}
      busy={pending.has(field)}
      readOnly={readOnly}
      error={errorOf(field)}
      stateText={stateText}
    />,
    effectOf(EFFECTS_AFTER[field]),
  ];

  const renderBoundedNumber = (
    field: "maxToolSteps" | "auditGateMaxClarifications" | "auditGateHistorySize",
  ) => {
    const schema = runtimeFlagsSchema.shape[field];
    return (
      <BoundedNumberField
        id={field}
        label={labels.label(field)}
        description={labels.description(field)}
        value={settings[field]}
        min={field === "maxToolSteps" ? MAX_TOOL_STEPS_MIN : (schema.minValue ?? 0)}
        max={field === "maxToolSteps" ? MAX_TOOL_STEPS_MAX : (schema.maxValue ?? 0)}
        onCommit={(value) => save({ [field]: value })}
        busy={pending.has(field)}
        busyText={t("saving")}
        readOnly={readOnly}
        error={errorOf(field)}
      />
    );
  };

  return (
    <div className="mt-6 space-y-6">
      <section
        aria-labelledby="guards-heading"
        className="rounded-md border border-slate-200 bg-white px-4 sm:px-6"
      >
        <h2 id="guards-heading" className="pt-4 text-lg font-semibold text-slate-900">
          {t("guardsHeading")}
        </h2>
        <div className="divide-y divide-slate-200">{GUARD_SWITCHES.map(renderSwitch)}</div>
      </section>

      <section
        aria-labelledby="completion-heading"
        className="rounded-md border border-slate-200 bg-white px-4 sm:px-6"
      >
        <h2 id="completion-heading" className="pt-4 text-lg font-semibold text-slate-900">
          {t("completionHeading")}
        </h2>
        <div className="divide-y divide-slate-200">
          <RadioGroupField
            name="autonomousCompletionJudgeMode"
            legend={labels.label("autonomousCompletionJudgeMode")}
            description={labels.description("autonomousCompletionJudgeMode")}
            options={JUDGE_MODES.map((mode) => ({
              value: mode,
              label: tJudge("label", { mode }),
              description: tJudge("description", { mode }),
            }))}
            value={settings.autonomousCompletionJudgeMode}
            onValueChange={(mode) => save({ autonomousCompletionJudgeMode: mode })}
            busy={pending.has("autonomousCompletionJudgeMode")}
            busyText={t("saving")}
            readOnly={readOnly}
            error={errorOf("autonomousCompletionJudgeMode")}
          />
          {effectOf("completion_judge")}
          {renderBoundedNumber("maxToolSteps")}
        </div>
      </section>

      <section
        aria-labelledby="audit-gate-heading"
        className="rounded-md border border-slate-200 bg-white px-4 sm:px-6"
      >
        <h2 id="audit-gate-heading" className="pt-4 text-lg font-semibold text-slate-900">
          {t("auditGateHeading")}
        </h2>
        <div className="divide-y divide-slate-200">
          {renderSwitch("auditGateEnabled")}
          {renderSwitch("auditGateShadow")}
          <div className="py-4">
            <p className="text-sm text-slate-700">{t("auditGateOptionsHint")}</p>
            <div className="divide-y divide-slate-200">
              <RadioGroupField
                name="auditGateMode"
                legend={labels.label("auditGateMode")}
                description={labels.description("auditGateMode")}
                options={AUDIT_GATE_MODES.map((mode) => ({
                  value: mode,
                  label: tAuditMode("label", { mode }),
                  description: tAuditMode("description", { mode }),
                }))}
                value={settings.auditGateMode}
                onValueChange={(mode) => save({ auditGateMode: mode })}
                busy={pending.has("auditGateMode")}
                busyText={t("saving")}
                readOnly={readOnly}
                error={errorOf("auditGateMode")}
              />
              <RadioGroupField
                name="auditGateModel"
                legend={labels.label("auditGateModel")}
                description={labels.description("auditGateModel")}
                options={AUDIT_GATE_MODELS.map((model) => ({
                  value: model,
                  label: tAuditModel("label", { model }),
                  description: tAuditModel("description", { model }),
                }))}
                value={settings.auditGateModel}
                onValueChange={(model) => save({ auditGateModel: model })}
                busy={pending.has("auditGateModel")}
                busyText={t("saving")}
                readOnly={readOnly}
                error={errorOf("auditGateModel")}
              />
              {renderBoundedNumber("auditGateMaxClarifications")}
              {renderBoundedNumber("auditGateHistorySize")}
              <AuditPromptField
                label={labels.label("auditGatePrompt")}
                description={labels.description("auditGatePrompt")}
                value={settings.auditGatePrompt}
                onSave={(prompt) => save({ auditGatePrompt: prompt })}
                busy={pending.has("auditGatePrompt")}
                busyText={t("saving")}
                readOnly={readOnly}
                error={errorOf("auditGatePrompt")}
              />
            </div>
          </div>
        </div>
      </section>
    </div>
  );
}

/**
 * Polite confirmation of the latest successful save ("Saved: Audit gate – on."), visible for a few
 * seconds. The live region is always in the DOM so screen readers pick up its changes.
 */
function SavedAnnouncement({ controller }: { controller: RuntimeSettingsController }) {
  const t = useTranslations("RuntimeSettingsPanel");
  const labels = useSettingLabels();
  const { lastSaved } = controller;
  const [visibleId, setVisibleId] = useState<number | null>(null);

  useEffect(() => {
    if (!lastSaved) return;
    setVisibleId(lastSaved.id);
    const timer = setTimeout(() => setVisibleId(null), SAVED_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [lastSaved]);

  const message =
    lastSaved && visibleId === lastSaved.id
      ? Object.entries(lastSaved.update)
          .map(([field, value]) =>
            t("saved", {
              field: labels.label(field as RuntimeFlagName),
              value: labels.value(field as RuntimeFlagName, value),
            }),
          )
          .join(" ")
      : "";
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="settings-saved"
      className={
        message
          ? "fixed inset-x-4 bottom-4 z-30 mx-auto max-w-md rounded-md bg-slate-900 px-4 py-3 text-sm text-white shadow-lg"
          : "sr-only"
      }
    >
      {message}
    </div>
  );
}
