#!/usr/bin/env node
// `npm test`: the whole suite, in the order that fails fastest.
//   1. install / generate when needed (same steps as `npm start`)
//   2. lint (Biome) and type-check (tsc --noEmit)
//   3. unit tests (vitest, pure modules)
//   4. integration tests against a real PostgreSQL (embedded, or DATABASE_URL), incl. the migration check
//   5. end-to-end tests in a real Chromium against the real stack (Playwright; builds the web app first)
//   6. every benchmark once in quick mode (scripts/bench.mjs --quick-all), so a broken bench fails here
// Options: --only <lint|unit|integration|e2e|bench> (repeatable). Plain Node, no dependencies.
// The end-to-end browser: CHROMIUM_PATH, else a system Chromium, else the npm-packaged one (scripts/chromium.ts).
import "./require-node.cjs";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ensureBuilt, ensureDependenciesOrExit, log, root, StepError } from "./setup-steps.mjs";

process.chdir(root);
process.env.NEXT_TELEMETRY_DISABLED ??= "1";

const STAGES = ["lint", "unit", "integration", "e2e", "bench"];
const only = [];
const argv = process.argv.slice(2);
for (let index = 0; index < argv.length; index++) {
  if (argv[index] === "--only" && STAGES.includes(argv[index + 1])) only.push(argv[++index]);
  else {
    process.stderr.write(
      `Unknown argument "${argv[index]}". Usage: npm test [-- --only ${STAGES.join("|")}]\n`,
    );
    process.exit(2);
  }
}
const selected = only.length > 0 ? only : STAGES;
const bin = (name) => path.join(root, "node_modules", ".bin", name);

function run(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
    child.once("error", (error) => {
      process.stderr.write(`${command}: ${error.message}\n`);
      resolve(1);
    });
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const stages = {
  lint: async () =>
    (await run(bin("biome"), ["check", "."])) || (await run(bin("tsc"), ["--noEmit", "-p", "."])),
  unit: () => run(bin("vitest"), ["run", "--project", "unit"]),
  integration: () => run(bin("vitest"), ["run", "--project", "integration"]),
  e2e: async () => {
    if (process.env.CHROMIUM_PATH && !fs.existsSync(process.env.CHROMIUM_PATH)) {
      process.stderr.write(
        `[keel] CHROMIUM_PATH is set to ${process.env.CHROMIUM_PATH}, which does not exist.\n`,
      );
      return 1;
    }
    // Built here rather than inside the web server's start, whose time limit a busy host can exceed.
    try {
      await ensureBuilt();
    } catch (error) {
      process.stderr.write(`[keel] ${error instanceof StepError ? error.message : error}\n`);
      return 1;
    }
    // A fresh database for every end-to-end run.
    fs.rmSync(path.join(root, ".data", "e2e"), { recursive: true, force: true });
    return run(bin("playwright"), ["test"]);
  },
  bench: () => run(process.execPath, [path.join(root, "scripts", "bench.mjs"), "--quick-all"]),
};

await ensureDependenciesOrExit();

const results = [];
for (const stage of selected) {
  log(`Running ${stage} ...`);
  const started = Date.now();
  const code = await stages[stage]();
  results.push({ stage, code, seconds: Math.round((Date.now() - started) / 1000) });
  if (code !== 0) break;
}
log("Summary:");
for (const { stage, code, seconds } of results)
  log(`  ${stage.padEnd(12)} ${code === 0 ? "passed" : "FAILED"}  (${seconds} s)`);
const failed = results.some((result) => result.code !== 0) || results.length < selected.length;
process.exit(failed ? 1 : 0);
