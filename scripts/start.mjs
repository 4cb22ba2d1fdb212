#!/usr/bin/env node
// `npm start` / `npm run dev`: Keel's one-command start. Plain Node with no dependencies, because it
// runs before anything is installed.
//
//   1. installs dependencies when node_modules is missing or older than package-lock.json
//   2. generates the Prisma client when the schema changed
//   3. starts the embedded PostgreSQL (unless DATABASE_URL is set), migrates, seeds
//   4. builds the web app when its sources changed (not with --dev)
//   5. runs the web app (PORT, default 3000) and the agent runtime, and supervises them
//
// Ctrl-C / SIGTERM stops every child (web and agent first, the database last). If this process is
// killed outright, each child notices (scripts/child-watchdog.mjs) and stops itself; a later start
// also stops a previous instance still running from the same folder. Flags: --dev, --help.
//
// A child that exits on its own (a crash, kill -9) is restarted with backoff (0.5 s, 1 s, 2 s, 4 s,
// 8 s): the database first; web and agent wait until it is back, and meanwhile keep running (they
// reconnect by themselves). More than KEEL_RESTART_LIMIT (5) crashes of one child within
// KEEL_RESTART_WINDOW_S (120) seconds is a crash loop: Keel says so and stops with exit code 1.
//
// Scaling out (docs/deployment.md): `--role web` (npm run start:web) or `--role agent` (npm run
// start:agent) starts and supervises only that process against DATABASE_URL (required), after applying
// pending migrations under an advisory lock; several may run from one checkout, so they never install or
// build: `--prepare` (npm run deploy:prepare) does that once beforehand (and migrates when DATABASE_URL
// is set).
import "./require-node.cjs"; // first: refuses an unsupported Node.js before anything else runs
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import {
  abortSteps,
  ensureBuilt,
  ensureInstalled,
  ensurePrismaClient,
  formatDuration,
  log,
  refuseSteps,
  root,
  runStep,
  StepError,
} from "./setup-steps.mjs";

process.chdir(root);
// No network at run time: Next must not try to send telemetry.
process.env.NEXT_TELEMETRY_DISABLED ??= "1";

const HELP = `Usage: npm start [-- --dev]
       node scripts/start.mjs --role web|agent      (npm run start:web, npm run start:agent)
       node scripts/start.mjs --prepare             (npm run deploy:prepare)

Starts Keel: the embedded PostgreSQL (unless DATABASE_URL is set), the web app and the agent runtime.

  --dev           run the web app with \`next dev\` (hot reload) instead of a production build
  --role web      start only the web app (UI and API) against DATABASE_URL (required)
  --role agent    start only an agent runtime against DATABASE_URL (required)
  --prepare       install, generate and build this checkout, then exit (migrates too when DATABASE_URL
                  is set); run it once before starting roles, which never build
  --help          show this text

Several web and agent processes may run against one database (docs/deployment.md).

Environment: PORT (3000), KEEL_HOST (127.0.0.1), DATABASE_URL, KEEL_DATA_DIR (.data), KEEL_DB_PORT (25432).
See README.md for every variable.`;

const args = process.argv.slice(2);
let role = "all"; // "all" (npm start), "web", "agent" or "prepare"
for (let index = 0; index < args.length; index++) {
  const argument = args[index];
  if (argument === "--help" || argument === "-h") {
    console.log(HELP);
    process.exit(0);
  }
  if (argument === "--role" || argument.startsWith("--role=")) {
    const value = argument === "--role" ? args[++index] : argument.slice("--role=".length);
    if (value !== "web" && value !== "agent")
      fail(`--role must be "web" or "agent", got "${value ?? ""}".\n\n${HELP}`, 2);
    role = value;
  } else if (argument === "--prepare") role = "prepare";
  else if (argument !== "--dev") fail(`Unknown option "${argument}".\n\n${HELP}`, 2);
}
const devMode = args.includes("--dev");
if ((role === "web" || role === "agent") && !process.env.DATABASE_URL)
  fail(
    `--role ${role} runs against an existing PostgreSQL: set DATABASE_URL (postgresql://user:password@host:port/database). ` +
      "See docs/deployment.md. `npm start` alone starts its own embedded database.",
    2,
  );

