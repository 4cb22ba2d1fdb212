/**
 * The layering rule (biome.json, `noRestrictedImports` for the pure modules; docs/architecture.md#layering)
 * fails the lint stage on a violation: the impure fixture, copied under every pure module next to the
 * project's own biome.json, gets one error per forbidden import; the pure fixture, and the impure one
 * under a service folder, get none.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const BIOME = path.join(ROOT, "node_modules", ".bin", "biome");
const IMPURE = readFileSync(path.join(ROOT, "tests/fixtures/layering/impure.ts.txt"), "utf8");
const PURE = readFileSync(path.join(ROOT, "tests/fixtures/layering/pure.ts.txt"), "utf8");
const FORBIDDEN_IMPORTS = 5;

const PURE_MODULES = [
  "lib/schemas/x.ts",
  "lib/guards/x/x.ts",
  "lib/tools/x.ts",
  "lib/errors/x.ts",
  "lib/redact/x.ts",
  "lib/halts/conditions/x.ts",
  "lib/halts/three-strikes.ts",
];

const workspace = mkdtempSync(path.join(tmpdir(), "keel-layering-"));
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

/** Lints one file at `relativePath` in a scratch copy of the project's lint setup. */
function lint(relativePath: string, content: string): { exitCode: number; restricted: number } {
  const dir = mkdtempSync(path.join(workspace, "case-"));
  copyFileSync(path.join(ROOT, "biome.json"), path.join(dir, "biome.json"));
  mkdirSync(path.dirname(path.join(dir, relativePath)), { recursive: true });
  writeFileSync(path.join(dir, relativePath), content);
  let output: string;
  let exitCode = 0;
  try {
    output = execFileSync(BIOME, ["lint", "--vcs-enabled=false", "--max-diagnostics=100", relativePath], {
      cwd: dir,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
  } catch (error) {
    const failed = error as { status: number; stdout: string; stderr: string };
    exitCode = failed.status;
    output = `${failed.stdout}${failed.stderr}`;
  }
  return { exitCode, restricted: output.split("lint/style/noRestrictedImports").length - 1 };
}

describe("the layering rule", () => {
  it.each(PURE_MODULES)("fails on node:*, server-only and higher-layer imports in %s", (file) => {
    expect(lint(file, IMPURE)).toEqual({ exitCode: 1, restricted: FORBIDDEN_IMPORTS });
  });

  it.each(PURE_MODULES)("lets %s import zod, its own layer and the Node-free auth rule lists", (file) => {
    expect(lint(file, PURE)).toEqual({ exitCode: 0, restricted: 0 });
  });

  it("leaves services free to do I/O", () => {
    expect(lint("lib/runs/x.ts", IMPURE)).toEqual({ exitCode: 0, restricted: 0 });
  });
});
