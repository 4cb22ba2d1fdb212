import { describe, expect, it } from "vitest";
import { safeNextPath } from "./safe-next-path";

const FALLBACK = "/de";

describe("safeNextPath", () => {
  it.each([
    ["/de/settings/runtime", "/de/settings/runtime"],
    ["/en/admin/users?tab=1", "/en/admin/users?tab=1"],
    ["/it", "/it"],
    ["/de/runs#latest", "/de/runs#latest"],
    ["/de/../en/halts", "/en/halts"],
  ])("keeps the same-site path %s", (next, expected) => {
    expect(safeNextPath(next, FALLBACK)).toBe(expected);
  });

  it.each([
    [null],
    [undefined],
    [""],
    ["//evil.example/path"],
    ["/\\evil.example"],
    ["https://evil.example/de"],
    ["http:/evil.example"],
    ["javascript:alert(1)"],
    ["de/settings"],
    ["/de/\u0000x"],
    ["/\tevil.example"],
    ["/de/sign-in"],
    ["/en/sign-in/"],
    [`/${"a".repeat(2_001)}`],
  ])("falls back for %j", (next) => {
    expect(safeNextPath(next, FALLBACK)).toBe(FALLBACK);
  });
});
