/**
 * `npm run docs:screenshots`: captures the console's pages from a running Keel (KEEL_URL, default
 * http://localhost:3000) into docs/screenshots/, at desktop width and at 375 px. It signs in as
 * KEEL_SCREENSHOT_USER (default admin) with KEEL_SCREENSHOT_PASSWORD (default KEEL_ADMIN_PASSWORD).
 */
import fs from "node:fs";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "./chromium";

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
];

const browser = await chromium.launch(chromiumLaunchOptions());
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

// Sample data for the halt pages: an agent key opens a session and records three halts.
const keyResponse = await context.request.post(`${baseUrl}/api/agent-keys`, {
  data: { name: `screenshots-${Date.now()}`, scopes: ["halts:read", "halts:write"] },
  headers: { origin: baseUrl },
});
if (!keyResponse.ok()) throw new Error(`Creating an agent key failed: ${keyResponse.status()}`);
const agentHeaders = { authorization: `Bearer ${((await keyResponse.json()) as { token: string }).token}` };
const session = (await (
  await context.request.post(`${baseUrl}/api/sessions`, { headers: agentHeaders })
).json()) as {
  session_id: string;
  session_token: string;
};
const haltIds: string[] = [];
for (const halt of [
  {
    halt_type: "security",
    severity: "critical",
    description: "An API key appeared in the output of `env`: sk-live-abcdefghijklmnop",
  },
  {
    halt_type: "scope",
    severity: "high",
    description: "The operation touches infra/ which is outside the agreed scope",
  },
  {
    halt_type: "uncertainty",
    severity: "medium",
    description: "Uncertainty 7/10 about which database the migration targets",
  },
]) {
  const recorded = await context.request.post(`${baseUrl}/api/halts`, {
    headers: agentHeaders,
    data: {
      session_token: session.session_token,
      ...halt,
      context: { commands: ["env"], file_paths: ["infra/main.tf"] },
    },
  });
  haltIds.push(((await recorded.json()) as { halt_id: string }).halt_id);
}
// A halt Keel wrote itself (the check records critical halts): its description is a message key, so the
// Italian detail page shows it in Italian.
const checked = await context.request.post(`${baseUrl}/api/halts/check`, {
  headers: agentHeaders,
  data: {
    session_token: session.session_token,
    current_context: {
      operation: "Free disk space on the build host",
      commands: ["sudo rm -rf /var/lib/docker"],
    },
  },
});
const keelHalt = ((await checked.json()) as { halt_reasons: { halt_id?: string }[] }).halt_reasons.find(
  (reason) => reason.halt_id !== undefined,
)?.halt_id;
if (!keelHalt) throw new Error(`The halt check recorded no halt: ${checked.status()}`);
// Sample runs for the runs pages: a demo run of the quarantine scenario (needs the scripted demo model,
// i.e. Keel started without KEEL_MODEL), waited for until it finishes.
const runResponse = await context.request.post(`${baseUrl}/api/runs`, {
  data: { task: "Summarise the release notes page. [[scenario:demo-quarantine]]", kind: "job", locale: "en" },
  headers: { origin: baseUrl },
});
if (!runResponse.ok()) throw new Error(`Queuing a run failed: ${runResponse.status()}`);
const runId = ((await runResponse.json()) as { id: string }).id;
for (let attempt = 0; attempt < 60; attempt++) {
  const run = (await (await context.request.get(`${baseUrl}/api/runs/${runId}`)).json()) as {
    status: string;
  };
  if (!["queued", "running"].includes(run.status)) break;
  await new Promise((resolve) => setTimeout(resolve, 500));
}
// Activity for the overview's charts: every demo scenario once (each guard fires), and two of the halts
// above acknowledged (the time-to-acknowledge chart).
await context.request.post(`${baseUrl}/api/runs/demo?locale=en`, { headers: { origin: baseUrl } });
for (const haltId of haltIds.slice(1)) {
  await context.request.post(`${baseUrl}/api/halts/${haltId}/acknowledge`, {
    data: { resolution: "resolved", resolution_notes: "Checked with the team." },
    headers: { origin: baseUrl },
  });
}
await new Promise((resolve) => setTimeout(resolve, 15_000));
await context.close();
const CHARTS_READY = "[data-testid=chart-halts] svg.recharts-surface";
PAGES.push(
  { name: "runs-en", path: "/en/runs" },
  { name: "run-detail-en", path: `/en/runs/${runId}`, waitFor: "[data-testid=run-final-text]" },
  { name: "overview-de", path: "/de", waitFor: CHARTS_READY },
  { name: "overview-en", path: "/en", waitFor: CHARTS_READY },
  { name: "overview-it", path: "/it", waitFor: CHARTS_READY },
  { name: "halts-de", path: "/de/halts" },
  { name: "halt-detail-it", path: `/it/halts/${keelHalt}`, waitFor: "[data-testid=halt-description]" },
  { name: "session-en", path: `/en/sessions/${session.session_id}` },
  { name: "admin-conditions-de", path: "/de/admin/conditions" },
);
for (const [suffix, viewport] of [
  ["", { width: 1280, height: 900 }],
  ["-mobile", { width: 375, height: 812 }],
] as const) {
  const page = await browser.newPage({ viewport, storageState });
  for (const entry of PAGES) {
    await page.goto(`${baseUrl}${entry.path}`, { waitUntil: "load" });
    if (entry.waitFor) await page.waitForSelector(entry.waitFor, { timeout: 15_000 });
    // Pages keep a live-events stream open (never "network idle"): give their data a moment to render.
    await page.waitForTimeout(1_500);
    await page.screenshot({ path: `docs/screenshots/${entry.name}${suffix}.png`, fullPage: true });
  }
  await page.close();
}
await browser.close();
console.log("Wrote docs/screenshots/");
