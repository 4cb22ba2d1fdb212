import { expect, type Locator, type Page } from "@playwright/test";
import { AppShell } from "./app-shell";
import type { E2ELocale, Translator } from "./messages";

export const AGENT_SCOPES = ["halts:read", "halts:write", "runs:write", "settings:read"] as const;
export type AgentScope = (typeof AGENT_SCOPES)[number];

/** Page object for /<locale>/admin/agent-keys. */
export class AgentKeysPage {
  readonly shell: AppShell;
  readonly t: Translator;
  readonly heading: Locator;
  readonly name: Locator;
  readonly createButton: Locator;
  readonly createdSecret: Locator;
  readonly rows: Locator;
  readonly status: Locator;
  readonly dialog: Locator;

  constructor(
    readonly page: Page,
    readonly locale: E2ELocale,
  ) {
    this.shell = new AppShell(page, locale);
    this.t = this.shell.t;
    this.heading = page.getByRole("heading", { level: 1, name: this.t("AgentKeysPage.title"), exact: true });
    this.name = page.getByLabel(this.t("ApiKeysPanel.nameLabel"), { exact: true });
    this.createButton = page.getByRole("button", {
      name: this.t("ApiKeysPanel.create", { kind: "agent" }),
      exact: true,
    });
    this.createdSecret = page.getByTestId("created-secret");
    this.rows = page.getByTestId("api-key-row");
    this.status = page.getByTestId("api-keys-status");
    this.dialog = page.getByRole("dialog");
  }

  async goto(): Promise<this> {
    await this.page.goto(`/${this.locale}/admin/agent-keys`);
    await expect(this.heading).toBeVisible();
    await expect(this.page.getByText(this.t("ApiKeysPanel.loading", { kind: "agent" }))).toBeHidden();
    return this;
  }

  scopeLabel(scope: AgentScope): string {
    return this.t("AgentScope.label", { scope: scope.replace(":", "_") });
  }

  scopeCheckbox(scope: AgentScope): Locator {
    return this.page.getByRole("checkbox", { name: new RegExp(`^${escapeRegExp(this.scopeLabel(scope))}`) });
  }

  /** Creates a key with the given scopes; returns the secret shown once. */
  async create(name: string, scopes: readonly AgentScope[]): Promise<string> {
    await this.name.fill(name);
    for (const scope of scopes) await this.scopeCheckbox(scope).check();
    await this.createButton.click();
    const secretField = this.createdSecret.getByRole("textbox");
    await expect(secretField).toHaveValue(/^keel_agent_/);
    return secretField.inputValue();
  }

  row(name: string): Locator {
    return this.rows.filter({ has: this.page.getByRole("rowheader", { name, exact: true }) });
  }

  revokeButton(name: string): Locator {
    return this.page.getByRole("button", { name: this.t("ApiKeysPanel.revokeNamed", { name }), exact: true });
  }

  async revoke(name: string, choice: "confirm" | "cancel" = "confirm"): Promise<void> {
    await this.revokeButton(name).click();
    await expect(this.dialog).toBeVisible();
    const label = choice === "confirm" ? this.t("ApiKeysPanel.revokeConfirm") : this.t("ApiKeysPanel.cancel");
    await this.dialog.getByRole("button", { name: label, exact: true }).click();
    await expect(this.dialog).toBeHidden();
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
