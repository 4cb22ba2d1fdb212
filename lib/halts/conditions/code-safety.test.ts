import { describe, expect, it } from "vitest";
import { breakingChanges, modifyingUnreadCode, noRollbackPlan, unknownDependencies } from "./code-safety";
import { createCheckInput } from "./create-check-input";
import { isPathInScope, normalizePath, parseScopeBoundary } from "./file-paths";
import { runCondition } from "./run-condition";

const changes = (
  overrides: Partial<{
    files_to_modify: string[];
    has_tests: boolean;
    has_rollback_plan: boolean;
    tests_passed: boolean;
    changes_public_interface: boolean;
  }> = {},
) => ({
  files_to_modify: [],
  has_tests: true,
  has_rollback_plan: true,
  ...overrides,
});

describe("modifyingUnreadCode", () => {
  it.each([
    [
      "a target not read",
      createCheckInput({ target_files: ["src/auth.js"], files_read: ["src/app.js"] }),
      ["src/auth.js"],
    ],
    ["no files read at all", createCheckInput({ target_files: ["a.ts", "b.ts"] }), ["a.ts", "b.ts"]],
    [
      "a proposed file not read",
      createCheckInput({ files_read: ["a.ts"] }, changes({ files_to_modify: ["a.ts", "b.ts"] })),
      ["b.ts"],
    ],
    [
      "a path escaping the read one",
      createCheckInput({ target_files: ["src/../lib/a.ts"], files_read: ["src/a.ts"] }),
      ["src/../lib/a.ts"],
    ],
  ])("halts on %s", (_label, input, unread) => {
    const reason = runCondition(modifyingUnreadCode(), "modifying_unread_code", input);
    expect(reason).toMatchObject({
      halt_type: "code_safety",
      condition_name: "modifying_unread_code",
      severity: "critical",
    });
    expect(reason?.annotations?.files_not_read).toEqual(unread);
  });

  it.each([
    [
      "every target read",
      createCheckInput({ target_files: ["src/a.ts"], files_read: ["src/a.ts", "src/b.ts"] }),
    ],
    [
      "equal after normalisation",
      createCheckInput({ target_files: ["./src//a.ts"], files_read: ["src/a.ts"] }),
    ],
    ["windows separators", createCheckInput({ target_files: ["src\\a.ts"], files_read: ["src/a.ts"] })],
    ["no targets", createCheckInput({ files_read: ["a.ts"] })],
  ])("does not halt with %s", (_label, input) => {
    expect(runCondition(modifyingUnreadCode(), "modifying_unread_code", input)).toBeNull();
  });

  it("does not halt when the threshold turns requires_read off", () => {
    const input = createCheckInput({ target_files: ["a.ts"] });
    expect(
      runCondition(modifyingUnreadCode(), "modifying_unread_code", input, { requires_read: false }),
    ).toBeNull();
  });

  it("uses the seed's wording for one file and the plural for several", () => {
    const one = runCondition(
      modifyingUnreadCode(),
      "modifying_unread_code",
      createCheckInput({ target_files: ["src/auth.js"] }),
    );
    const two = runCondition(
      modifyingUnreadCode(),
      "modifying_unread_code",
      createCheckInput({ target_files: ["a", "b"] }),
    );
    expect(one?.description).toBe("Attempting to modify src/auth.js which has not been read");
    expect(two?.description).toBe("Attempting to modify a, b which have not been read");
  });

  it("keeps long lists within the description limit", () => {
    const files = Array.from({ length: 1000 }, (_, index) => `src/${"x".repeat(300)}/${index}.ts`);
    const reason = runCondition(
      modifyingUnreadCode(),
      "modifying_unread_code",
      createCheckInput({ target_files: files }),
    );
    expect(reason?.description.length).toBeLessThan(4000);
    expect(reason?.description).toContain("and 990 more");
  });
});

describe("breakingChanges", () => {
  it.each([
    ["failing tests", changes({ tests_passed: false })],
    [
      "a public interface change without tests",
      changes({ changes_public_interface: true, has_tests: false }),
    ],
  ])("halts on %s", (_label, proposed) => {
    const reason = runCondition(breakingChanges(), "breaking_changes", createCheckInput({}, proposed));
    expect(reason).toMatchObject({ condition_name: "breaking_changes", severity: "high" });
  });

  it.each([
    ["no proposed changes", createCheckInput()],
    ["has_tests false alone (seed example 1)", createCheckInput({}, changes({ has_tests: false }))],
    ["passing tests", createCheckInput({}, changes({ tests_passed: true, changes_public_interface: true }))],
    [
      "a public interface change with tests",
      createCheckInput({}, changes({ changes_public_interface: true, has_tests: true })),
    ],
  ])("does not halt with %s", (_label, input) => {
    expect(runCondition(breakingChanges(), "breaking_changes", input)).toBeNull();
  });

  it("ignores failing tests when requires_tests_pass is false", () => {
    const input = createCheckInput({}, changes({ tests_passed: false }));
    expect(
      runCondition(breakingChanges(), "breaking_changes", input, { requires_tests_pass: false }),
    ).toBeNull();
  });
});

