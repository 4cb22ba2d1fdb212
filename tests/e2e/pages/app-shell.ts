import { expect, type Locator, type Page } from "@playwright/test";
import { type E2ELocale, type Translator, translatorFor } from "./messages";

/** The header every page shares: skip link, main navigation (collapsible below `md`), locale switcher. */
export class AppShell {
  readonly t: Translator;
  readonly skipLink: Locator;
  readonly navigation: Locator;
  readonly menuButton: Locator;
  readonly localeSwitcher: Locator;
  readonly main: Locator;
  readonly signOutButton: Locator;
  readonly signedInUser: Locator;

  constructor(
    readonly page: Page,
    readonly locale: E2ELocale,
  ) {
    this.t = translatorFor(locale);
    this.skipLink = page.getByRole("link", { name: this.t("SkipLink.label"), exact: true });
    this.navigation = page.getByRole("navigation", { name: this.t("MainNav.label"), exact: true });
    this.menuButton = this.navigation.getByRole("button", { name: this.t("MainNav.menu"), exact: true });
    this.localeSwitcher = page.getByRole("combobox", { name: this.t("LocaleSwitcher.label"), exact: true });
    this.main = page.getByRole("main");
    this.signOutButton = page
      .getByRole("banner")
      .getByRole("button", { name: this.t("UserMenu.signOut"), exact: true });
    this.signedInUser = page.getByTestId("signed-in-user");
  }

  navLink(item: "overview" | "halts" | "runs" | "settings" | "account" | "admin"): Locator {
    return this.navigation.getByRole("link", { name: this.t(`MainNav.${item}`), exact: true });
  }

  /** Signs out with the header button and waits for the sign-in page. */
  async signOut(): Promise<void> {
    await this.signOutButton.click();
    await expect(this.page).toHaveURL(new RegExp(`/${this.locale}/sign-in$`));
  }

  /** Picks another language in the switcher and waits until the same page is shown in it. */
  async changeLocale(locale: E2ELocale): Promise<AppShell> {
    const pathWithoutLocale = new URL(this.page.url()).pathname.replace(/^\/[a-z]{2}(?=\/|$)/, "");
    await this.localeSwitcher.selectOption(locale);
    await expect(this.page).toHaveURL(new RegExp(`/${locale}${escapeRegExp(pathWithoutLocale)}/?$`));
    const shell = new AppShell(this.page, locale);
    await expect(shell.localeSwitcher).toHaveValue(locale);
    return shell;
  }
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Waits until React has hydrated the page (components/app-shell/hydration-marker.tsx). */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}
