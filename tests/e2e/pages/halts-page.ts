import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { AppShell, waitForHydration } from "./app-shell";
import type { E2ELocale, Translator } from "./messages";

/** Page object for /<locale>/halts: the filter form, the rows, the counts and the live region. */
export class HaltsPage {
  readonly shell: AppShell;
  readonly t: Translator;
  readonly search: Locator;
  readonly severity: Locator;
  readonly acknowledged: Locator;
  readonly apply: Locator;
  readonly rows: Locator;
  readonly liveRegion: Locator;

  constructor(
    readonly page: Page,
    readonly locale: E2ELocale,
  ) {
    this.shell = new AppShell(page, locale);
    this.t = this.shell.t;
    this.search = page.getByLabel(this.t("HaltsList.search"), { exact: true });
    this.severity = page.getByLabel(this.t("HaltsList.severity"), { exact: true });
    this.acknowledged = page.getByLabel(this.t("HaltsList.acknowledged"), { exact: true });
    this.apply = page.getByRole("button", { name: this.t("HaltsList.apply"), exact: true });
    this.rows = page.getByTestId("halt-row");
    this.liveRegion = page.getByTestId("halts-live");
  }

  async goto(query = ""): Promise<this> {
    await this.page.goto(`/${this.locale}/halts${query}`);
    await expect(this.page.getByRole("heading", { level: 1, name: this.t("HaltsPage.title") })).toBeVisible();
    await waitForHydration(this.page);
    return this;
  }

  row(haltId: string): Locator {
    return this.page.locator(`[data-testid="halt-row"][data-halt-id="${haltId}"]`);
  }

  /** The localized status text of a halt row. */
  status(haltId: string): Locator {
    return this.row(haltId).getByTestId("halt-status");
  }
}

/** Page object for /<locale>/halts/<id>: the acknowledge form and the caution dialog. */
export class HaltDetailPage {
  readonly t: Translator;
  readonly submit: Locator;
  readonly outcome: Locator;
  readonly readOnly: Locator;
  readonly cautionWarning: Locator;
  readonly cautionDialog: Locator;
  readonly status: Locator;

  constructor(
    readonly page: Page,
    readonly locale: E2ELocale,
  ) {
    this.t = new AppShell(page, locale).t;
    this.submit = page.getByRole("button", { name: this.t("AcknowledgeForm.submit"), exact: true });
    this.outcome = page.getByTestId("acknowledge-outcome");
    this.readOnly = page.getByTestId("acknowledge-read-only");
    this.cautionWarning = page.getByTestId("caution-warning");
    this.cautionDialog = page.getByRole("dialog", { name: this.t("AcknowledgeForm.cautionTitle") });
    this.status = page.getByTestId("halt-detail-status");
  }

  async goto(haltId: string): Promise<this> {
    await this.page.goto(`/${this.locale}/halts/${haltId}`);
    await expect(this.page.getByTestId("halt-description")).toBeVisible();
    await waitForHydration(this.page);
    return this;
  }

  resolution(value: "resolved" | "escalated" | "dismissed"): Locator {
    return this.page.getByRole("radio", {
      name: this.t("HaltLabels.resolution", { resolution: value }),
      exact: true,
    });
  }
}

/** An agent (agent key with halts:write and halts:read) that opens sessions and records halts over the API. */
export class TestAgent {
  private constructor(
    private readonly request: APIRequestContext,
    readonly token: string,
  ) {}

  /** Creates an agent key through the admin API and an API context that sends it as Bearer token. */
  static async create(
    adminRequest: APIRequestContext,
    newContext: (options: {
      baseURL: string;
      extraHTTPHeaders: Record<string, string>;
    }) => Promise<APIRequestContext>,
    baseURL: string,
    name: string,
  ): Promise<TestAgent> {
    const response = await adminRequest.post("/api/agent-keys", {
      data: { name, scopes: ["halts:read", "halts:write"] },
    });
    expect(response.status(), await response.text()).toBe(201);
    const { token } = (await response.json()) as { token: string };
    const request = await newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${token}` } });
    return new TestAgent(request, token);
  }

  async openSession(): Promise<{ session_id: string; session_token: string }> {
    const response = await this.request.post("/api/sessions");
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as { session_id: string; session_token: string };
  }

  async recordHalt(
    sessionToken: string,
    halt: { severity: "low" | "medium" | "high" | "critical"; description: string; halt_type?: string },
  ): Promise<string> {
    const response = await this.request.post("/api/halts", {
      data: { session_token: sessionToken, halt_type: halt.halt_type ?? "security", ...halt },
    });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { halt_id: string }).halt_id;
  }

  /** POST /api/halts/check; returns the reasons (critical and high ones are recorded by Keel). */
  async check(
    sessionToken: string,
    currentContext: Record<string, unknown>,
  ): Promise<{ condition_name: string; halt_id?: string; description_key?: string }[]> {
    const response = await this.request.post("/api/halts/check", {
      data: { session_token: sessionToken, current_context: currentContext },
    });
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { halt_reasons: { condition_name: string; halt_id?: string }[] })
      .halt_reasons;
  }

  async dispose(): Promise<void> {
    await this.request.dispose();
  }
}
