import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { HALT_COUNT_CAP } from "@/lib/schemas/halts";
import de from "@/messages/de.json";
import en from "@/messages/en.json";
import it_ from "@/messages/it.json";
import { haltCountsMessage } from "./halt-counts";

const render = (
  locale: "de" | "en" | "it",
  messages: typeof en,
  counts: Parameters<typeof haltCountsMessage>[0],
) => {
  const t = createTranslator({ locale, messages, namespace: "HaltsList" });
  const { key, values } = haltCountsMessage(counts, (value) => new Intl.NumberFormat(locale).format(value));
  return key === "counts" ? t("counts", values) : t("countsCapped", values);
};

describe("the halt list's counts", () => {
  const capped = {
    total_count: HALT_COUNT_CAP,
    total_count_capped: true,
    unacknowledged_count: HALT_COUNT_CAP,
    unacknowledged_count_capped: true,
  };

  it("shows a capped count as 10,000+ in every language", () => {
    expect(render("en", en, capped)).toBe("10,000+ halts, 10,000+ unacknowledged");
    expect(render("de", de, capped)).toBe("10.000+ Stopps, 10.000+ unbestätigt");
    expect(render("it", it_, capped)).toBe("10.000+ arresti, 10.000+ non confermati");
  });

  it("adds + only to the count the API capped", () => {
    const totalOnly = { ...capped, unacknowledged_count: 12, unacknowledged_count_capped: false };
    expect(render("en", en, totalOnly)).toBe("10,000+ halts, 12 unacknowledged");
  });

  it("shows exact counts below the cap as before", () => {
    const exact = {
      total_count: 1,
      total_count_capped: false,
      unacknowledged_count: 0,
      unacknowledged_count_capped: false,
    };
    expect(render("en", en, exact)).toBe("1 halt, 0 unacknowledged");
    expect(render("de", de, { ...exact, total_count: 9_999 })).toBe("9.999 Stopps, 0 unbestätigt");
  });
});
