/**
 * `npm run bench -- console [--events N] [--samples S]`: time from navigation to the first halt row being
 * visible on /en/halts in Chromium, with N events in the database (default 100,000; 2,000 with --quick),
 * against the same page with the list filtered to nothing (the page's fixed cost).
 *
 * Which Keel: with KEEL_URL set, that running Keel (sign-in as admin with KEEL_ADMIN_PASSWORD or
 * KEEL_SCREENSHOT_PASSWORD; missing events are inserted into the database at DATABASE_URL, or the embedded
 * one). Without KEEL_URL, the bench starts its own `npm start` (scripts/start.mjs, data directory
 * .data/bench-console, free loopback ports, as the chaos bench does), measures it and stops it.
 */
import { chromium } from "@playwright/test";
import { createPrismaClient } from "@/lib/db/client";
import { resolveDatabaseUrl } from "@/lib/db/database-url";
import { readEmbeddedDatabaseUrl } from "@/lib/db/embedded-postgres";
import { chromiumLaunchOptions } from "../scripts/chromium";
import {
  SUPERVISED_ADMIN_PASSWORD,
  type SupervisedKeel,
  startSupervisedKeel,
} from "../tests/fixtures/supervised-keel";
import { option } from "./support/options";
import { summarize } from "./support/stats";
import { insertSyntheticHalts } from "./support/synthetic-halts";

export async function run(args: string[]) {
  const events = option(args, "--events", 100_000, 10_000_000, 2_000);
  const samples = option(args, "--samples", 15, 200, 3);
  if (process.env.KEEL_URL) {
    const password = process.env.KEEL_SCREENSHOT_PASSWORD ?? process.env.KEEL_ADMIN_PASSWORD;
    if (!password) throw new Error("Set KEEL_ADMIN_PASSWORD (the admin's password) to sign in.");
    const url = await resolveDatabaseUrl();
    await ensureEvents(url, events);
    return measureConsole(process.env.KEEL_URL, password, events, samples);
  }
  const keel: SupervisedKeel = await startSupervisedKeel({ dataDir: ".data/bench-console" });
  try {
    await keel.waitHealthy(600_000);
    await keel.agentToken(); // an agent key, so the synthetic events have a session to belong to
    const url = await readEmbeddedDatabaseUrl(keel.dataDir);
    if (!url) throw new Error("the bench's Keel wrote no database credentials");
    await ensureEvents(url, events);
    return await measureConsole(keel.baseUrl, SUPERVISED_ADMIN_PASSWORD, events, samples);
  } finally {
    await keel.stop();
  }
}

/** Inserts synthetic halt events (one session of the first agent key) until `events` exist. */
async function ensureEvents(url: string, events: number): Promise<void> {
  const database = createPrismaClient(url);
  try {
    const existing = await database.haltEvent.count();
    if (existing < events) {
      const key = await database.apiKey.findFirst({ where: { kind: "agent" } });
      if (!key) throw new Error("Create an agent key first (npm run keel -- agent-key create ...).");
      const session = await database.agentSession.create({
        data: { sessionToken: `bench_${Date.now()}`, apiKeyId: key.id, agentName: key.name },
      });
      await insertSyntheticHalts(url, session.id, events - existing);
    }
  } finally {
    await database.$disconnect();
  }
}

async function measureConsole(baseUrl: string, password: string, events: number, samples: number) {
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const context = await browser.newContext();
    const signIn = await context.request.post(`${baseUrl}/api/auth/sign-in`, {
      data: { username: "admin", password },
      headers: { origin: baseUrl },
    });
    if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()}`);
    const page = await context.newPage();
    const measure = async (query: string, selector: string) => {
      const times: number[] = [];
      for (let sample = 0; sample < samples; sample++) {
        const started = performance.now();
        await page.goto(`${baseUrl}/en/halts${query}`, { waitUntil: "commit" });
        await page.locator(selector).first().waitFor({ timeout: 30_000 });
        times.push(performance.now() - started);
      }
      return summarize(times.slice(1)); // the first load warms the server's caches
    };
    const firstRow = await measure("", "[data-testid=halt-row]");
    const empty = await measure("?q=no-such-halt-anywhere", "text=No halt matches these filters.");
    return {
      benchmark: "console: /en/halts first page in Chromium, navigation to first row visible (ms)",
      events,
      firstRowVisible: firstRow,
      baselineEmptyResult: empty,
      medianRatioToEmpty: Math.round((firstRow.median / empty.median) * 10) / 10,
    };
  } finally {
    await browser.close();
  }
}
