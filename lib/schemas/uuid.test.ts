import { describe, expect, it } from "vitest";
import { isUuid, isUuidPrefix, uuidPrefixRange } from "./uuid";

const ID = "0f8fad5b-d9cb-469f-a165-70867728950e";

describe("isUuidPrefix", () => {
  it("accepts a whole UUID and every start of it from 8 characters on", () => {
    for (let length = 8; length <= ID.length; length++)
      expect(isUuidPrefix(ID.slice(0, length)), ID.slice(0, length)).toBe(true);
    expect(isUuidPrefix(ID.toUpperCase())).toBe(true);
  });

  it("refuses shorter starts, other characters, misplaced dashes and longer text", () => {
    for (const value of [
      "",
      "0f8fad5",
      "0f8fad5g",
      "0f8fad5bd9cb",
      "0f8fad5b-d9cb469f",
      `${ID}0`,
      "0f8fad5b d9c",
      "'; drop",
    ])
      expect(isUuidPrefix(value), value).toBe(false);
  });
});

describe("uuidPrefixRange", () => {
  it("spans exactly the UUIDs that start with the prefix", () => {
    expect(uuidPrefixRange("0F8FAD5B")).toEqual({
      first: "0f8fad5b-0000-0000-0000-000000000000",
      last: "0f8fad5b-ffff-ffff-ffff-ffffffffffff",
    });
    expect(uuidPrefixRange("0f8fad5b-d9")).toEqual({
      first: "0f8fad5b-d900-0000-0000-000000000000",
      last: "0f8fad5b-d9ff-ffff-ffff-ffffffffffff",
    });
    const { first, last } = uuidPrefixRange(ID);
    expect([first, last]).toEqual([ID, ID]);
    expect(isUuid(first) && isUuid(last)).toBe(true);
  });
});
