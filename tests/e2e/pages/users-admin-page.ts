import { expect, type Locator, type Page } from "@playwright/test";
import { AppShell } from "./app-shell";
import type { E2ELocale, Translator } from "./messages";

export type Role = "viewer" | "operator" | "admin";

/** Page object for /<locale>/admin/users. */
export class UsersAdminPage {
  readonly shell: AppShell;
  readonly t: Translator;
  readonly heading: Locator;
  readonly username: Locator;
  readonly role: Locator;
  readonly password: Locator;
  readonly addButton: Locator;
  readonly notice: Locator;
  readonly dialog: Locator;

  constructor(
    readonly page: Page,
    readonly locale: E2ELocale,
  ) {
    this.shell = new AppShell(page, locale);
    this.t = this.shell.t;
    this.heading = page.getByRole("heading", { level: 1, name: this.t("UsersAdminPage.title"), exact: true });
    const form = page.getByRole("form", { name: this.t("UsersPanel.addHeading"), exact: true });
    this.username = form.getByLabel(this.t("UsersPanel.username"), { exact: true });
    this.role = form.getByLabel(this.t("UsersPanel.role"), { exact: true });
    this.password = form.getByLabel(this.t("UsersPanel.initialPassword"), { exact: true });
    this.addButton = form.getByRole("button", { name: this.t("UsersPanel.add"), exact: true });
    this.notice = page.getByTestId("users-notice");
    this.dialog = page.getByRole("dialog");
  }

  async goto(): Promise<this> {
    await this.page.goto(`/${this.locale}/admin/users`);
    await expect(this.heading).toBeVisible();
    await expect(this.page.getByText(this.t("UsersPanel.loading"))).toBeHidden();
    return this;
  }

  roleName(role: Role): string {
    return this.t("RoleName.name", { role });
  }

  async addUser(user: { username: string; role: Role; password: string }): Promise<void> {
    await this.username.fill(user.username);
    await this.role.selectOption(user.role);
    await this.password.fill(user.password);
    await this.addButton.click();
  }

  row(username: string): Locator {
    return this.page.locator(`[data-testid="user-row"][data-username="${username}"]`);
  }

  roleSelect(username: string): Locator {
    return this.page.getByRole("combobox", { name: this.t("UsersPanel.roleFor", { username }), exact: true });
  }

  disableButton(username: string): Locator {
    return this.page.getByRole("button", {
      name: this.t("UsersPanel.disableNamed", { username }),
      exact: true,
    });
  }

  enableButton(username: string): Locator {
    return this.page.getByRole("button", {
      name: this.t("UsersPanel.enableNamed", { username }),
      exact: true,
    });
  }

  setPasswordButton(username: string): Locator {
    return this.page.getByRole("button", {
      name: this.t("UsersPanel.setPasswordNamed", { username }),
      exact: true,
    });
  }

  async setPassword(username: string, password: string): Promise<void> {
    await this.setPasswordButton(username).click();
    await expect(this.dialog).toBeVisible();
    await this.dialog.getByLabel(this.t("UsersPanel.newPassword"), { exact: true }).fill(password);
    await this.dialog
      .getByRole("button", { name: this.t("UsersPanel.setPasswordConfirm"), exact: true })
      .click();
    await expect(this.dialog).toBeHidden();
  }

  async expectNotice(text: string): Promise<void> {
    await expect(this.notice).toHaveText(text);
  }
}
