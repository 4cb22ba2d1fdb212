/**
 * `npm run bench -- console [--events N] [--samples S]` against a running Keel (KEEL_URL, default
 * http://localhost:3000; sign-in as admin with KEEL_ADMIN_PASSWORD or KEEL_SCREENSHOT_PASSWORD).
 *
 * Time from navigation to the first halt row being visible on /en/halts in Chromium, with N events in
 * the database (default 100,000; inserted into the database at DATABASE_URL, or the embedded one, when
 * fewer exist), against the same page with the list filtered to nothing (the page's fixed cost).
 */
import { chromium } from "@playwright/test";
import { createPrismaClient } from "@/lib/db/client";
import { resolveDatabaseUrl } from "@/lib/db/database-url";
import { chromiumLaunchOptions } from "../scripts/chromium";
import { option } from "./support/options";
import { summarize } from "./support/stats";
import { insertSyntheticHalts } from "./support/synthetic-halts";

export async function run(args: string[]) {
  const events = option(args, "--events", 100_000, 10_000_000, 2_000);
  const samples = option(args, "--samples", 15, 200, 2);
  const baseUrl = process.env.KEEL_URL ?? "http://localhost:3000";
  const password = process.env.KEEL_SCREENSHOT_PASSWORD ?? process.env.KEEL_ADMIN_PASSWORD;
  if (!password) throw new Error("Set KEEL_ADMIN_PASSWORD (the admin's password) to sign in.");

  const url = await resolveDatabaseUrl();
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
