import { describe, expect, it } from "vitest";
import { bearerToken, configuredMetricsToken, isMetricsToken } from "./metrics-access";

describe("metrics access helpers", () => {
  it("reads a configured token of at least 16 characters", () => {
    expect(configuredMetricsToken({ KEEL_METRICS_TOKEN: " scrape-token-0123456789 " })).toBe(
      "scrape-token-0123456789",
    );
    expect(configuredMetricsToken({ KEEL_METRICS_TOKEN: "short" })).toBeNull();
    expect(configuredMetricsToken({})).toBeNull();
  });

  it("reads the bearer token", () => {
    expect(bearerToken("Bearer abc")).toBe("abc");
    expect(bearerToken("bearer abc ")).toBe("abc");
    expect(bearerToken("Basic abc")).toBeNull();
    expect(bearerToken(null)).toBeNull();
  });

  it("compares tokens exactly, whatever their length", () => {
    expect(isMetricsToken("scrape-token-0123456789", "scrape-token-0123456789")).toBe(true);
    expect(isMetricsToken("scrape-token-012345678", "scrape-token-0123456789")).toBe(false);
    expect(isMetricsToken("", "scrape-token-0123456789")).toBe(false);
  });
});
