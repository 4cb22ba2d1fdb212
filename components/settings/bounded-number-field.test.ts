import { describe, expect, it } from "vitest";
import { parseBoundedInteger } from "./bounded-number-field";

describe("parseBoundedInteger", () => {
  it.each([
    ["1", 1],
    [" 200 ", 200],
    ["24", 24],
    ["+5", 5],
  ])("accepts %j", (draft, expected) => {
    expect(parseBoundedInteger(draft, 1, 200)).toBe(expected);
  });

  it.each(["0", "201", "", " ", "1.5", "1e2", "abc", "-1", "99999999999999999999"])("rejects %j", (draft) => {
    expect(parseBoundedInteger(draft, 1, 200)).toBeNull();
  });
});
