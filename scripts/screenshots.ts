/**
 * `npm run docs:screenshots`: captures the console's pages from a running Keel (KEEL_URL, default
 * http://localhost:3000) into docs/screenshots/, at desktop width and at 375 px. It signs in as
 * KEEL_SCREENSHOT_USER (default admin) with KEEL_SCREENSHOT_PASSWORD (default KEEL_ADMIN_PASSWORD).
 */
import fs from "node:fs";
import { chromium } from "@playwright/test";

const baseUrl = process.env.KEEL_URL ?? "http://localhost:3000";
const PAGES: { name: string; path: string; waitFor?: string }[] = [
  {
    name: "settings-runtime-de",
    path: "/de/settings/runtime",
    waitFor: '[data-testid="runtime-status"][data-version]',
  },
  {
    name: "settings-runtime-en",
    path: "/en/settings/runtime",
    waitFor: '[data-testid="runtime-status"][data-version]',
  },
  {
    name: "settings-runtime-it",
    path: "/it/settings/runtime",
    waitFor: '[data-testid="runtime-status"][data-version]',
  },
  { name: "overview-en", path: "/en" },
];

const browser = await chromium.launch({
  executablePath:
    process.env.CHROMIUM_PATH ?? (fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined),
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
fs.mkdirSync("docs/screenshots", { recursive: true });
const username = process.env.KEEL_SCREENSHOT_USER ?? "admin";
const password = process.env.KEEL_SCREENSHOT_PASSWORD ?? process.env.KEEL_ADMIN_PASSWORD;
if (!password) throw new Error("Set KEEL_SCREENSHOT_PASSWORD (or KEEL_ADMIN_PASSWORD) to sign in.");
const context = await browser.newContext();
const signIn = await context.request.post(`${baseUrl}/api/auth/sign-in`, {
  data: { username, password },
  headers: { origin: baseUrl },
});
if (!signIn.ok()) throw new Error(`Signing in as ${username} failed: ${signIn.status()}`);
const storageState = await context.storageState();
await context.close();
for (const [suffix, viewport] of [
  ["", { width: 1280, height: 900 }],
  ["-mobile", { width: 375, height: 812 }],
] as const) {
  const page = await browser.newPage({ viewport, storageState });
  for (const entry of PAGES) {
    await page.goto(`${baseUrl}${entry.path}`, { waitUntil: "networkidle" });
    if (entry.waitFor) await page.waitForSelector(entry.waitFor, { timeout: 15_000 });
    await page.screenshot({ path: `docs/screenshots/${entry.name}${suffix}.png`, fullPage: true });
  }
  await page.close();
}
await browser.close();
console.log("Wrote docs/screenshots/");
