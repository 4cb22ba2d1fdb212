import { expect, test, uniqueName } from "./fixtures";
import { waitForHydration } from "./pages/app-shell";
import { TestAgent } from "./pages/halts-page";
import { E2E_LOCALES, translatorFor } from "./pages/messages";
import { SettingsPage } from "./pages/settings-page";

/**
 * The overview's activity charts (halts by severity, guard interventions, time to acknowledge, over
 * 24 h / 7 days / 30 days, each with its numbers as a table), and the installable web app: the manifest
 * each locale links, its icons, and the settings switches at 375 px, in all three languages.
 */

// Toggles a switch of the global settings row (and restores it): same lock as settings.spec.ts.
test.describe.configure({ mode: "default", lock: "app-settings" });

for (const locale of E2E_LOCALES) {
  test(`the overview charts the activity with a table for each chart (${locale})`, async ({
    page,
    adminRequest,
    playwright,
    baseURL,
  }) => {
    const t = translatorFor(locale);
    const agent = await TestAgent.create(
      adminRequest,
      (options) => playwright.request.newContext(options),
      baseURL!,
      uniqueName("e2e-activity"),
    );
    const session = await agent.openSession();
    await agent.recordHalt(session.session_token, {
      severity: "critical",
      description: `${uniqueName("chart")} on fire`,
    });

    await page.goto(`/${locale}`);
    await waitForHydration(page);
    const charts = page.getByTestId("activity-charts");
    await expect(charts.getByTestId("chart-halts")).toBeVisible();
    await expect(charts.getByTestId("chart-interventions")).toBeVisible();
    await expect(charts.getByTestId("chart-acknowledge")).toBeVisible();
    await expect(
      charts
        .getByTestId("chart-halts")
        .locator("svg.recharts-surface")
        .filter({ has: page.locator(".recharts-cartesian-grid") }),
    ).toBeVisible();

    // 24 hours: at least the halt just recorded, and its bar in the table's last row.
    await charts.getByRole("button", { name: t("ActivityCharts.range", { range: "24h" }) }).click();
    await expect(charts).toHaveAttribute("data-range", "24h");
    await expect(
      charts.getByRole("button", { name: t("ActivityCharts.range", { range: "24h" }) }),
    ).toHaveAttribute("aria-pressed", "true");
    const halts = charts.getByTestId("chart-halts");
    await expect(halts.getByTestId("chart-summary")).not.toHaveText(
      t("ActivityCharts.haltsSummary", { count: 0, range: "24h" }),
    );
    await halts.getByText(t("ActivityCharts.showTable")).click();
    const table = halts.getByRole("table");
    await expect(
      table.getByRole("columnheader", { name: t("HaltLabels.severity", { severity: "critical" }) }),
    ).toBeVisible();
    await expect(table.getByRole("row")).toHaveCount(25);
    await expect(table.getByRole("row").last().getByRole("cell").first()).not.toHaveText("0");

    await charts.getByRole("button", { name: t("ActivityCharts.range", { range: "30d" }) }).click();
    await expect(charts).toHaveAttribute("data-range", "30d");
    await expect(table.getByRole("row")).toHaveCount(31);
  });
}

test.describe("installable at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  for (const locale of E2E_LOCALES) {
    test(`the manifest, its icons and the settings switches work (${locale})`, async ({ page, request }) => {
      const settings = await new SettingsPage(page, locale).goto();
      const href = await page.locator('link[rel="manifest"]').getAttribute("href");
      expect(href).toBe(`/${locale}/manifest.webmanifest`);
      const response = await request.get(href!);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toContain("application/manifest+json");
      const manifest = (await response.json()) as {
        name: string;
        lang: string;
        start_url: string;
        display: string;
        icons: { src: string; sizes: string; purpose?: string }[];
        shortcuts: { name: string; url: string }[];
      };
      expect(manifest).toMatchObject({
        name: "Keel",
        lang: locale,
        start_url: `/${locale}`,
        display: "standalone",
      });
      expect(manifest.icons.map((icon) => icon.sizes)).toEqual(
        expect.arrayContaining(["192x192", "512x512"]),
      );
      expect(manifest.icons.some((icon) => icon.purpose === "maskable")).toBe(true);
      expect(manifest.shortcuts.map((shortcut) => shortcut.name)).toContain(settings.t("MainNav.settings"));
      for (const icon of manifest.icons) {
        const image = await request.get(icon.src);
        expect(image.status(), icon.src).toBe(200);
        expect(image.headers()["content-type"], icon.src).toBe("image/png");
      }
      expect(await page.locator('link[rel="apple-touch-icon"]').count()).toBeGreaterThan(0);
      expect(await page.locator('meta[name="theme-color"]').getAttribute("content")).toBe("#0f172a");

      // One-handed at 375 px: a switch flips and flips back, and the page does not scroll sideways.
      const first = await settings.toggle("toolScaffoldingGuardEnabled");
      const second = await settings.toggle("toolScaffoldingGuardEnabled");
      expect(second.to).toBe(first.from);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    });
  }
});
