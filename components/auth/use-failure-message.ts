"use client";

import { useTranslations } from "next-intl";
import type { ApiFailure } from "@/components/api/api-client";

/**
 * Turns an API failure into a localized sentence. Screens pass their own wording for the failures that
 * mean something specific to them (a 409 on "add user" is a taken name); the rest get the shared text.
 * A 400's server detail is appended, since it names the field that was refused.
 */
export function useFailureMessage() {
  const t = useTranslations("ApiFailure");
  return (failure: ApiFailure, specific: Partial<Record<ApiFailure["kind"], string>> = {}): string => {
    const own = specific[failure.kind];
    if (own) return own;
    switch (failure.kind) {
      case "invalid":
        return t("invalid", { message: failure.message });
      case "conflict":
        return t("conflict", { message: failure.message });
      case "tooManyAttempts":
        return t("tooManyAttempts", { seconds: failure.retryAfterSeconds ?? 60 });
      default:
        return t("message", { kind: failure.kind });
    }
  };
}
