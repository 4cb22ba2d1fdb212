import { expect, type Locator, type Page } from "@playwright/test";
import { AppShell, waitForHydration } from "./app-shell";
import type { E2ELocale, Translator } from "./messages";

/** Page object for /<locale>/sign-in: the form, its error message and where it leads. */
export class SignInPage {
  readonly shell: AppShell;
  readonly t: Translator;
  readonly heading: Locator;
  readonly username: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly error: Locator;

  constructor(
    readonly page: Page,
    readonly locale: E2ELocale,
  ) {
    this.shell = new AppShell(page, locale);
    this.t = this.shell.t;
    this.heading = page.getByRole("heading", { level: 1, name: this.t("SignInPage.title"), exact: true });
    this.username = page.getByLabel(this.t("SignInForm.username"), { exact: true });
    this.password = page.getByLabel(this.t("SignInForm.password"), { exact: true });
    this.submit = page.getByRole("button", { name: this.t("SignInForm.submit"), exact: true });
    this.error = page.getByRole("main").getByRole("alert");
  }

  /** Opens the sign-in page, optionally with `?next=`. */
  async goto(next?: string): Promise<this> {
    const query = next === undefined ? "" : `?next=${encodeURIComponent(next)}`;
    await this.page.goto(`/${this.locale}/sign-in${query}`);
    await this.expectShown();
    return this;
  }

  /** Asserts that this page is shown (for example after a redirect), with `next` when given. */
  async expectShown(next?: string): Promise<void> {
    const query = next === undefined ? "(\\?.*)?" : `\\?next=${escapeForUrl(next)}`;
    await expect(this.page).toHaveURL(new RegExp(`/${this.locale}/sign-in${query}$`));
    await expect(this.heading).toBeVisible();
  }

  /** Fills in the form and submits it (does not wait for the outcome). */
  async submitCredentials(username: string, password: string): Promise<void> {
    await this.username.fill(username);
    await this.password.fill(password);
    await this.submit.click();
  }

  /** Signs in and waits until the browser has left the sign-in page for `expectedPath`. */
  async signIn(username: string, password: string, expectedPath: string | RegExp): Promise<void> {
    await this.submitCredentials(username, password);
    await expect(this.page).toHaveURL(
      typeof expectedPath === "string" ? new RegExp(`${escapeRegExp(expectedPath)}$`) : expectedPath,
    );
    await this.page.waitForLoadState("load");
    await waitForHydration(this.page);
  }

  async expectError(message: string): Promise<void> {
    await expect(this.error).toHaveText(message);
    await expect(this.page).toHaveURL(new RegExp(`/${this.locale}/sign-in`));
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The query value as the browser shows it (encodeURIComponent), escaped for a RegExp. */
function escapeForUrl(value: string): string {
  return escapeRegExp(encodeURIComponent(value));
}
