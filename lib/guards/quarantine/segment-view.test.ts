import { describe, expect, it } from "vitest";
import { endsWithQuestion, gapEndsClause } from "./segment-view";

/** mulberry32: a small seeded generator, so the random strings are the same on every run. */
function randomGenerator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

// Punctuation, every kind of JavaScript whitespace, and look-alikes that are neither.
const ALPHABET = [
  ..."ab .!?;,:-\"'\t\n\r\v\f",
  "\u00a0",
  "\u2003",
  "\u2028",
  "\u3000",
  "\ufeff",
  "\u037e",
  "\uff1f",
  "\u200b",
];

function randomStrings(count: number, seed: number): string[] {
  const random = randomGenerator(seed);
  const strings: string[] = [""];
  for (let index = 0; index < count; index++) {
    let text = "";
    const length = Math.floor(random() * 8);
    for (let at = 0; at < length; at++) text += ALPHABET[Math.floor(random() * ALPHABET.length)];
    strings.push(text);
  }
  return strings;
}

describe("segment-view code-unit checks answer as the regular expressions they replaced", () => {
  it("gapEndsClause is /[.!?;]/.test", () => {
    for (const gap of randomStrings(5000, 7))
      expect(gapEndsClause(gap), JSON.stringify(gap)).toBe(/[.!?;]/.test(gap));
  });

  it("endsWithQuestion is /\\?\\s*$/.test", () => {
    for (const text of randomStrings(5000, 11))
      expect(endsWithQuestion(text), JSON.stringify(text)).toBe(/\?\s*$/.test(text));
  });
});
