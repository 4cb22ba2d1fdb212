import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { containsPattern, trigramFragments } from "./halt-text-search";

describe("containsPattern", () => {
  it("escapes LIKE's wildcards and its escape character, so q is a literal substring", () => {
    expect(containsPattern("50%_off")).toBe("%50\\%\\_off%");
    expect(containsPattern("a\\b")).toBe("%a\\\\b%");
    expect(containsPattern("plain text")).toBe("%plain text%");
  });
});

describe("trigramFragments", () => {
  it("takes three letters or digits at a time within each word, once each", () => {
    expect(trigramFragments("number 4242")).toEqual(["num", "umb", "mbe", "ber", "424", "242"]);
    expect(trigramFragments("a-b c_d ab")).toEqual([]);
    expect(trigramFragments("Größe 424242")).toEqual(["Grö", "röß", "öße", "424", "242"]);
  });

  it("every fragment is a substring of q (so whatever contains q contains it), at most 24", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200, unit: "grapheme" }), (q) => {
        const fragments = trigramFragments(q);
        expect(fragments.length).toBeLessThanOrEqual(24);
        for (const fragment of fragments) expect(q.includes(fragment)).toBe(true);
      }),
    );
  });
});
