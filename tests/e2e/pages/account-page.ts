import { expect, type Locator, type Page } from "@playwright/test";
import { AppShell } from "./app-shell";
import type { E2ELocale, Translator } from "./messages";

/** Page object for /<locale>/account: change password, and personal access tokens. */
export class AccountPage {
  readonly shell: AppShell;
  readonly t: Translator;
  readonly heading: Locator;
  readonly currentPassword: Locator;
  readonly newPassword: Locator;
  readonly confirmPassword: Locator;
  readonly changePasswordButton: Locator;
  readonly tokenName: Locator;
  readonly createTokenButton: Locator;
  readonly createdSecret: Locator;
  readonly tokenRows: Locator;
  readonly status: Locator;
  readonly dialog: Locator;

  constructor(
    readonly page: Page,
    readonly locale: E2ELocale,
  ) {
    this.shell = new AppShell(page, locale);
    this.t = this.shell.t;
    this.heading = page.getByRole("heading", { level: 1, name: this.t("AccountPage.title"), exact: true });
    this.currentPassword = page.getByLabel(this.t("ChangePasswordForm.current"), { exact: true });
    this.newPassword = page.getByLabel(this.t("ChangePasswordForm.new"), { exact: true });
    this.confirmPassword = page.getByLabel(this.t("ChangePasswordForm.confirm"), { exact: true });
    this.changePasswordButton = page.getByRole("button", {
      name: this.t("ChangePasswordForm.submit"),
      exact: true,
    });
    this.tokenName = page.getByLabel(this.t("ApiKeysPanel.nameLabel"), { exact: true });
    this.createTokenButton = page.getByRole("button", {
      name: this.t("ApiKeysPanel.create", { kind: "personal" }),
      exact: true,
    });
    this.createdSecret = page.getByTestId("created-secret");
    this.tokenRows = page.getByTestId("api-key-row");
    this.status = page.getByTestId("api-keys-status");
    this.dialog = page.getByRole("dialog");
  }

  async goto(): Promise<this> {
    await this.page.goto(`/${this.locale}/account`);
    await expect(this.heading).toBeVisible();
    return this;
  }

  async changePassword(current: string, next: string, confirmation = next): Promise<void> {
    await this.currentPassword.fill(current);
    await this.newPassword.fill(next);
    await this.confirmPassword.fill(confirmation);
    await this.changePasswordButton.click();
  }

  /** Creates a token and returns the secret shown once. */
  async createToken(name: string): Promise<string> {
    await expect(this.page.getByText(this.t("ApiKeysPanel.loading", { kind: "personal" }))).toBeHidden();
    await this.tokenName.fill(name);
    await this.createTokenButton.click();
    const secretField = this.createdSecret.getByRole("textbox");
    await expect(secretField).toHaveValue(/^keel_pat_/);
    return secretField.inputValue();
  }

  tokenRow(name: string): Locator {
    return this.tokenRows.filter({ has: this.page.getByRole("rowheader", { name, exact: true }) });
  }

  revokeButton(name: string): Locator {
    return this.page.getByRole("button", { name: this.t("ApiKeysPanel.revokeNamed", { name }), exact: true });
  }

  /** Opens the revoke dialog for `name` and confirms (or cancels) it. */
  async revoke(name: string, choice: "confirm" | "cancel" = "confirm"): Promise<void> {
    await this.revokeButton(name).click();
    await expect(this.dialog).toBeVisible();
    const label = choice === "confirm" ? this.t("ApiKeysPanel.revokeConfirm") : this.t("ApiKeysPanel.cancel");
    await this.dialog.getByRole("button", { name: label, exact: true }).click();
    await expect(this.dialog).toBeHidden();
  }
}
