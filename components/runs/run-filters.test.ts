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
      { status: "failed", kind: "chat", verdict: "incomplete" },
      { status: "failed", kind: "chat", verdict: "incomplete" },
    ],
    [
      { status: " running ", kind: "" },
      { status: "running", kind: "", verdict: "" },
    ],
    [
      { status: "FAILED", kind: "nonsense", verdict: "maybe" },
      { status: "", kind: "", verdict: "" },
    ],
    [{}, { status: "", kind: "", verdict: "" }],
  ])("reads %o as %o", (query, expected) => {
    expect(readRunFilters(new URLSearchParams(query))).toEqual(expected);
  });

  it("takes the first value of a repeated page parameter", () => {
    expect(
      readRunFiltersFromRecord({ status: ["blocked", "failed"], kind: undefined, verdict: ["uncertified"] }),
    ).toEqual({ status: "blocked", kind: "", verdict: "uncertified" });
  });
});

describe("runFiltersToQuery and hasRunFilters", () => {
  it("leaves out empty values", () => {
    expect(runFiltersToQuery(EMPTY_RUN_FILTERS)).toEqual({});
    expect(runFiltersToQuery({ status: "queued", kind: "", verdict: "" })).toEqual({ status: "queued" });
    expect(runFiltersToQuery({ status: "", kind: "job", verdict: "complete" })).toEqual({
      kind: "job",
      verdict: "complete",
    });
  });

  it("says whether a filter is set", () => {
    expect(hasRunFilters(EMPTY_RUN_FILTERS)).toBe(false);
    expect(hasRunFilters({ status: "", kind: "heartbeat", verdict: "" })).toBe(true);
    expect(hasRunFilters({ status: "", kind: "", verdict: "blocked" })).toBe(true);
  });
});

describe("guard filters (the settings panel's links)", () => {
  it("reads a guard, its decision kind and a since instant, and writes them back", () => {
    const values = readRunFilters(
      new URLSearchParams({ guard: "quarantine", decision: "shadow", since: "2026-12-01T10:00:00.000Z" }),
    );
    expect(values).toEqual({
      status: "",
      kind: "",
      verdict: "",
      guard: "quarantine",
      decision: "shadow",
      since: "2026-12-01T10:00:00.000Z",
    });
    expect(runFiltersToQuery(values)).toEqual({
      guard: "quarantine",
      decision: "shadow",
      since: "2026-12-01T10:00:00.000Z",
    });
    expect(hasRunFilters(values)).toBe(true);
  });

  it("drops an unknown guard, decision or malformed instant", () => {
    expect(readRunFilters(new URLSearchParams({ guard: "nope", decision: "shadow" }))).toEqual({
      status: "",
      kind: "",
      verdict: "",
    });
    expect(
      readRunFilters(new URLSearchParams({ guard: "audit_gate", decision: "x", since: "yesterday" })),
    ).toEqual({
      status: "",
      kind: "",
      verdict: "",
      guard: "audit_gate",
      decision: "",
      since: "",
    });
  });
});
