import { describe, expect, it } from "vitest";
import {
  EMPTY_FILTERS,
  filtersToApi,
  filtersToQuery,
  hasFilters,
  minuteToIso,
  rangeIsReversed,
  readFilters,
} from "./halt-filters";

describe("readFilters", () => {
  it("keeps valid values and drops invalid ones", () => {
    const search = new URLSearchParams({
      severity: "critical",
      halt_type: "nonsense",
      acknowledged: "false",
      session_id: "0F8FAD5B-D9CB-469F-A165-70867728950E",
      from: "2026-01-02T03:04",
      to: "yesterday",
      q: "  rm -rf  ",
    });
    expect(readFilters(search)).toEqual({
      severity: "critical",
      halt_type: "",
      acknowledged: "false",
      session_id: "0f8fad5b-d9cb-469f-a165-70867728950e",
      from: "2026-01-02T03:04",
      to: "",
      q: "rm -rf",
    });
  });

  it("drops a search shorter than the API accepts (three characters)", () => {
    expect(readFilters(new URLSearchParams({ q: " ab " })).q).toBe("");
    expect(readFilters(new URLSearchParams({ q: "a b" })).q).toBe("");
    expect(readFilters(new URLSearchParams({ q: "abc" })).q).toBe("abc");
  });

  it("reads an empty URL as no filters", () => {
    expect(readFilters(new URLSearchParams())).toEqual(EMPTY_FILTERS);
    expect(hasFilters(EMPTY_FILTERS)).toBe(false);
  });
});

describe("filters to URL and API", () => {
  const values = { ...EMPTY_FILTERS, severity: "high", from: "2026-01-02T03:04", to: "2026-01-02T05:00" };

  it("leaves empty values out of the URL and adds the cursor", () => {
    expect(filtersToQuery(values, "abc")).toEqual({
      severity: "high",
      from: "2026-01-02T03:04",
      to: "2026-01-02T05:00",
      cursor: "abc",
    });
  });

  it("sends UTC ISO timestamps, the end inclusive of its minute", () => {
    expect(filtersToApi(values)).toMatchObject({
      severity: "high",
      from: "2026-01-02T03:04:00.000Z",
      to: "2026-01-02T05:00:59.999Z",
      q: undefined,
    });
    expect(minuteToIso("2026-13-40T99:99", "start")).toBeUndefined();
  });
});

describe("session id prefixes and reversed ranges", () => {
  it("keeps the 8-character session prefix the list shows, lower-cased, and drops shorter ones", () => {
    expect(readFilters(new URLSearchParams({ session_id: "0F8FAD5B" })).session_id).toBe("0f8fad5b");
    expect(readFilters(new URLSearchParams({ session_id: "0f8fad5" })).session_id).toBe("");
    expect(filtersToApi({ ...EMPTY_FILTERS, session_id: "0f8fad5b" }).session_id).toBe("0f8fad5b");
  });

  it("finds a From after To, and accepts equal minutes or a missing end", () => {
    expect(rangeIsReversed({ from: "2026-01-02T03:05", to: "2026-01-02T03:04" })).toBe(true);
    expect(rangeIsReversed({ from: "2026-01-02T03:04", to: "2026-01-02T03:04" })).toBe(false);
    expect(rangeIsReversed({ from: "2026-01-02T03:05", to: "" })).toBe(false);
    expect(rangeIsReversed({ from: "", to: "2026-01-02T03:04" })).toBe(false);
  });
});
