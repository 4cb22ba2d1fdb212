import { describe, expect, it } from "vitest";
import { ApiError } from "./api-error";
import { parseIfMatchVersion } from "./if-match";

describe("parseIfMatchVersion", () => {
  it.each([
    [null, undefined],
    ["", undefined],
    ["*", undefined],
    ["7", 7],
    ['"7"', 7],
    ['W/"12"', 12],
    [" 3 ", 3],
  ])("%j -> %j", (header, expected) => {
    expect(parseIfMatchVersion(header)).toBe(expected);
  });
  it.each([["seven"], ['"7", "8"'], ["-1"], ["1.5"], ["9999999999"]])("refuses %j with a 400", (header) => {
    expect(() => parseIfMatchVersion(header)).toThrow(ApiError);
  });
});
