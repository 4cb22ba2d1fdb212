import { createUser, expect, SIGNED_OUT, test, uniqueName } from "./fixtures";
import { AccountPage } from "./pages/account-page";
import { SignInPage } from "./pages/sign-in-page";

test.describe("personal access tokens", () => {
  test("a token is shown once, works as a bearer token, and stops working once revoked (German)", async ({
    page,
    playwright,
    baseURL,
  }) => {
    const account = await new AccountPage(page, "de").goto();
    await expect(account.heading).toHaveText("Konto");
    const name = uniqueName("cli");
    const token = await account.createToken(name);

    await expect(account.createdSecret).toContainText(account.t("CopyableSecret.warning"));
    await expect(account.createdSecret.getByRole("textbox")).toBeFocused();
    await expect(account.status).toHaveText(account.t("ApiKeysPanel.created", { kind: "personal", name }));
    const row = account.tokenRow(name);
    await expect(row).toContainText(account.t("ApiKeysPanel.neverUsed"));
    await expect(row).toContainText(account.t("ApiKeysPanel.active"));

    const bearer = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { Authorization: `Bearer ${token}` },
    });
    expect((await bearer.get("/api/auth/session")).status()).toBe(200);

    await account.createdSecret
      .getByRole("button", { name: account.t("CopyableSecret.done"), exact: true })
      .click();
    await expect(account.createdSecret).toHaveCount(0);
    await expect(account.tokenName).toBeFocused();

    await page.reload();
    await expect(account.tokenRow(name)).toBeVisible();
    await expect(page.getByText(token)).toHaveCount(0);

    // Cancel keeps the token and returns focus to its Revoke button.
    await account.revoke(name, "cancel");
    await expect(account.revokeButton(name)).toBeFocused();
    await account.revoke(name, "confirm");
    await expect(account.status).toHaveText(account.t("ApiKeysPanel.revoked", { kind: "personal", name }));
    await expect(account.tokenRow(name)).toContainText(/Widerrufen am/);
    await expect(account.revokeButton(name)).toHaveCount(0);

    expect((await bearer.get("/api/auth/session")).status()).toBe(401);
    await bearer.dispose();
  });

  test("an empty name is refused without a request", async ({ page }) => {
    const account = await new AccountPage(page, "en").goto();
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/api/tokens")) posts.push(request.url());
    });
    await account.createTokenButton.click();
    await expect(page.getByText(account.t("ApiKeysPanel.nameMissing"))).toBeVisible();
    await expect(account.tokenName).toBeFocused();
    expect(posts).toEqual([]);
  });
});

test.describe("changing the password", () => {
  test.use({ storageState: SIGNED_OUT });

  test("checks the input, then ends the session and the new password signs in (Italian)", async ({
    page,
    adminRequest,
    pageProblems,
  }) => {
    // A wrong current password (400) and the old password after the change (401) are refused on purpose.
    pageProblems.allow(/status of (400|401)/);
    const operator = await createUser(adminRequest, "operator", "pw-change");
    const signIn = await new SignInPage(page, "it").goto("/it/account");
    await signIn.signIn(operator.username, operator.password, "/it/account");
    const account = new AccountPage(page, "it");
    await expect(account.heading).toBeVisible();

    await account.changePassword(operator.password, "short");
    await expect(page.getByText(account.t("ChangePasswordForm.tooShort", { min: 12 }))).toBeVisible();
    await expect(account.newPassword).toBeFocused();

    await account.changePassword(operator.password, "a-new-long-password", "a-different-password");
    await expect(page.getByText(account.t("ChangePasswordForm.mismatch"))).toBeVisible();

    await account.changePassword("not-the-current-password", "a-new-long-password");
    await expect(page.getByText(account.t("ChangePasswordForm.currentWrong"))).toBeVisible();
    await expect(account.currentPassword).toBeFocused();

    await account.changePassword(operator.password, "a-new-long-password");
    await expect(page).toHaveURL(/\/it\/sign-in\?reason=password-changed$/);
    await expect(page.getByRole("status")).toHaveText(account.t("SignInPage.passwordChanged"));
    expect((await page.request.get("/api/auth/session")).status()).toBe(401);

    await signIn.submitCredentials(operator.username, operator.password);
    await signIn.expectError(signIn.t("SignInForm.wrongCredentials"));
    await signIn.signIn(operator.username, "a-new-long-password", /\/it\/?$/);
  });
});