describe("noRollbackPlan", () => {
  it("halts when the proposed changes have no rollback plan", () => {
    const reason = runCondition(
      noRollbackPlan(),
      "no_rollback_plan",
      createCheckInput({}, changes({ has_rollback_plan: false })),
    );
    expect(reason).toEqual({
      halt_type: "code_safety",
      condition_name: "no_rollback_plan",
      severity: "high",
      description: "No rollback plan provided for changes",
      description_key: "noRollbackPlan",
      description_params: {},
    });
  });

  it.each([
    ["a rollback plan", createCheckInput({}, changes())],
    ["no proposed changes", createCheckInput()],
  ])("does not halt with %s", (_label, input) => {
    expect(runCondition(noRollbackPlan(), "no_rollback_plan", input)).toBeNull();
  });
});

describe("unknownDependencies", () => {
  it("halts when a target depends on unread files", () => {
    const input = createCheckInput({
      target_files: ["src/a.ts"],
      files_read: ["src/a.ts", "src/b.ts"],
      dependencies: [{ file: "./src/a.ts", depends_on: ["src/b.ts", "src/c.ts"] }],
    });
    const reason = runCondition(unknownDependencies(), "unknown_dependencies", input);
    expect(reason).toMatchObject({ condition_name: "unknown_dependencies", severity: "medium" });
    expect(reason?.annotations?.files_not_read).toEqual(["src/c.ts"]);
  });

  it.each([
    [
      "all dependencies read",
      createCheckInput({
        target_files: ["a.ts"],
        files_read: ["a.ts", "b.ts"],
        dependencies: [{ file: "a.ts", depends_on: ["b.ts"] }],
      }),
    ],
    [
      "a dependency that is itself a target",
      createCheckInput({
        target_files: ["a.ts", "b.ts"],
        dependencies: [{ file: "a.ts", depends_on: ["b.ts"] }],
      }),
    ],
    [
      "dependencies of non-target files",
      createCheckInput({ target_files: ["a.ts"], dependencies: [{ file: "z.ts", depends_on: ["y.ts"] }] }),
    ],
    ["no dependency data", createCheckInput({ target_files: ["a.ts"] })],
  ])("does not halt with %s", (_label, input) => {
    expect(runCondition(unknownDependencies(), "unknown_dependencies", input)).toBeNull();
  });
});

describe("file paths", () => {
  it.each([
    ["./src//a.ts", "src/a.ts"],
    ["src/x/../a.ts", "src/a.ts"],
    ["../a.ts", "../a.ts"],
    ["/repo/./src/", "/repo/src"],
    ["/../etc", "/etc"],
    ["src\\win\\a.ts", "src/win/a.ts"],
  ])("normalizePath(%s) = %s", (path, expected) => {
    expect(normalizePath(path)).toBe(expected);
  });

  it.each([
    ["src/auth/login.ts", "src/auth", true],
    ["src/auth", "src/auth/", true],
    ["src/authz.ts", "src/auth", false],
    ["src/auth/deep/x.ts", "src/auth/**", true],
    ["src/auth/x.ts", "src/*/x.ts", true],
    ["src/a/b/x.ts", "src/*/x.ts", false],
    ["src/a/b/x.ts", "src/**/x.ts", true],
    ["docs/readme.md", "*.md", false],
    ["readme.md", "*.md", true],
    ["src/../etc/passwd", "src", false],
    ["a.ts", ".", true],
    ["../a.ts", ".", false],
  ])("isPathInScope(%s, %s) is %s", (path, entry, expected) => {
    expect(isPathInScope(path, entry)).toBe(expected);
  });

  it("extracts path entries and exclusions from a free-text boundary", () => {
    expect(
      parseScopeBoundary("Only touch src/auth/ and tests/auth/**, never !src/auth/secrets.ts. Be careful."),
    ).toEqual({
      allowed: ["src/auth/", "tests/auth/**"],
      excluded: ["src/auth/secrets.ts"],
    });
    expect(parseScopeBoundary("only the login bug")).toEqual({ allowed: [], excluded: [] });
  });
});
