/**
 * End-to-end tests in a real Chromium against the real stack: `scripts/start.mjs` (the same command as
 * `npm start`) with its own data directory and ports, so a running development instance is untouched.
 * scripts/test.mjs empties that data directory first, so every run starts from a fresh database.
 */
import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.KEEL_E2E_PORT ?? 3210);
const baseURL = `http://localhost:${port}`;

/** Debian's Chromium when present (these machines cannot download Playwright's own browser). */
function chromiumExecutable(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined;
}

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  outputDir: "test-results",
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumExecutable(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: "node scripts/start.mjs",
    url: `${baseURL}/api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 60_000 },
    env: {
      PORT: String(port),
      // The first admin of the fresh end-to-end database (specs sign in with it).
      KEEL_ADMIN_PASSWORD: "keel-e2e-admin-password",
      KEEL_DATA_DIR: process.env.KEEL_E2E_DATA_DIR ?? ".data/e2e",
      KEEL_DB_PORT: process.env.KEEL_E2E_DB_PORT ?? "25440",
      ...(process.env.KEEL_E2E_DATABASE_URL ? { DATABASE_URL: process.env.KEEL_E2E_DATABASE_URL } : {}),
    },
  },
});