const port = parsePort(process.env.PORT ?? "3000", "PORT");
const host = process.env.KEEL_HOST || "127.0.0.1";
const dataRoot = path.resolve(root, process.env.KEEL_DATA_DIR || ".data");
const lockFile = path.join(dataRoot, "keel.pid");
const watchdog = path.join(root, "scripts", "child-watchdog.mjs");
const children = new Map(); // name -> ChildProcess
let shuttingDown = false;
// Restart policy (docs/architecture.md, "Supervision: restarts"); `relaunch` is filled once every
// child has started: before that, a child exit stops Keel.
const restartLimit = parseCount(process.env.KEEL_RESTART_LIMIT ?? "5", "KEEL_RESTART_LIMIT");
const restartWindowMs =
  parseCount(process.env.KEEL_RESTART_WINDOW_S ?? "120", "KEEL_RESTART_WINDOW_S") * 1000;
const RESTART_BACKOFF_MS = [500, 1_000, 2_000, 4_000, 8_000];
const relaunch = new Map(); // name -> () => void, how to start the child again
const crashTimes = new Map(); // name -> timestamps of its recent crashes
let databaseReady = true; // false while the embedded database is down or starting again

function fail(message, code = 1) {
  process.stderr.write(`[keel] ${message}\n`);
  process.exit(code);
}

function parsePort(value, name) {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > 65535)
    fail(`${name} must be a port number from 1 to 65535, got "${value}".`, 2);
  return number;
}

function parseCount(value, name) {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > 10_000)
    fail(`${name} must be a whole number from 1 to 10000, got "${value}".`, 2);
  return number;
}

function processIsAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

function commandLineOf(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return "";
  }
}

async function sleep(ms) {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/** Stops an earlier `npm start` of this folder that is still running (e.g. its terminal was killed). */
async function takeOverLock() {
  // Traversable (not listable) by others: the embedded PostgreSQL runs as `postgres` when Keel runs as root.
  fs.mkdirSync(dataRoot, { recursive: true, mode: 0o711 });
  let previous = null;
  try {
    previous = JSON.parse(fs.readFileSync(lockFile, "utf8"));
  } catch {
    previous = null;
  }
  if (
    previous &&
    Number.isInteger(previous.pid) &&
    previous.pid !== process.pid &&
    processIsAlive(previous.pid)
  ) {
    if (commandLineOf(previous.pid).includes("scripts/start.mjs")) {
      log(`A previous Keel (pid ${previous.pid}) is still running from this folder; stopping it first ...`);
      process.kill(previous.pid, "SIGTERM");
      for (let waited = 0; waited < 60_000 && processIsAlive(previous.pid); waited += 200) await sleep(200);
      if (processIsAlive(previous.pid)) {
        log(`It did not stop within 60 s; killing it.`);
        process.kill(previous.pid, "SIGKILL");
        await sleep(500);
      }
    }
  }
  fs.writeFileSync(
    lockFile,
    `${JSON.stringify({ pid: process.pid, port, startedAt: new Date().toISOString() })}\n`,
  );
}

function releaseLock() {
  try {
    const current = JSON.parse(fs.readFileSync(lockFile, "utf8"));
    if (current.pid === process.pid) fs.rmSync(lockFile, { force: true });
  } catch {
    // nothing to release
  }
}

/** Spawns a supervised child in its own process group, prefixing its output lines with its name. */
function startChild(name, commandArgs, env = {}, { captureStdout = false } = {}) {
  const child = spawn(process.execPath, ["--import", watchdog, ...commandArgs], {
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
    env: { ...process.env, ...env, KEEL_SUPERVISED: "1" },
  });
  children.set(name, child);
  const prefix = (stream, target) =>
    readline.createInterface({ input: stream }).on("line", (line) => target.write(`[${name}] ${line}\n`));
  if (!captureStdout) prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  child.on("exit", (code, signal) => {
    if (children.get(name) === child) children.delete(name);
    if (name === "db") databaseReady = false;
    if (shuttingDown) return;
    // Whatever the crashed child left in its process group (a Next worker, an MCP server) goes too;
    // the database's leftover postgres is stopped cleanly by the next launcher instead.
    if (name !== "db") {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // the group is gone already
      }
    }
    if (relaunch.has(name)) void restartAfterCrash(name, code, signal);
    else {
      process.stderr.write(
        `[keel] ${name} exited unexpectedly (code ${code}, signal ${signal}); stopping Keel.\n`,
      );
      void shutdown(1);
    }
  });
  return child;
}

