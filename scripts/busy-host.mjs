#!/usr/bin/env node
// `npm run busy-host -- <command...>`: runs a command while two CPU-bound processes keep the host busy
// (each spins in a tight loop until the command ends), then reports the command's elapsed time and exit
// code. Proves that the tests do not depend on the host's speed: e.g.
// `npm run busy-host -- npm test -- --only integration`. Plain Node, no dependencies. BUSY_HOST_WORKERS
// sets the number of spinning processes (default 2).
import { spawn } from "node:child_process";

const command = process.argv.slice(2);
if (command.length === 0) {
  process.stderr.write("usage: npm run busy-host -- <command> [args...]\n");
  process.exit(2);
}
const workerCount = Number(process.env.BUSY_HOST_WORKERS ?? 2);
if (!Number.isInteger(workerCount) || workerCount < 0 || workerCount > 64) {
  process.stderr.write("BUSY_HOST_WORKERS must be a whole number from 0 to 64\n");
  process.exit(2);
}

// Each worker spins until its parent goes away (it checks every few milliseconds of work), so a killed
// busy-host leaves no spinner behind.
const SPIN = `const parent = process.ppid; let x = 0;
for (;;) { for (let i = 0; i < 5e6; i++) x = (x * 1103515245 + 12345) % 2147483648;
  try { process.kill(parent, 0); } catch { process.exit(0); } if (process.ppid !== parent) process.exit(0); }`;
const workers = Array.from({ length: workerCount }, () =>
  spawn(process.execPath, ["-e", SPIN], { stdio: "ignore" }),
);
const stopWorkers = () => {
  for (const worker of workers) worker.kill("SIGKILL");
};

const started = performance.now();
const child = spawn(command[0], command.slice(1), { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"])
  process.on(signal, () => {
    child.kill(signal);
  });
const [code, signal] = await new Promise((resolve) => {
  child.once("error", (error) => {
    process.stderr.write(`${command[0]}: ${error.message}\n`);
    resolve([127, null]);
  });
  child.once("exit", (exitCode, exitSignal) => resolve([exitCode, exitSignal]));
});
stopWorkers();
const seconds = ((performance.now() - started) / 1000).toFixed(1);
process.stdout.write(
  `[busy-host] ${command.join(" ")}: ${code === 0 ? "passed" : `failed (${signal ?? `exit code ${code}`})`} in ${seconds} s with ${workerCount} CPU-bound processes running\n`,
);
process.exit(code ?? 1);
