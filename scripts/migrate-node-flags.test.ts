import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

// The migration runner (scripts/migrate.ts via lib/db/schema-engine.ts) imports Prisma's schema engine as a
// WebAssembly ES module. Node.js 22 before 22.19 and 24 before 24.5 import .wasm modules only with
// --experimental-wasm-modules; later ones import them without it and still accept the flag. So every
// command that runs the migration runner passes it (package.json, scripts/start.mjs, the integration
// setup), with --no-warnings against the "experimental feature" warning that every line prints.
// CI runs this file on Node.js 22 and 24 (.ci/run), so a line that drops or changes the flag shows here;
// on 26 the integration tests' setup runs the migration runner with these flags.

const IMPORT_ENGINE = 'await import("@prisma/schema-engine-wasm"); process.stdout.write("imported")';

function importEngine(flags: string[]) {
  return spawnSync(process.execPath, [...flags, "--input-type=module", "--eval", IMPORT_ENGINE], {
    encoding: "utf8",
    timeout: 60_000,
  });
}

function importsWasmWithoutFlag(version: string): boolean {
  const [major, minor] = version.replace(/^v/, "").split(".").map(Number) as [number, number];
  if (major === 22) return minor >= 19;
  if (major === 24) return minor >= 5;
  return major >= 25;
}

describe(`the migration runner's WebAssembly engine on ${process.version}`, () => {
  it("imports with the flags Keel passes, and prints nothing else", () => {
    const result = importEngine(["--experimental-wasm-modules", "--no-warnings"]);
    expect(result.stderr).toBe("");
    expect(result.stdout).toBe("imported");
    expect(result.status).toBe(0);
  });

  it(`imports without the flag ${importsWasmWithoutFlag(process.version) ? "as well" : "not at all"} on this line`, () => {
    const result = importEngine(["--no-warnings"]);
    if (importsWasmWithoutFlag(process.version)) expect(result.stdout).toBe("imported");
    else expect(result.stderr).toContain("ERR_UNKNOWN_FILE_EXTENSION");
  });
});