/** Restarts a crashed child after its backoff, or gives up (exit code 1) when it is crash-looping. */
async function restartAfterCrash(name, code, signal) {
  const now = Date.now();
  const recent = (crashTimes.get(name) ?? []).filter((at) => now - at < restartWindowMs);
  recent.push(now);
  crashTimes.set(name, recent);
  const how = `code ${code}, signal ${signal}`;
  if (recent.length > restartLimit) {
    process.stderr.write(
      `[keel] ${name} crashed ${recent.length} times within ${restartWindowMs / 1000} s (last: ${how}); ` +
        `giving up and stopping Keel. See the [${name}] lines above for the cause.\n`,
    );
    await shutdown(1);
    return;
  }
  const delay = RESTART_BACKOFF_MS[Math.min(recent.length, RESTART_BACKOFF_MS.length) - 1];
  process.stderr.write(
    `[keel] ${name} exited unexpectedly (${how}); restarting it in ${delay / 1000} s ` +
      `(crash ${recent.length} of at most ${restartLimit} within ${restartWindowMs / 1000} s).\n`,
  );
  await sleep(delay);
  // Web and agent need the database: they start again once it is back.
  while (name !== "db" && !databaseReady && !shuttingDown) await sleep(200);
  if (shuttingDown) return;
  relaunch.get(name)();
}

async function stopChild(name, timeoutMs) {
  const child = children.get(name);
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => {
    process.stderr.write(`[keel] ${name} did not stop within ${timeoutMs / 1000} s; killing it.\n`);
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      child.kill("SIGKILL");
    }
  }, timeoutMs);
  await exited;
  clearTimeout(timer);
}

async function shutdown(exitCode) {
  if (shuttingDown) return;
  shuttingDown = true;
  log("Stopping ...");
  abortSteps();
  await Promise.all([stopChild("web", 15_000), stopChild("agent", 15_000)]);
  await stopChild("db", 40_000);
  releaseLock();
  log("Stopped.");
  process.exit(exitCode);
}

async function startEmbeddedDatabase() {
  // The ready line carries the URL with its password: read it, never print it.
  databaseReady = false;
  const child = startChild("db", ["--import", "tsx", "scripts/db-server.ts"], {}, { captureStdout: true });
  return new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout });
    const timer = setTimeout(
      () => reject(new Error("the embedded PostgreSQL did not start within 180 s")),
      180_000,
    );
    lines.on("line", (line) => {
      if (line.startsWith("KEEL_DB_READY ")) {
        clearTimeout(timer);
        databaseReady = true;
        resolve(line.slice("KEEL_DB_READY ".length).trim());
      } else process.stdout.write(`[db] ${line}\n`);
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the embedded PostgreSQL launcher exited with code ${code}; see its message above`));
    });
  });
}

/** Waits (up to 20 s, for a previous instance still shutting down) until nothing listens on the web port. */
async function waitForFreePort() {
  const net = await import("node:net");
  const isFree = () =>
    new Promise((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, host, () => probe.close(() => resolve(true)));
    });
  for (let waited = 0; waited < 20_000; waited += 500) {
    if (await isFree()) return true;
    await sleep(500);
  }
  return false;
}

/** False (after saying so and stopping) when the web port stays in use by another program. */
async function webPortIsFree() {
  if (await waitForFreePort()) return true;
  process.stderr.write(
    `[keel] Port ${port} on ${host} is in use by another program. Set PORT to a free port, or stop that program.\n`,
  );
  await shutdown(1);
  return false;
}

async function waitForHealth(timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !shuttingDown) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`, {
        signal: AbortSignal.timeout(3_000),
      });
      if (response.status === 200) return true;
    } catch {
      // not up yet
    }
    await sleep(500);
  }
  return false;
}

