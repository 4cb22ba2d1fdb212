import { expect, test } from "./fixtures";
import { AppShell } from "./pages/app-shell";
import { E2E_LOCALES } from "./pages/messages";

// Every test here runs signed in as the admin (fixtures.ts); auth.spec.ts covers the signed-out pages.

test.describe("locale negotiation", () => {
  test.use({ locale: "it-IT" });

  test("/ redirects to the browser's language", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/it\/?$/);
    const shell = new AppShell(page, "it");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(shell.t("OverviewPage.title"));
  });
});

test.describe("locale fallback", () => {
  test.use({ locale: "fr-FR" });

  test("/ falls back to English for an unsupported language", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/en\/?$/);
  });
});

for (const locale of E2E_LOCALES) {
  test(`the main navigation marks the current page (${locale})`, async ({ page }) => {
    const shell = new AppShell(page, locale);
    await page.goto(`/${locale}/halts`);
    await expect(shell.main).toContainText(shell.t("HaltsPage.intro"));
    await expect(shell.navLink("halts")).toHaveAttribute("aria-current", "page");
    await expect(shell.navLink("runs")).not.toHaveAttribute("aria-current", "page");

    await shell.navLink("runs").click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/runs$`));
    await expect(shell.main).toContainText(shell.t("RunsPage.intro"));
    await expect(shell.navLink("runs")).toHaveAttribute("aria-current", "page");
  });
}

test("the skip link moves focus to the main content", async ({ page }) => {
  const shell = new AppShell(page, "de");
  await page.goto("/de");
  await page.keyboard.press("Tab");
  await expect(shell.skipLink).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(shell.main).toBeFocused();
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the navigation collapses behind a menu button", async ({ page }) => {
    const shell = new AppShell(page, "en");
    await page.goto("/en");
    await expect(shell.menuButton).toHaveAttribute("aria-expanded", "false");
    await expect(shell.navLink("settings")).toBeHidden();

    await shell.menuButton.click();
    await expect(shell.menuButton).toHaveAttribute("aria-expanded", "true");
    await shell.navLink("settings").click();

    await expect(page).toHaveURL(/\/en\/settings\/runtime$/);
    await expect(shell.menuButton).toHaveAttribute("aria-expanded", "false");
    await expect(shell.localeSwitcher).toBeVisible();
  });
});

test("an unknown page answers 404 in the user's language", async ({ page, pageProblems }) => {
  pageProblems.allow(/status of 404/);
  const shell = new AppShell(page, "de");
  const response = await page.goto("/de/does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(shell.t("NotFoundPage.title"));
});

test("the header shows the signed-in admin with the Account and Admin links", async ({ page }) => {
  const shell = new AppShell(page, "it");
  await page.goto("/it/account");
  await expect(shell.signedInUser.getByTitle("admin", { exact: true })).toHaveText("Administrator");
  await expect(shell.signedInUser).toContainText(shell.t("RoleName.name", { role: "admin" }));
  await expect(shell.navLink("account")).toHaveAttribute("aria-current", "page");
  await expect(shell.navLink("admin")).toBeVisible();
  await expect(shell.signOutButton).toBeVisible();
});
