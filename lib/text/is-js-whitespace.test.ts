import { describe, expect, it } from "vitest";
import { isJsWhitespace } from "./is-js-whitespace";

describe("isJsWhitespace", () => {
  it("agrees with /\\s/ and with trim() on every UTF-16 code unit", () => {
    const disagreements: number[] = [];
    for (let codeUnit = 0; codeUnit < 0x10000; codeUnit++) {
      const character = String.fromCharCode(codeUnit);
      const expected = /\s/.test(character);
      if (isJsWhitespace(codeUnit) !== expected || (character.trim() === "") !== expected)
        disagreements.push(codeUnit);
    }
    expect(disagreements).toEqual([]);
  });
});
