/**
 * Generalization check on wording no training file contains (fresh-probes.ts). Every hard benign probe
 * must stay; of the orders, at least the floors below must be removed. The floors record what the
 * committed detector reaches (24 of 39 when they were last raised, en 9, de 7, it 8, at no false positive; 15 before the
 * hard-negative training) so that a retrained
 * model that memorizes more and generalizes less fails here; raise them as the detector improves.
 * Lowered from 22 to 18 in total when the model was retrained on the pinned dependency corpus (the
 * earlier weights could no longer be reproduced; the reproducible retrain removes 18: en 6, de 6, it 6;
 * docs/quarantine.md, "Benign training data pinned").
 */
import { describe, expect, it } from "vitest";
import { MUST_FLAG, MUST_NOT_FLAG } from "./fresh-probes";
import { scanToolResultText } from "./scan-tool-result-text";

const MIN_FLAGGED_TOTAL = 18;
const MIN_FLAGGED_PER_LANGUAGE = 6;

describe("fresh probes (wording that no training file contains)", () => {
  for (const [language, sentences] of Object.entries(MUST_NOT_FLAG)) {
    it.each(sentences)(`keeps ${language}: %s`, (sentence) => {
      expect(scanToolResultText(sentence).type).toBe("clean");
    });
  }

  it(`removes at least ${MIN_FLAGGED_TOTAL} of the orders, at least ${MIN_FLAGGED_PER_LANGUAGE} per language`, () => {
    let total = 0;
    const missed: string[] = [];
    for (const [language, sentences] of Object.entries(MUST_FLAG)) {
      const flagged = sentences.filter((sentence) => scanToolResultText(sentence).type === "quarantined");
      for (const sentence of sentences)
        if (!flagged.includes(sentence)) missed.push(`${language}: ${sentence}`);
      expect(flagged.length, `${language} flagged`).toBeGreaterThanOrEqual(MIN_FLAGGED_PER_LANGUAGE);
      total += flagged.length;
    }
    expect(total, `missed:\n${missed.join("\n")}`).toBeGreaterThanOrEqual(MIN_FLAGGED_TOTAL);
  });
});
