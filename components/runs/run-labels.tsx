"use client";

import { useTranslations } from "next-intl";
import type { RunKind, RunOutcome, RunStatus } from "@/lib/schemas/runs";

const STATUS_TONE: Record<RunStatus, string> = {
  queued: "border-slate-300 bg-slate-50 text-slate-800",
  running: "border-blue-300 bg-blue-50 text-blue-900",
  succeeded: "border-emerald-300 bg-emerald-50 text-emerald-900",
  failed: "border-red-400 bg-red-50 text-red-900",
  blocked: "border-orange-400 bg-orange-50 text-orange-900",
  cancelled: "border-slate-300 bg-white text-slate-700",
};

/** A symbol per status next to the word, so the status never depends on colour alone. */
const STATUS_SYMBOL: Record<RunStatus, string> = {
  queued: "◷",
  running: "▶",
  succeeded: "✓",
  failed: "✕",
  blocked: "■",
  cancelled: "–",
};

/** A word with a symbol in a tinted pill (the symbol, so nothing depends on colour alone). */
function LabelPill({
  testId,
  data,
  tone,
  symbol,
  children,
}: {
  testId: string;
  data: Record<string, string>;
  tone: string;
  symbol: string;
  children: string;
}) {
  return (
    <span
      data-testid={testId}
      {...data}
      className={`inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${tone}`}
    >
      <span aria-hidden="true">{symbol}</span>
      {children}
    </span>
  );
}

/** The run status as a word with a symbol in a tinted pill. */
export function RunStatusBadge({ status }: { status: RunStatus }) {
  const t = useTranslations("RunLabels");
  return (
    <LabelPill
      testId="run-status"
      data={{ "data-status": status }}
      tone={STATUS_TONE[status]}
      symbol={STATUS_SYMBOL[status]}
    >
      {t("status", { status })}
    </LabelPill>
  );
}

const OUTCOME_TONE: Record<RunOutcome, string> = {
  queued: STATUS_TONE.queued,
  running: STATUS_TONE.running,
  completed: STATUS_TONE.succeeded,
  completed_with_caveats: "border-amber-400 bg-amber-50 text-amber-950",
  incomplete: "border-amber-500 bg-amber-50 text-amber-950",
  blocked: STATUS_TONE.blocked,
  failed: STATUS_TONE.failed,
  cancelled: STATUS_TONE.cancelled,
};

const OUTCOME_SYMBOL: Record<RunOutcome, string> = {
  queued: STATUS_SYMBOL.queued,
  running: STATUS_SYMBOL.running,
  completed: "✓",
  completed_with_caveats: "⚠",
  incomplete: "◐",
  blocked: STATUS_SYMBOL.blocked,
  failed: STATUS_SYMBOL.failed,
  cancelled: STATUS_SYMBOL.cancelled,
};

/**
 * The run's outcome (status and finalization in one word, lib/runs/run-outcome.ts) as a word with a
 * symbol in a tinted pill: what the list and the run page lead with.
 */
export function RunOutcomeBadge({ outcome }: { outcome: RunOutcome }) {
  const t = useTranslations("RunLabels");
  return (
    <LabelPill
      testId="run-outcome"
      data={{ "data-outcome": outcome }}
      tone={OUTCOME_TONE[outcome]}
      symbol={OUTCOME_SYMBOL[outcome]}
    >
      {t("outcome", { outcome })}
    </LabelPill>
  );
}

/** The run kind as a small neutral tag. */
export function RunKindTag({ kind }: { kind: RunKind }) {
  const t = useTranslations("RunLabels");
  return (
    <span className="inline-flex items-center rounded border border-slate-300 bg-white px-1.5 py-0.5 text-xs text-slate-800">
      {t("kind", { kind })}
    </span>
  );
}

/** "Tool budget exhausted" as an amber marker with a symbol. */
export function BudgetExhaustedMarker() {
  const t = useTranslations("RunLabels");
  return (
    <span
      data-testid="budget-exhausted"
      className="inline-flex items-center gap-1 rounded-full border border-amber-400 bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-950"
    >
      <span aria-hidden="true">⚠</span>
      {t("budgetExhausted")}
    </span>
  );
}
