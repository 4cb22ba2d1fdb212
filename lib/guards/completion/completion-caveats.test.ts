import { describe, expect, it } from "vitest";
import { RUN_LOCALES, type RunLocale } from "@/lib/schemas/runs";
import {
  buildSideEffectCaveat,
  buildTodoCaveat,
  buildToolBudgetMarker,
  composeDeliveredText,
} from "./completion-caveats";
import { COMPLETION_TEXTS, type CompletionTexts, completionTexts } from "./completion-texts";

describe("buildTodoCaveat", () => {
  it("is the seed's English text", () => {
    expect(buildTodoCaveat({ open: 1, total: 3 }, "en")).toBe(
      "Note: this task finished, but 1 of 3 plan items are still open. Please check whether the work is actually complete.",
    );
  });

  it("speaks German and Italian", () => {
    expect(buildTodoCaveat({ open: 2, total: 5 }, "de")).toBe(
      "Hinweis: Diese Aufgabe wurde beendet, aber 2 von 5 Planpunkten sind noch offen. Bitte prüfen Sie, ob die Arbeit tatsächlich abgeschlossen ist.",
    );
    expect(buildTodoCaveat({ open: 2, total: 5 }, "it")).toContain(
      "2 di 5 punti del piano sono ancora aperti",
    );
  });

  it("says nothing when every item is closed or there is no plan", () => {
    expect(buildTodoCaveat({ open: 0, total: 3 }, "en")).toBeNull();
    expect(buildTodoCaveat({ open: 0, total: 0 }, "en")).toBeNull();
  });
});

describe("buildSideEffectCaveat", () => {
  it("is the seed's English text with the tool name", () => {
    expect(buildSideEffectCaveat(["emails_send_draft"], "en")).toBe(
      "Note: at least one side-effecting action failed during this automated run (emails_send_draft). The task may not have completed as intended — please verify.",
    );
  });

  it("lists unique names, at most five, and counts the rest", () => {
    const names = ["a_send", "b_send", "a_send", "c_send", "d_send", "e_send", "f_send", "g_send"];
    expect(buildSideEffectCaveat(names, "en")).toContain("(a_send, b_send, c_send, d_send, e_send, +2 more)");
    expect(buildSideEffectCaveat(names, "de")).toContain("+2 weitere");
    expect(buildSideEffectCaveat(names, "it")).toContain("altri 2");
  });

  it("is null without failures", () => {
    expect(buildSideEffectCaveat([], "en")).toBeNull();
  });

  it("German mentions the failure", () => {
    expect(buildSideEffectCaveat(["demo_send_report"], "de")).toBe(
      "Hinweis: Mindestens eine Aktion mit Nebenwirkungen ist während dieses automatisierten Laufs fehlgeschlagen (demo_send_report). Die Aufgabe wurde möglicherweise nicht wie beabsichtigt abgeschlossen – bitte überprüfen Sie das.",
    );
  });
});

describe("buildToolBudgetMarker", () => {
  it.each([
    ["en", "Incomplete — tool budget exhausted"],
    ["de", "Unvollständig – Tool-Budget erschöpft"],
    ["it", "Incompleto — budget degli strumenti esaurito"],
  ])("%s: %s", (locale, marker) => {
    expect(buildToolBudgetMarker(true, locale)).toBe(marker);
    expect(buildToolBudgetMarker(false, locale)).toBeNull();
  });
});

describe("completionTexts", () => {
  it("has every run locale, and falls back to English for an unknown value", () => {
    expect(Object.keys(COMPLETION_TEXTS).sort()).toEqual([...RUN_LOCALES].sort());
    expect(completionTexts("fr")).toBe(COMPLETION_TEXTS.en);
  });

  it("every language differs from English (nothing left untranslated)", () => {
    for (const locale of ["de", "it"] as const) {
      expect(COMPLETION_TEXTS[locale].toolBudgetExhausted).not.toBe(COMPLETION_TEXTS.en.toolBudgetExhausted);
      expect(COMPLETION_TEXTS[locale].todoOpen(1, 2)).not.toBe(COMPLETION_TEXTS.en.todoOpen(1, 2));
      expect(COMPLETION_TEXTS[locale].sideEffectsFailed("x")).not.toBe(
        COMPLETION_TEXTS.en.sideEffectsFailed("x"),
      );
    }
  });

  it("a missing translation is a type error", () => {
    const english: CompletionTexts = COMPLETION_TEXTS.en;
    // @ts-expect-error: "it" is missing
    const incomplete: Record<RunLocale, CompletionTexts> = { en: english, de: english };
    // @ts-expect-error: a language without the budget marker
    const missingText: CompletionTexts = {
      todoOpen: english.todoOpen,
      sideEffectsFailed: english.sideEffectsFailed,
      andMore: english.andMore,
    };
    expect(incomplete.en).toBe(english);
    expect(missingText).toBeDefined();
  });
});

describe("composeDeliveredText", () => {
  it("keeps the answer and adds the caveats after a blank line, one per line", () => {
    expect(composeDeliveredText("Done.\n", ["Note A.", "Note B."])).toBe("Done.\n\nNote A.\nNote B.");
  });

  it("returns the answer unchanged without caveats", () => {
    expect(composeDeliveredText("  Done.  ", [])).toBe("  Done.  ");
  });

  it("an empty answer delivers only the caveats", () => {
    expect(composeDeliveredText("", ["Note A."])).toBe("Note A.");
  });

  it("does not repeat a caveat the answer already contains", () => {
    expect(
      composeDeliveredText("Work stopped. Incomplete — tool budget exhausted", [
        "Incomplete — tool budget exhausted",
      ]),
    ).toBe("Work stopped. Incomplete — tool budget exhausted");
  });
});
