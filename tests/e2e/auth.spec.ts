import { ADMIN, createUser, expect, SIGNED_OUT, test, uniqueName } from "./fixtures";
import { AppShell } from "./pages/app-shell";
import { SettingsPage } from "./pages/settings-page";
import { SignInPage } from "./pages/sign-in-page";

// These tests sign in through the form themselves; the shared admin session stays untouched.
test.use({ storageState: SIGNED_OUT });

test.describe("sign-in, settings and sign-out in German", () => {
  // Toggles a switch of the global settings row (and flips it back): same lock as settings.spec.ts.
  test.describe.configure({ mode: "default", lock: "app-settings" });

  test("a console page asks for sign-in, returns to it, and is closed again after signing out", async ({
    page,
  }) => {
    await page.goto("/de/settings/runtime");
    const signIn = new SignInPage(page, "de");
    await signIn.expectShown("/de/settings/runtime");
    await expect(signIn.heading).toHaveText("Anmelden");

    await signIn.signIn(ADMIN.username, ADMIN.password, "/de/settings/runtime");
    const settings = new SettingsPage(page, "de");
    await expect(settings.heading).toHaveText("Laufzeit-Einstellungen");
    await expect(settings.shell.signedInUser.getByTitle(ADMIN.username, { exact: true })).toBeVisible();
    await expect(settings.shell.signedInUser).toContainText(settings.t("RoleName.name", { role: "admin" }));

    const flipped = await settings.toggle("toolScaffoldingGuardEnabled");
    await settings.reload();
    await settings.expectSwitch("toolScaffoldingGuardEnabled", flipped.to);
    const restored = await settings.toggle("toolScaffoldingGuardEnabled");
    expect(restored.to).toBe(flipped.from);

    await settings.shell.signOut();
    await expect(signIn.heading).toBeVisible();

    await page.goto("/de/settings/runtime");
    await signIn.expectShown("/de/settings/runtime");
    const session = await page.request.get("/api/auth/session");
    expect(session.status()).toBe(401);
  });
});

test("a wrong password shows the localized generic error and keeps the user on the sign-in page", async ({
  page,
  adminRequest,
  pageProblems,
}) => {
  // The refused sign-ins are the point (Chromium logs every 4xx answer as a console error).
  pageProblems.allow(/status of 401/);
  const viewer = await createUser(adminRequest, "viewer", "wrong-pw");
  const signIn = await new SignInPage(page, "it").goto();
  await signIn.submitCredentials(viewer.username, `${viewer.password}-wrong`);
  await signIn.expectError(signIn.t("SignInForm.wrongCredentials"));
  await expect(signIn.error).toHaveText("Il nome utente o la password non sono corretti.");
  await expect(signIn.password).toBeFocused();
  await expect(signIn.password).toHaveValue("");

  // An unknown user gets exactly the same answer (no user enumeration).
  await signIn.submitCredentials(uniqueName("nobody"), "whatever-password");
  await signIn.expectError(signIn.t("SignInForm.wrongCredentials"));
});

test("repeated failures lock the account and the form says how long to wait", async ({
  page,
  adminRequest,
  pageProblems,
}) => {
  pageProblems.allow(/status of (401|429)/);
  const viewer = await createUser(adminRequest, "viewer", "locked");
  const signIn = await new SignInPage(page, "en").goto();
  let retryAfterSeconds: number | undefined;
  for (let attempt = 1; attempt <= 8 && retryAfterSeconds === undefined; attempt++) {
    const responsePromise = page.waitForResponse((response) => response.url().endsWith("/api/auth/sign-in"));
    await signIn.submitCredentials(viewer.username, `wrong-${attempt}-password`);
    const response = await responsePromise;
    if (response.status() === 429) {
      const body = (await response.json()) as {
        error: { retryAfterSeconds?: number };
        retryAfterSeconds?: number;
      };
      retryAfterSeconds =
        body.retryAfterSeconds ?? body.error.retryAfterSeconds ?? Number(response.headers()["retry-after"]);
    } else {
      expect(response.status()).toBe(401);
      await signIn.expectError(signIn.t("SignInForm.wrongCredentials"));
    }
  }
  expect(retryAfterSeconds, "the account should lock within 8 failed attempts").toBeGreaterThan(0);
  await signIn.expectError(signIn.t("SignInForm.tooManyAttempts", { seconds: retryAfterSeconds! }));
});

test("after signing in, only a same-site `next` path is followed", async ({ page }) => {
  const signIn = await new SignInPage(page, "en").goto("//evil.example/steal");
  await signIn.signIn(ADMIN.username, ADMIN.password, /\/en\/?$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(signIn.t("OverviewPage.title"));
});

test.describe("a viewer", () => {
  test("sees the settings read-only, no Admin link, and a 403 message on admin pages", async ({
    page,
    adminRequest,
  }) => {
    const viewer = await createUser(adminRequest, "viewer");
    const signIn = await new SignInPage(page, "en").goto("/en/settings/runtime");
    await signIn.signIn(viewer.username, viewer.password, "/en/settings/runtime");

    const settings = new SettingsPage(page, "en");
    await expect(settings.heading).toBeVisible();
    await expect(page.getByTestId("settings-read-only")).toHaveText(
      settings.t("RuntimeSettingsPanel.readOnlyNote"),
    );
    const saves: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "PUT") saves.push(request.url());
    });
    for (const field of ["toolResultQuarantineEnabled", "auditGateEnabled"] as const) {
      const control = settings.switchFor(field);
      await expect(control).toBeDisabled();
      const before = await control.getAttribute("aria-checked");
      await control.click({ force: true });
      await expect(control).toHaveAttribute("aria-checked", before!);
    }
    await expect(settings.maxToolStepsInput).not.toBeEditable();
    expect(saves).toEqual([]);

    const shell = new AppShell(page, "en");
    await expect(shell.signedInUser).toContainText(shell.t("RoleName.name", { role: "viewer" }));
    await expect(shell.navLink("account")).toBeVisible();
    await expect(shell.navLink("admin")).toHaveCount(0);

    await page.goto("/en/admin/users");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(shell.t("AdminForbidden.title"));
    await expect(page.getByLabel(shell.t("UsersPanel.username"))).toHaveCount(0);
  });
});

test("every console page sends a signed-out visitor to the sign-in page with the path as `next`", async ({
  page,
}) => {
  for (const path of ["/en", "/en/halts", "/en/account", "/it/admin/users", "/de/admin/agent-keys"]) {
    await page.goto(path);
    const locale = path.slice(1, 3) as "de" | "en" | "it";
    await new SignInPage(page, locale).expectShown(path);
  }
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the sign-in page fits and signs in", async ({ page }) => {
    const signIn = await new SignInPage(page, "de").goto();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await signIn.signIn(ADMIN.username, ADMIN.password, /\/de\/?$/);
    const shell = new AppShell(page, "de");
    // Retried: a click that lands before hydration does nothing.
    await expect(async () => {
      if ((await shell.menuButton.getAttribute("aria-expanded")) !== "true") await shell.menuButton.click();
      await expect(shell.menuButton).toHaveAttribute("aria-expanded", "true", { timeout: 1_000 });
    }).toPass();
    await expect(shell.navLink("account")).toBeVisible();
    await expect(shell.signOutButton).toBeVisible();
  });
});
