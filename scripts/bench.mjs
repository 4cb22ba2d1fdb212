#!/usr/bin/env node
// `npm run bench -- <name> [options]`: the set-up steps a bench needs (install, Prisma client; the same
// steps as `npm start` and `npm test`, scripts/setup-steps.mjs), then bench/index.ts.
// `npm run bench -- --quick-all`: every bench of `bench/index.ts --list` once with --quick, in turn; exits
// non-zero when one fails (the `bench` stage of `npm test`). Plain Node, no dependencies.
import { spawn } from "node:child_process";
import path from "node:path";
import { ensureDependenciesOrExit, log, root } from "./setup-steps.mjs";

process.chdir(root);
const tsx = path.join(root, "node_modules", ".bin", "tsx");

function run(args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(tsx, ["bench/index.ts", ...args], {
      stdio: options.capture ? ["ignore", "pipe", "inherit"] : "inherit",
      env: process.env,
    });
    let output = "";
    child.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    child.once("error", (error) => {
      process.stderr.write(`tsx: ${error.message}\n`);
      resolve({ code: 1, output });
    });
    child.once("exit", (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

await ensureDependenciesOrExit();

const args = process.argv.slice(2);
if (args[0] !== "--quick-all") process.exit((await run(args)).code);

const listed = await run(["--list"], { capture: true });
if (listed.code !== 0) process.exit(listed.code);
const names = listed.output.split("\n").filter(Boolean);
const failed = [];
const started = performance.now();
for (const name of names) {
  const benchStarted = performance.now();
  const { code, output } = await run([name, "--quick"], { capture: true });
  const seconds = ((performance.now() - benchStarted) / 1000).toFixed(1);
  if (code === 0) log(`bench ${name} (quick): ok in ${seconds} s`);
  else {
    process.stdout.write(output);
    log(`bench ${name} (quick): FAILED (exit code ${code}) after ${seconds} s`);
    failed.push(name);
  }
}
log(
  `quick benches: ${names.length - failed.length} of ${names.length} ran in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
process.exit(failed.length > 0 ? 1 : 0);
