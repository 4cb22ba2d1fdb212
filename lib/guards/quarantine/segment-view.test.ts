import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { endsWithQuestion, gapEndsClause } from "./segment-view";

// Punctuation, every kind of JavaScript whitespace, and look-alikes that are neither (a Greek question
// mark, a fullwidth one, a zero-width space), joined at random: the code-unit checks must answer as the
// regular expressions they replaced.
const pieces = fc.constantFrom(
  ..."ab .!?;,:-\"'\t\n\r\v\f",
  "\u00a0",
  "\u2003",
  "\u2028",
  "\u3000",
  "\ufeff",
  "\u037e",
  "\uff1f",
  "\u200b",
);
const texts = fc.array(pieces, { maxLength: 10 }).map((parts) => parts.join(""));

describe("segment-view code-unit checks answer as the regular expressions they replaced", () => {
  it("gapEndsClause is /[.!?;]/.test", () => {
    fc.assert(
      fc.property(texts, (gap) => gapEndsClause(gap) === /[.!?;]/.test(gap)),
      { numRuns: 5000, seed: 7 },
    );
  });

  it("endsWithQuestion is /\\?\\s*$/.test", () => {
    fc.assert(
      fc.property(texts, (text) => endsWithQuestion(text) === /\?\s*$/.test(text)),
      { numRuns: 5000, seed: 11 },
    );
  });

  it("reads a question mark after trailing whitespace and not one before other text", () => {
    expect(endsWithQuestion("Why?\u00a0\n")).toBe(true);
    expect(endsWithQuestion("Why? Because.")).toBe(false);
    expect(gapEndsClause(" ; ")).toBe(true);
    expect(gapEndsClause(", ")).toBe(false);
  });
});
