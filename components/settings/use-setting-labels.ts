"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useCallback } from "react";
import type { RuntimeFlagName } from "@/lib/schemas/settings";
import type { ApiFailure } from "./settings-api";

/**
 * Localized words for settings: field labels and descriptions, a stored value as text ("on",
 * "Caveat", "24", "built-in prompt"), and the explanation of a failed save.
 */
export function useSettingLabels() {
  const tField = useTranslations("SettingField");
  const tValue = useTranslations("SettingValue");
  const tJudge = useTranslations("JudgeModeOption");
  const tAuditMode = useTranslations("AuditGateModeOption");
  const tAuditModel = useTranslations("AuditGateModelOption");
  const tPanel = useTranslations("RuntimeSettingsPanel");
  const format = useFormatter();

  const label = useCallback((field: RuntimeFlagName) => tField("label", { field }), [tField]);
  const description = useCallback((field: RuntimeFlagName) => tField("description", { field }), [tField]);

  const value = useCallback(
    (field: RuntimeFlagName, stored: unknown): string => {
      if (typeof stored === "boolean") return stored ? tValue("on") : tValue("off");
      if (typeof stored === "number") return format.number(stored);
      if (field === "auditGatePrompt") {
        if (stored === null) return tValue("builtInPrompt");
        if (typeof stored === "string") return tValue("customPrompt", { length: stored.length });
      }
      if (typeof stored === "string") {
        if (field === "autonomousCompletionJudgeMode") return tJudge("label", { mode: stored });
        if (field === "auditGateMode") return tAuditMode("label", { mode: stored });
        if (field === "auditGateModel") return tAuditModel("label", { model: stored });
        return stored;
      }
      return tValue("unknown");
    },
    [format, tValue, tJudge, tAuditMode, tAuditModel],
  );

  const failure = useCallback(
    (apiFailure: ApiFailure): string => {
      switch (apiFailure.kind) {
        case "conflict":
          return tPanel("conflict");
        case "invalid":
          return tPanel("invalid", { message: apiFailure.message });
        case "forbidden":
          return tPanel("forbidden");
        case "tooLarge":
          return tPanel("tooLarge");
        case "network":
          return tPanel("network");
        case "server":
          return tPanel("serverError");
      }
    },
    [tPanel],
  );

  return { label, description, value, failure };
}
