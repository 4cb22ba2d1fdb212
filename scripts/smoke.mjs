#!/usr/bin/env node
// `npm run smoke`: starts Keel exactly as a user does (`npm start`) on its own ports and in its own data
// folder (fresh every time), then checks that it answers /api/health, that the admin signs in, and that a
// settings write reaches the agent runtime (the runtime reports the new version applied); then stops it
// with SIGTERM and checks it exits cleanly. It also fails when `npm start` installed the dependencies
// again although npm had installed them already (a plain `npm ci` before must be enough).
// CI runs it on every supported Node.js line. Plain Node, no dependencies.
//
// Environment: KEEL_SMOKE_PORT (3211), KEEL_SMOKE_DB_PORT (25438), KEEL_SMOKE_DATA_DIR (.data/smoke).
import "./require-node.cjs";
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { log, npmCommand, root } from "./setup-steps.mjs";

const port = Number(process.env.KEEL_SMOKE_PORT ?? 3211);
const databasePort = process.env.KEEL_SMOKE_DB_PORT ?? "25438";
const dataDirectory = path.resolve(root, process.env.KEEL_SMOKE_DATA_DIR ?? ".data/smoke");
const baseUrl = `http://127.0.0.1:${port}`;
const password = `smoke-${randomBytes(12).toString("hex")}`;
const FLAG = "toolResultQuarantineEnabled";

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` (which returns a truthy value when done) every 500 ms until `timeoutMs` passes. */
async function until(description, timeoutMs, check) {
  const deadline = Date.now() + timeoutMs;
  let lastError = null;
  while (Date.now() < deadline) {
    if (keel.exitCode !== null || keel.signalCode !== null)
      throw new Error(`npm start exited (code ${keel.exitCode}) while waiting for ${description}`);
    try {
      const result = await check();
      if (result) return result;
    } catch (error) {
      lastError = error;
    }
    await wait(500);
  }
  throw new Error(
    `timed out after ${timeoutMs / 1000} s waiting for ${description}${lastError ? `: ${lastError.message}` : ""}`,
  );
}

async function api(method, route, { cookie, body, headers = {} } = {}) {
  const response = await fetch(`${baseUrl}${route}`, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body ? { "content-type": "application/json" } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  return { response, json: text ? JSON.parse(text) : null, text };
}

const installedBefore = fs.existsSync(path.join(root, "node_modules", ".package-lock.json"));
fs.rmSync(dataDirectory, { recursive: true, force: true });
log(
  `Smoke test: npm start on port ${port} (database ${databasePort}, data in ${path.relative(root, dataDirectory)}), ${process.version}`,
);
const keel = spawn(npmCommand(), ["start"], {
  cwd: root,
  detached: true, // its own process group, so a failed run can stop everything it started
  stdio: ["ignore", "pipe", "pipe"],
  env: {
    ...process.env,
    PORT: String(port),
    KEEL_DB_PORT: databasePort,
    KEEL_DATA_DIR: dataDirectory,
    KEEL_ADMIN_PASSWORD: password,
    DATABASE_URL: "",
  },
});
const output = [];
for (const stream of [keel.stdout, keel.stderr])
  readline.createInterface({ input: stream }).on("line", (line) => {
    output.push(line);
    process.stdout.write(`  | ${line}\n`);
  });
const exited = new Promise((resolve) => keel.once("exit", (code, signal) => resolve({ code, signal })));

async function check() {
  // Generous: the first start on a fresh clone also builds the web app, minutes on a busy host.
  await until("/api/health", 900_000, async () => (await api("GET", "/api/health")).response.status === 200);
  log("Smoke test: /api/health answers 200");

  const signIn = await api("POST", "/api/auth/sign-in", { body: { username: "admin", password } });
  if (signIn.response.status !== 200)
    throw new Error(`sign-in answered ${signIn.response.status}: ${signIn.text}`);
  const cookie = signIn.response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
  if (!cookie) throw new Error("sign-in set no session cookie");
  log("Smoke test: the admin signed in");

  const before = await api("GET", "/api/app-settings", { cookie });
  if (before.response.status !== 200)
    throw new Error(`GET /api/app-settings answered ${before.response.status}`);
  const written = await api("PUT", "/api/app-settings", {
    cookie,
    body: { [FLAG]: !before.json[FLAG] },
    headers: { "if-match": String(before.json.version), origin: baseUrl },
  });
  if (written.response.status !== 200)
    throw new Error(`PUT /api/app-settings answered ${written.response.status}: ${written.text}`);
  const version = written.json.version;
  if (!(version > before.json.version) || written.json[FLAG] === before.json[FLAG])
    throw new Error(`the settings write did not take: ${written.text}`);
  log(`Smoke test: ${FLAG} set to ${written.json[FLAG]} (settings version ${version})`);

  const status = await until(`the agent runtime to apply settings version ${version}`, 60_000, async () => {
    const { json } = await api("GET", "/api/runtime/status", { cookie });
    const applied = json?.instances?.find(
      (instance) => instance.alive && instance.appliedSettingsVersion >= version,
    );
    return json?.appliedBy >= 1 && applied ? json : null;
  });
  log(`Smoke test: the agent runtime applied version ${version} (${status.appliedBy} runtime(s))`);

  const reinstalled = output.find((line) => /Installing dependencies|reinstalling/.test(line));
  if (installedBefore && reinstalled)
    throw new Error(
      `npm start installed the dependencies again although npm had installed them: "${reinstalled}"`,
    );
}

let failure = null;
try {
  await check();
} catch (error) {
  failure = error;
}

// Stop it the way a user does (Ctrl-C / SIGTERM to npm start) and wait for a clean exit.
keel.kill("SIGTERM");
const stopped = await Promise.race([exited, wait(120_000).then(() => null)]);
if (stopped === null) {
  failure ??= new Error("npm start did not stop within 120 s of SIGTERM");
  try {
    process.kill(-keel.pid, "SIGKILL");
  } catch {
    // already gone
  }
} else if (!failure && stopped.code !== 0)
  failure = new Error(`npm start exited with code ${stopped.code} (signal ${stopped.signal}) after SIGTERM`);
if (!failure) {
  const stillServing = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(3_000) }).then(
    () => true,
    () => false,
  );
  if (stillServing) failure = new Error(`something still answers on port ${port} after npm start stopped`);
}

if (failure) {
  process.stderr.write(`[keel] Smoke test FAILED on ${process.version}: ${failure.message}\n`);
  process.exit(1);
}
log(
  `Smoke test passed on ${process.version}: health, sign-in, settings write applied by the runtime, clean stop.`,
);
