import { expect, test, uniqueName } from "./fixtures";
import { AppShell } from "./pages/app-shell";
import { HaltsPage, TestAgent } from "./pages/halts-page";
import { E2E_LOCALES, translatorFor } from "./pages/messages";
import { createRunThroughApi, RunsPage } from "./pages/runs-page";

/**
 * The small things an operator trips over, each in all three languages where it has words: an unknown
 * halt, the session filter by the 8 characters the list shows, a time range that ends before it starts,
 * the count of runs that arrived live, relative times that keep moving, the header's name and role, and
 * a link with an unsupported language in front.
 */

for (const locale of E2E_LOCALES) {
  test.describe(locale, () => {
    test("an unknown halt says so and points to the list, without asking for a reload", async ({
      page,
      pageProblems,
    }) => {
      pageProblems.allow(/status of 404/);
      const t = translatorFor(locale);
      await page.goto(`/${locale}/halts/00000000-0000-4000-8000-000000000000`);
      const alert = page.getByRole("main").getByRole("alert");
      await expect(alert).toContainText(t("HaltDetail.notFound"));
      await expect(alert).toContainText(t("HaltDetail.notFoundDetail"));
      await expect(alert).not.toContainText(t("ApiFailure.message", { kind: "notFound" }));
      await expect(page.getByRole("link", { name: t("HaltDetail.backToList") })).toBeVisible();
    });

    test("the halt list filters by a session's first 8 characters and refuses From after To", async ({
      page,
      adminRequest,
      playwright,
      baseURL,
    }) => {
      const agent = await TestAgent.create(
        adminRequest,
        (options) => playwright.request.newContext(options),
        baseURL!,
        uniqueName("e2e-prefix"),
      );
      const mine = await agent.openSession();
      const other = await agent.openSession();
      const tag = uniqueName("prefix");
      const wanted = await agent.recordHalt(mine.session_token, {
        severity: "low",
        description: `${tag} mine`,
      });
      const unwanted = await agent.recordHalt(other.session_token, {
        severity: "low",
        description: `${tag} other`,
      });

      const halts = await new HaltsPage(page, locale).goto();
      const sessionField = page.getByLabel(halts.t("HaltsList.sessionId"), { exact: true });
      await sessionField.fill(mine.session_id.slice(0, 8).toUpperCase());
      await halts.search.fill(tag);
      await halts.apply.click();
      await expect(page).toHaveURL(new RegExp(`session_id=${mine.session_id.slice(0, 8)}`));
      await expect(halts.row(wanted)).toBeVisible();
      await expect(halts.row(unwanted)).toHaveCount(0);
      await expect(halts.rows).toHaveCount(1);

      // A range that ends before it starts is refused at the form with a message; the URL keeps its filters.
      const url = page.url();
      await page.getByLabel(halts.t("HaltsList.from"), { exact: true }).fill("2026-03-02T10:00");
      await page.getByLabel(halts.t("HaltsList.to"), { exact: true }).fill("2026-03-01T10:00");
      await halts.apply.click();
      await expect(page.getByRole("main").getByRole("alert")).toHaveText(halts.t("HaltsList.rangeReversed"));
      await expect(page.getByLabel(halts.t("HaltsList.from"), { exact: true })).toHaveAttribute(
        "aria-invalid",
        "true",
      );
      expect(page.url()).toBe(url);
    });

    test("the header names the signed-in admin once, with the role unless it reads the same", async ({
      page,
    }) => {
      const shell = new AppShell(page, locale);
      await page.goto(`/${locale}/account`);
      const role = shell.t("RoleName.name", { role: "admin" });
      const expected = role.toLowerCase() === "administrator" ? "Administrator" : `Administrator ${role}`;
      await expect(shell.signedInUser).toHaveText(`${shell.t("UserMenu.signedInAs")} ${expected}`);
    });
  });
}

const BROWSER_LOCALE = { de: "de-DE", en: "en-US", it: "it-IT" } as const;

for (const locale of E2E_LOCALES) {
  test.describe(`${locale}: live things`, () => {
    test("relative times keep moving without a reload", async ({
      page,
      adminRequest,
      playwright,
      baseURL,
    }) => {
      const agent = await TestAgent.create(
        adminRequest,
        (options) => playwright.request.newContext(options),
        baseURL!,
        uniqueName("e2e-clock"),
      );
      const session = await agent.openSession();
      const haltId = await agent.recordHalt(session.session_token, {
        severity: "low",
        description: `${uniqueName("clock")} ticking`,
      });
      await page.goto(`/${locale}/halts/${haltId}`);
      const relative = page.getByTestId("relative-time").first();
      await expect(relative).not.toBeEmpty();
      const first = await relative.textContent();
      await expect(relative).not.toHaveText(first ?? "", { timeout: 20_000 });
      await agent.dispose();
    });

    test("N runs queued while the list is open are announced as N new runs", async ({
      page,
      adminRequest,
    }) => {
      const runs = await new RunsPage(page, locale).goto();
      const tag = uniqueName("burst");
      for (let index = 0; index < 8; index++) await createRunThroughApi(adminRequest, `${tag} #${index}`);
      await expect(runs.liveRegion).toHaveText(runs.t("RunsList.liveNew", { count: 8 }), { timeout: 20_000 });
    });
  });

  test.describe(`a link with an unsupported language in front (browser in ${locale})`, () => {
    test.use({ locale: BROWSER_LOCALE[locale] });

    test(`keeps the page and negotiates the language: /fr/halts opens /${locale}/halts`, async ({ page }) => {
      await page.goto("/fr/halts");
      await expect(page).toHaveURL(new RegExp(`/${locale}/halts$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        translatorFor(locale)("HaltsPage.title"),
      );
    });
  });
}

for (const locale of E2E_LOCALES) {
  test(`halt conditions read as words, with escalation and severity as they behave (${locale})`, async ({
    page,
  }) => {
    const t = translatorFor(locale);
    await page.goto(`/${locale}/admin/conditions`);
    const uncertainty = page.locator('[data-testid="condition-row"][data-condition="uncertainty_scale"]');
    await expect(uncertainty.getByTestId("condition-name")).toHaveText(
      t("ConditionsPanel.conditionName", { name: "uncertainty_scale" }),
    );
    await expect(uncertainty.getByTestId("condition-severity-rises")).toHaveText(
      t("ConditionsPanel.severityRises", { threshold: 7, critical: 9 }),
    );
    await expect(uncertainty).toContainText(t("ConditionsPanel.thresholdName", { key: "threshold" }));
    await expect(uncertainty).not.toContainText("{");
    const secrets = page.locator('[data-testid="condition-row"][data-condition="secrets_exposure"]');
    await expect(secrets.getByTestId("condition-escalation")).toContainText(
      t("ConditionsPanel.criticalEscalates"),
    );
  });
}
