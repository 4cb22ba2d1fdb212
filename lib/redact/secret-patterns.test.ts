import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findSecrets, SECRET_PATTERNS, scanForSecrets } from "./secret-patterns";

/**
 * Text that matches the pattern's regex stripped of what fast-check cannot generate from (lookarounds,
 * \b, the i flag), its letters then in random case: matches of the pattern and near misses.
 */
function plantedText(regex: RegExp) {
  const source = regex.source.replace(/\(\?<?[!=](?:[^()]|\([^()]*\))*\)/g, "").replaceAll("\\b", "");
  return fc
    .tuple(fc.stringMatching(new RegExp(source)), fc.array(fc.boolean(), { minLength: 64, maxLength: 64 }))
    .map(([text, upper]) =>
      [...text].map((char, index) => (upper[index % 64] ? char.toUpperCase() : char.toLowerCase())).join(""),
    );
}

describe("findSecrets' prefilter", () => {
  it.each(SECRET_PATTERNS.map((pattern) => [pattern.kind, pattern] as const))(
    "never hides a %s the full pattern table finds",
    (_kind, pattern) => {
      fc.assert(
        fc.property(
          fc.string({ maxLength: 12 }),
          fc.oneof(
            fc.stringMatching(
              new RegExp(
                pattern.regex.source.replace(/\(\?<?[!=](?:[^()]|\([^()]*\))*\)/g, "").replaceAll("\\b", ""),
              ),
            ),
            plantedText(pattern.regex),
          ),
          fc.string({ maxLength: 12 }),
          (before, planted, after) => {
            const text = `${before}${planted}${after}`;
            expect(findSecrets(text)).toEqual(scanForSecrets(text));
          },
        ),
        { numRuns: 300 },
      );
    },
  );

  it("agrees with the full table on arbitrary text and on private key blocks", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (text) => {
        expect(findSecrets(text)).toEqual(scanForSecrets(text));
      }),
      { numRuns: 500 },
    );
    const block =
      "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----";
    expect(findSecrets(block)).toHaveLength(1);
  });

  it("lets text without any secret marker through without a scan result", () => {
    expect(findSecrets("refactor the billing module; npm test; src/billing.ts")).toEqual([]);
  });
});
