import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { AppShell, waitForHydration } from "./app-shell";
import type { E2ELocale, Translator } from "./messages";

/** Page object for /<locale>/runs: the new-run form, the filters, the rows and the empty state. */
export class RunsPage {
  readonly shell: AppShell;
  readonly t: Translator;
  readonly newRunForm: Locator;
  readonly task: Locator;
  readonly kind: Locator;
  readonly taskCounter: Locator;
  readonly submit: Locator;
  readonly formFailure: Locator;
  readonly filters: Locator;
  readonly statusFilter: Locator;
  readonly kindFilter: Locator;
  readonly applyFilters: Locator;
  readonly rows: Locator;
  readonly empty: Locator;
  readonly liveRegion: Locator;
  readonly runtimes: Locator;

  constructor(
    readonly page: Page,
    readonly locale: E2ELocale,
  ) {
    this.shell = new AppShell(page, locale);
    this.t = this.shell.t;
    this.newRunForm = page.getByTestId("new-run-form");
    this.task = this.newRunForm.getByLabel(this.t("NewRunForm.task"), { exact: true });
    this.kind = this.newRunForm.getByLabel(this.t("NewRunForm.kind"), { exact: true });
    this.taskCounter = page.getByTestId("task-counter");
    this.submit = this.newRunForm.getByRole("button", { name: this.t("NewRunForm.submit"), exact: true });
    this.formFailure = page.getByTestId("new-run-failure");
    this.filters = page.getByRole("form", { name: this.t("RunsList.filtersLabel"), exact: true });
    this.statusFilter = this.filters.getByLabel(this.t("RunsList.statusFilter"), { exact: true });
    this.kindFilter = this.filters.getByLabel(this.t("RunsList.kindFilter"), { exact: true });
    this.applyFilters = this.filters.getByRole("button", { name: this.t("RunsList.apply"), exact: true });
    this.rows = page.getByTestId("run-row");
    this.empty = page.getByTestId("runs-empty");
    this.liveRegion = page.getByTestId("runs-live");
    this.runtimes = page.getByTestId("run-runtimes");
  }

  async goto(query = ""): Promise<this> {
    await this.page.goto(`/${this.locale}/runs${query}`);
    await expect(this.page.getByRole("heading", { level: 1, name: this.t("RunsPage.title") })).toBeVisible();
    await waitForHydration(this.page);
    return this;
  }

  row(runId: string): Locator {
    return this.page.locator(`[data-testid="run-row"][data-run-id="${runId}"]`);
  }

  /** The row whose task link contains `text`. */
  rowWithTask(text: string): Locator {
    return this.rows.filter({ has: this.page.getByRole("link", { name: text }) });
  }

  /** The error shown under the task field. */
  taskError(): Locator {
    return this.newRunForm.getByRole("alert");
  }
}

/** Page object for /<locale>/runs/<id>: the header, the timeline and the live region. */
export class RunPage {
  readonly t: Translator;
  readonly task: Locator;
  readonly status: Locator;
  /** The outcome badge in the run's header (status and finalization in one word). */
  readonly outcome: Locator;
  readonly events: Locator;
  readonly liveRegion: Locator;
  readonly sessionLink: Locator;

  constructor(
    readonly page: Page,
    readonly locale: E2ELocale,
  ) {
    this.t = new AppShell(page, locale).t;
    this.task = page.getByTestId("run-task");
    this.status = page.getByTestId("run-status").first();
    this.outcome = page.getByTestId("run-outcome").first();
    this.events = page.getByTestId("run-event");
    this.liveRegion = page.getByTestId("run-live");
    this.sessionLink = page.getByTestId("run-session-link");
  }

  async goto(runId: string): Promise<this> {
    await this.page.goto(`/${this.locale}/runs/${runId}`);
    await expect(this.task).toBeVisible();
    await waitForHydration(this.page);
    return this;
  }

  /** The timeline rows of one event type (e.g. "run.queued"). */
  event(type: string): Locator {
    return this.page.locator(`[data-testid="run-event"][data-type="${type}"]`);
  }
}

/** Queues a run through the API as the admin (the context must send Origin); returns its id. */
export async function createRunThroughApi(
  adminRequest: APIRequestContext,
  task: string,
  kind = "job",
  locale: "de" | "en" | "it" = "en",
): Promise<string> {
  const response = await adminRequest.post("/api/runs", { data: { task, kind, locale } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}