async function main() {
  const startedAt = Date.now();
  process.on("SIGINT", () => void shutdown(0));
  process.on("SIGTERM", () => void shutdown(0));
  process.on("SIGHUP", () => void shutdown(0));
  // `npm start` killed outright: npm's child (us) is re-parented; stop cleanly instead of lingering.
  const originalParent = process.ppid;
  setInterval(() => {
    if (process.ppid !== originalParent) void shutdown(0);
  }, 1_000).unref();

  if (role === "web" || role === "agent") {
    await startRole();
    return;
  }
  // --prepare leaves a running `npm start` of this folder alone (no pid lock).
  if (role !== "prepare") await takeOverLock();
  await ensureInstalled();
  await ensurePrismaClient();
  if (role === "prepare") {
    await ensureBuilt();
    if (process.env.DATABASE_URL) await migrateAndSeed({ DATABASE_URL: process.env.DATABASE_URL });
    log("Prepared: start the roles now (docs/deployment.md).");
    process.exit(0);
  }

  let databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) log("Using the PostgreSQL at DATABASE_URL.");
  else {
    log(`Starting the embedded PostgreSQL (data in ${path.relative(root, dataRoot) || "."}/pg) ...`);
    try {
      databaseUrl = await startEmbeddedDatabase();
    } catch (error) {
      process.stderr.write(`[keel] ${error.message}\n`);
      await shutdown(1);
      return;
    }
  }
  const env = { DATABASE_URL: databaseUrl };
  await migrateAndSeed(env);
  if (!devMode) await ensureBuilt();

  if (!(await webPortIsFree())) return;
  startWeb(env);
  startAgent(env);
  // From here on a crashed child is restarted (restartAfterCrash) instead of stopping Keel.
  relaunch.set("web", () => relaunchWeb(env));
  relaunch.set("agent", () => startAgent(env));
  if (!process.env.DATABASE_URL)
    relaunch.set("db", () =>
      startEmbeddedDatabase().then(
        () => log("The embedded PostgreSQL is back."),
        () => {}, // its exit is a crash of its own: restartAfterCrash retries or gives up
      ),
    );

  if (await waitForHealth(devMode ? 240_000 : 120_000)) {
    const shownHost = host === "127.0.0.1" || host === "0.0.0.0" || host === "::" ? "localhost" : host;
    log(
      `Keel is running at http://${shownHost}:${port}  (settings: http://${shownHost}:${port}/en/settings/runtime; ready after ${formatDuration(Date.now() - startedAt)}). Ctrl-C stops it.`,
    );
  } else if (!shuttingDown) {
    process.stderr.write(
      `[keel] The web app did not answer /api/health within the time limit; see the [web] lines above.\n`,
    );
  }
}

/** Migrations and the seed, in one step under the migration advisory lock (scripts/migrate.ts). */
async function migrateAndSeed(env) {
  await runStep(
    "Applying database migrations and seeding defaults ...",
    process.execPath,
    [
      "--experimental-wasm-modules",
      "--no-warnings",
      "--import",
      "tsx",
      "scripts/migrate.ts",
      "apply",
      "--seed",
    ],
    env,
  );
}

function startWeb(env) {
  const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
  const clientAddressHook = path.join(root, "scripts", "client-address-hook.mjs");
  return startChild(
    "web",
    ["--import", clientAddressHook, nextBin, devMode ? "dev" : "start", "-p", String(port), "-H", host],
    { ...env, PORT: String(port) },
  );
}

async function relaunchWeb(env) {
  if (await waitForFreePort()) startWeb(env);
  else void restartAfterCrash("web", null, `port ${port} still in use`);
}

function startAgent(env) {
  return startChild("agent", ["--import", "tsx", "agent/main.ts"], env);
}

/**
 * `--role web|agent`: one process against DATABASE_URL, supervised with the same restart policy. No pid
 * lock and no install or build (other processes share this checkout): a stale checkout is refused.
 */
async function startRole() {
  refuseSteps("This checkout is not prepared: run `npm run deploy:prepare` once, then start the roles.");
  await ensureInstalled();
  await ensurePrismaClient();
  if (role === "web" && !devMode) await ensureBuilt();
  const env = { DATABASE_URL: process.env.DATABASE_URL };
  log(`Starting the ${role} role against the PostgreSQL at DATABASE_URL.`);
  await migrateAndSeed(env);
  if (role === "agent") {
    startAgent(env);
    relaunch.set("agent", () => startAgent(env));
    log("The agent runtime is running. Ctrl-C stops it.");
    return;
  }
  if (!(await webPortIsFree())) return;
  startWeb(env);
  relaunch.set("web", () => relaunchWeb(env));
  if (await waitForHealth(120_000)) log(`The web app is ready at http://${host}:${port}. Ctrl-C stops it.`);
  else if (!shuttingDown)
    process.stderr.write(
      `[keel] The web app did not answer /api/health within the time limit; see the [web] lines above.\n`,
    );
}

main().catch(async (error) => {
  process.stderr.write(`[keel] ${error instanceof StepError ? error.message : (error?.stack ?? error)}\n`);
  await shutdown(1);
});
