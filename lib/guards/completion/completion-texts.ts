/**
 * The runtime-authored texts finalization appends to a non-interactive run's answer, in every run
 * language. They live here, not in `messages/*.json`, because the agent runtime is a separate process that
 * does not use next-intl; the typed table makes a missing language or a missing text a type error.
 */
import type { RunLocale } from "@/lib/schemas/runs";

/** The texts of one language. */
export interface CompletionTexts {
  /** The todo gate's caveat: `open` of `total` plan items are still open after the continuation. */
  todoOpen(open: number, total: number): string;
  /** The failed-side-effect caveat; `names` is the already formatted list of tool names. */
  sideEffectsFailed(names: string): string;
  /** The deterministic marker of a run that used up its tool budget. */
  toolBudgetExhausted: string;
  /** How a shortened tool-name list ends: "+3 more". */
  andMore(count: number): string;
}

export const COMPLETION_TEXTS = {
  en: {
    todoOpen: (open, total) =>
      `Note: this task finished, but ${open} of ${total} plan items are still open. Please check whether the work is actually complete.`,
    sideEffectsFailed: (names) =>
      `Note: at least one side-effecting action failed during this automated run (${names}). The task may not have completed as intended — please verify.`,
    toolBudgetExhausted: "Incomplete — tool budget exhausted",
    andMore: (count) => `+${count} more`,
  },
  de: {
    todoOpen: (open, total) =>
      `Hinweis: Diese Aufgabe wurde beendet, aber ${open} von ${total} Planpunkten sind noch offen. Bitte prüfen Sie, ob die Arbeit tatsächlich abgeschlossen ist.`,
    sideEffectsFailed: (names) =>
      `Hinweis: Mindestens eine Aktion mit Nebenwirkungen ist während dieses automatisierten Laufs fehlgeschlagen (${names}). Die Aufgabe wurde möglicherweise nicht wie beabsichtigt abgeschlossen – bitte überprüfen Sie das.`,
    toolBudgetExhausted: "Unvollständig – Tool-Budget erschöpft",
    andMore: (count) => `+${count} weitere`,
  },
  it: {
    todoOpen: (open, total) =>
      `Nota: questa attività è terminata, ma ${open} di ${total} punti del piano sono ancora aperti. Verifica se il lavoro è davvero completo.`,
    sideEffectsFailed: (names) =>
      `Nota: almeno un'azione con effetti collaterali non è riuscita durante questa esecuzione automatica (${names}). L'attività potrebbe non essere stata completata come previsto: verifica.`,
    toolBudgetExhausted: "Incompleto — budget degli strumenti esaurito",
    andMore: (count) => `altri ${count}`,
  },
} as const satisfies Record<RunLocale, CompletionTexts>;

/** The texts of `locale`; an unknown value (a bad stored row) falls back to English. */
export function completionTexts(locale: string): CompletionTexts {
  return locale === "de" || locale === "it" || locale === "en"
    ? COMPLETION_TEXTS[locale]
    : COMPLETION_TEXTS.en;
}
