// Set-up steps shared by `npm start` (scripts/start.mjs) and `npm test` (scripts/test.mjs): install when
// node_modules is missing or stale, generate the Prisma client when the schema changed, build the web
// app when its sources changed. Each step is skipped when its stamp (a content hash) is current.
// Plain Node with no dependencies: this runs before anything is installed.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export function log(message) {
  process.stdout.write(`[keel] ${message}\n`);
}

/** A set-up command failed; its message is meant for the terminal. */
export class StepError extends Error {}

let currentStep = null;
let aborted = false;
let refusal = null;

/**
 * From now on a step that would have to run (install, generate, build) fails with `message` instead:
 * for `--role web|agent`, where several processes share one checkout and must not build it at once.
 */
export function refuseSteps(message) {
  refusal = message;
}

/** Stops the set-up command running now (used on Ctrl-C); later steps refuse to start. */
export function abortSteps() {
  aborted = true;
  currentStep?.kill("SIGTERM");
}

export function hashFiles(paths) {
  const hash = createHash("sha256");
  const visit = (target) => {
    let stat;
    try {
      stat = fs.statSync(target);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(target).sort()) {
        if (entry === "node_modules" || entry.startsWith(".")) continue;
        visit(path.join(target, entry));
      }
    } else if (!/\.test\.tsx?$/.test(target)) {
      hash.update(path.relative(root, target));
      hash.update(fs.readFileSync(target));
    }
  };
  for (const target of paths) visit(path.join(root, target));
  return hash.digest("hex");
}

/** Runs a set-up command to completion (asynchronously, so signals are handled meanwhile). */
export async function runStep(description, command, commandArgs, env = {}) {
  if (aborted) throw new StepError(`${description} was not started: stopping.`);
  log(description);
  const child = spawn(command, commandArgs, {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, ...env },
  });
  currentStep = child;
  const [code, error] = await new Promise((resolve) => {
    child.once("error", (spawnError) => resolve([null, spawnError]));
    child.once("exit", (exitCode) => resolve([exitCode, null]));
  });
  currentStep = null;
  if (aborted) throw new StepError(`${description} was stopped.`);
  if (error) throw new StepError(`${description} failed: ${error.message}`);
  if (code !== 0) throw new StepError(`${description} failed (exit code ${code}). See the messages above.`);
}

/** A set-up step that changes the checkout (install, generate, build); refused after refuseSteps(). */
async function setupStep(description, command, commandArgs) {
  if (refusal) throw new StepError(`Not done: ${description.replace(/ \.\.\.$/, "")}. ${refusal}`);
  await runStep(description, command, commandArgs);
}

export function npmCommand() {
  return process.platform === "win32" ? "npm.cmd" : "npm";
}

export async function ensureInstalled() {
  const stamp = path.join(root, "node_modules", ".keel-install-hash");
  // Only what changes the installed tree counts: editing a script in package.json needs no reinstall.
  const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
  const relevant = [
    "dependencies",
    "devDependencies",
    "optionalDependencies",
    "overrides",
    "allowScripts",
  ].map((key) => manifest[key]);
  const wanted = createHash("sha256")
    .update(JSON.stringify(relevant))
    .update(hashFiles(["package-lock.json"]))
    .digest("hex");
  const current = fs.existsSync(stamp) ? fs.readFileSync(stamp, "utf8").trim() : null;
  if (current === wanted && fs.existsSync(path.join(root, "node_modules", "next"))) return;
  const hasLock = fs.existsSync(path.join(root, "package-lock.json"));
  await setupStep(
    current === null
      ? "Installing dependencies (first start; takes a few minutes) ..."
      : "Dependencies changed; reinstalling ...",
    npmCommand(),
    hasLock ? ["ci", "--no-audit", "--no-fund"] : ["install", "--no-audit", "--no-fund"],
  );
  fs.writeFileSync(stamp, `${wanted}\n`);
}

export async function ensurePrismaClient() {
  const stamp = path.join(root, "lib", "generated", ".schema-hash");
  const wanted = hashFiles(["prisma/schema.prisma", "package-lock.json"]);
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, "utf8").trim() === wanted) return;
  await setupStep("Generating the Prisma client ...", npmCommand(), ["run", "--silent", "db:generate"]);
  fs.mkdirSync(path.dirname(stamp), { recursive: true });
  fs.writeFileSync(stamp, `${wanted}\n`);
}

export async function ensureBuilt() {
  const stamp = path.join(root, ".next", "keel-build-hash");
  const wanted = hashFiles([
    "app",
    "components",
    "i18n",
    "lib",
    "messages",
    "public",
    "proxy.ts",
    "next.config.ts",
    "postcss.config.mjs",
    "tsconfig.json",
    "package-lock.json",
  ]);
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, "utf8").trim() === wanted) return;
  await setupStep(
    "Building the web app (sources changed since the last build; ~1 minute) ...",
    process.execPath,
    [path.join(root, "node_modules", "next", "dist", "bin", "next"), "build"],
  );
  fs.writeFileSync(stamp, `${wanted}\n`);
}
