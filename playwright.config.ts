/**
 * End-to-end tests in a real Chromium against the real stack: `scripts/start.mjs` (the same command as
 * `npm start`) with its own data directory and ports, so a running development instance is untouched.
 * scripts/test.mjs empties that data directory first, so every run starts from a fresh database.
 */
import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./scripts/chromium";

const port = Number(process.env.KEEL_E2E_PORT ?? 3210);
const baseURL = `http://localhost:${port}`;

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
    // CHROMIUM_PATH, else a system Chromium, else the one in the npm package @sparticuz/chromium.
    launchOptions: chromiumLaunchOptions(),
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
