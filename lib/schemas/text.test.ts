import { describe, expect, it } from "vitest";
import { z } from "zod";
import { isStorableText, nonBlankText, refuseUnstorableJson, storableText } from "./text";

describe("storable text", () => {
  it.each([
    ["plain", true],
    ["emoji 😀 (a surrogate pair)", true],
    ["", true],
    ["nul \u0000 inside", false],
    ["lone high \ud800 surrogate", false],
    ["lone low \udc00 surrogate", false],
    ["reversed pair \ude00\ud83d", false],
  ])("%j -> %s", (value, expected) => {
    expect(isStorableText(value)).toBe(expected);
    expect(storableText().safeParse(value).success).toBe(expected);
  });

  it("nonBlankText refuses blank and unstorable input, checks the length as sent, then trims", () => {
    const schema = nonBlankText(5);
    expect(schema.parse(" ab ")).toBe("ab");
    expect(schema.safeParse(" ").success).toBe(false);
    expect(schema.safeParse("      a").success).toBe(false);
    expect(schema.safeParse("a\u0000").success).toBe(false);
  });

  it("refuses unstorable text anywhere in a free JSON value, naming the path", () => {
    const schema = z.record(z.string(), z.unknown()).superRefine(refuseUnstorableJson);
    expect(schema.safeParse({ a: [{ b: "ok" }] }).success).toBe(true);
    expect(schema.safeParse({ a: [{ b: "x\u0000" }] }).error?.issues[0]?.path).toEqual(["a", 0, "b"]);
    expect(schema.safeParse({ a: { "k\ud800": 1 } }).error?.issues[0]?.path).toEqual(["a", "k\ud800"]);
  });

  it("is linear on long input (no catastrophic backtracking)", () => {
    const long = `${"a".repeat(200_000)}\u0000`;
    expect(storableText().safeParse(long).success).toBe(false);
    expect(nonBlankText(300_000).safeParse(" ".repeat(200_000)).success).toBe(false);
  });
});
