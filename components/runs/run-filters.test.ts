import { describe, expect, it } from "vitest";
import {
  EMPTY_RUN_FILTERS,
  hasRunFilters,
  readRunFilters,
  readRunFiltersFromRecord,
  runFiltersToQuery,
} from "./run-filters";

describe("readRunFilters", () => {
  it.each([
    [
      { status: "failed", kind: "chat" },
      { status: "failed", kind: "chat" },
    ],
    [
      { status: " running ", kind: "" },
      { status: "running", kind: "" },
    ],
    [
      { status: "FAILED", kind: "nonsense" },
      { status: "", kind: "" },
    ],
    [{}, { status: "", kind: "" }],
  ])("reads %o as %o", (query, expected) => {
    expect(readRunFilters(new URLSearchParams(query))).toEqual(expected);
  });

  it("takes the first value of a repeated page parameter", () => {
    expect(readRunFiltersFromRecord({ status: ["blocked", "failed"], kind: undefined })).toEqual({
      status: "blocked",
      kind: "",
    });
  });
});

describe("runFiltersToQuery and hasRunFilters", () => {
  it("leaves out empty values", () => {
    expect(runFiltersToQuery(EMPTY_RUN_FILTERS)).toEqual({});
    expect(runFiltersToQuery({ status: "queued", kind: "" })).toEqual({ status: "queued" });
    expect(runFiltersToQuery({ status: "", kind: "job" })).toEqual({ kind: "job" });
  });

  it("says whether a filter is set", () => {
    expect(hasRunFilters(EMPTY_RUN_FILTERS)).toBe(false);
    expect(hasRunFilters({ status: "", kind: "heartbeat" })).toBe(true);
  });
});
