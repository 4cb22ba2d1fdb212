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

/** "45 s", "2 min 5 s": a duration for a progress line. */
export function formatDuration(ms) {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

/** How often a long step says it is still at work (npm ci, for one, prints nothing for minutes). */
const STILL_WORKING_EVERY_MS = 30_000;

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

export function hashFiles(paths, base = root) {
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
      hash.update(path.relative(base, target));
      hash.update(fs.readFileSync(target));
    }
  };
  for (const target of paths) visit(path.join(base, target));
  return hash.digest("hex");
}

/**
 * Runs a set-up command to completion (asynchronously, so signals are handled meanwhile). With `still`
 * (the step's name, e.g. "installing"), a line every 30 s says it is still at work and for how long;
 * every step ends with a line saying how long it took, so the next start's estimate can be checked.
 */
export async function runStep(description, command, commandArgs, env = {}, { cwd, still } = {}) {
  if (aborted) throw new StepError(`${description} was not started: stopping.`);
  log(description);
  const startedAt = Date.now();
  const child = spawn(command, commandArgs, {
    cwd,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, ...env },
  });
  currentStep = child;
  const heartbeat = still
    ? setInterval(
        () => log(`... still ${still} (${formatDuration(Date.now() - startedAt)} so far)`),
        STILL_WORKING_EVERY_MS,
      )
    : null;
  const [code, error] = await new Promise((resolve) => {
    child.once("error", (spawnError) => resolve([null, spawnError]));
    child.once("exit", (exitCode) => resolve([exitCode, null]));
  });
  if (heartbeat) clearInterval(heartbeat);
  currentStep = null;
  if (aborted) throw new StepError(`${description} was stopped.`);
  if (error) throw new StepError(`${description} failed: ${error.message}`);
  if (code !== 0) throw new StepError(`${description} failed (exit code ${code}). See the messages above.`);
  if (still) log(`Done ${still} in ${formatDuration(Date.now() - startedAt)}.`);
}

/** A set-up step that changes the checkout (install, generate, build); refused after refuseSteps(). */
async function setupStep(description, command, commandArgs, env = {}, options = {}) {
  if (refusal) throw new StepError(`Not done: ${description.replace(/ \.\.\.$/, "")}. ${refusal}`);
  await runStep(description, command, commandArgs, env, options);
}

export function npmCommand() {
  return process.platform === "win32" ? "npm.cmd" : "npm";
}

/** The install stamp's content: what in package.json and package-lock.json changes the installed tree. */
function installHash(projectRoot) {
  const manifest = JSON.parse(fs.readFileSync(path.join(projectRoot, "package.json"), "utf8"));
  // Only what changes the installed tree counts: editing a script in package.json needs no reinstall.
  const relevant = [
    "dependencies",
    "devDependencies",
    "optionalDependencies",
    "overrides",
    "allowScripts",
  ].map((key) => manifest[key]);
  return createHash("sha256")
    .update(JSON.stringify(relevant))
    .update(hashFiles(["package-lock.json"], projectRoot))
    .digest("hex");
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

const sameJson = (a, b) => JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});

/**
 * True when npm itself installed exactly package-lock.json into node_modules (a plain `npm ci` or
 * `npm install` run by hand), read from npm's record of what it installed, node_modules/.package-lock.json:
 * the lock agrees with package.json, every recorded package equals its lock entry and is on disk, and
 * every lock entry that is missing is optional (a package for another platform).
 */
export function npmInstalledLockfile(projectRoot = root) {
  const manifest = readJson(path.join(projectRoot, "package.json"));
  const lock = readJson(path.join(projectRoot, "package-lock.json"));
  const installed = readJson(path.join(projectRoot, "node_modules", ".package-lock.json"));
  if (!manifest || !lock?.packages || !installed?.packages) return false;
  const lockRoot = lock.packages[""] ?? {};
  for (const key of ["dependencies", "devDependencies", "optionalDependencies"])
    if (!sameJson(manifest[key], lockRoot[key])) return false;
  for (const [location, entry] of Object.entries(installed.packages)) {
    if (!sameJson(entry, lock.packages[location])) return false;
    if (!fs.existsSync(path.join(projectRoot, location))) return false;
  }
  return Object.entries(lock.packages).every(
    ([location, entry]) => location === "" || location in installed.packages || entry.optional === true,
  );
}

/**
 * What ensureInstalled has to do: nothing ("current"), record an install npm did by itself ("adopt":
 * `npm ci` leaves no stamp, and reinstalling everything after it would waste minutes), or install.
 */
export function installState(projectRoot = root) {
  const stamp = path.join(projectRoot, "node_modules", ".keel-install-hash");
  const current = fs.existsSync(stamp) ? fs.readFileSync(stamp, "utf8").trim() : null;
  if (!fs.existsSync(path.join(projectRoot, "node_modules", "next")))
    return current === null ? "install" : "reinstall";
  if (current === installHash(projectRoot)) return "current";
  if (current === null && npmInstalledLockfile(projectRoot)) return "adopt";
  return current === null ? "install" : "reinstall";
}

/** Installs when node_modules is missing or stale (see installState); returns what it did. */
export async function ensureInstalled(projectRoot = root) {
  const state = installState(projectRoot);
  if (state === "current") return state;
  if (state !== "adopt") {
    const hasLock = fs.existsSync(path.join(projectRoot, "package-lock.json"));
    // Estimates measured on a 2-core machine (README.md, "How long the first start takes"): about 1 minute with
    // npm's cache filled by an earlier install, 3-5 minutes with an empty cache or a busy machine.
    await setupStep(
      state === "install"
        ? "Installing dependencies with npm ci (first start: about 1 minute when npm's cache has them, up to 5 minutes when it downloads them or the machine is busy; npm prints little until it is done) ..."
        : "Dependencies changed; reinstalling with npm ci (1-5 minutes) ...",
      npmCommand(),
      hasLock ? ["ci", "--no-audit", "--no-fund"] : ["install", "--no-audit", "--no-fund"],
      {},
      { cwd: projectRoot, still: "installing dependencies" },
    );
  }
  fs.writeFileSync(
    path.join(projectRoot, "node_modules", ".keel-install-hash"),
    `${installHash(projectRoot)}\n`,
  );
  return state;
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
  const firstBuild = !fs.existsSync(stamp);
  // Without type checking: that is the test suite's job (`npm run lint` runs tsc --noEmit), and on a
  // busy 2-core machine it was minutes of a first start (next.config.ts reads KEEL_BUILD_SKIP_TYPECHECK).
  await setupStep(
    firstBuild
      ? "Building the web app (first start: 1-3 minutes on 2 cores, up to 6 when the machine is busy) ..."
      : "Building the web app again: its sources changed since the last build (1-3 minutes, up to 6 on a busy machine) ...",
    process.execPath,
    [path.join(root, "node_modules", "next", "dist", "bin", "next"), "build"],
    { KEEL_BUILD_SKIP_TYPECHECK: "1" },
    { still: "building the web app" },
  );
  fs.writeFileSync(stamp, `${wanted}\n`);
}

/** Install and Prisma client, as `npm test` and `npm run bench` need them; a failed step exits the process. */
export async function ensureDependenciesOrExit() {
  try {
    await ensureInstalled();
    await ensurePrismaClient();
  } catch (error) {
    process.stderr.write(`[keel] ${error instanceof StepError ? error.message : error}\n`);
    process.exit(1);
  }
}
