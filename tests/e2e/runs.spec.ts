import { createUser, expect, SIGNED_OUT, test, uniqueName } from "./fixtures";
import { createRunThroughApi, RunPage, RunsPage } from "./pages/runs-page";
import { SignInPage } from "./pages/sign-in-page";

/**
 * The runs console end to end: the empty state, an operator queuing a run through the form (German),
 * another browser seeing it arrive live, its page with the `run.queued` event, the API's validation
 * errors at the task field, viewers without the form, and the pages at 375 px. The agent runtime may
 * not execute runs yet, so nothing here waits for a run to finish.
 */

test("an empty list explains what a run is and how to start one", async ({ page }) => {
  // No run is ever cancelled (nothing cancels runs), so this filter is empty whatever other specs created.
  const runs = new RunsPage(page, "en");
  await runs.goto("?status=cancelled&kind=heartbeat");
  await expect(runs.empty).toBeVisible();
  await expect(runs.empty).toContainText(runs.t("RunsList.emptyFiltered"));
  await expect(runs.empty).toContainText(runs.t("RunsList.whatIsARun"));
  await expect(runs.empty).toContainText(runs.t("RunsList.howToStart"));
  await expect(runs.statusFilter).toHaveValue("cancelled");
  await expect(runs.kindFilter).toHaveValue("heartbeat");

  await runs.empty.getByRole("button", { name: runs.t("RunsList.clearFilters"), exact: true }).click();
  await expect(page).toHaveURL(/\/en\/runs$/);
  await expect(runs.statusFilter).toHaveValue("");
});

test("an operator queues a run through the form; it opens with run.queued and appears live in the list", async ({
  browser,
  page,
  adminRequest,
}) => {
  const tag = uniqueName("run");
  const task = `${tag}: fasse die offenen Stopps zusammen`;

  // A second browser (the admin) watches the list.
  const watcher = new RunsPage(page, "en");
  await watcher.goto();

  const operator = await createUser(adminRequest, "operator");
  const context = await browser.newContext({ storageState: SIGNED_OUT });
  const operatorPage = await context.newPage();
  const signIn = new SignInPage(operatorPage, "de");
  await signIn.goto("/de/runs");
  await signIn.signIn(operator.username, operator.password, /\/de\/runs/);

  const runs = new RunsPage(operatorPage, "de");
  // Right after the sign-in redirect the page may still be settling: retry typing until React has it.
  await expect(async () => {
    await runs.task.fill(task);
    await expect(runs.taskCounter).toHaveText(
      runs.t("NewRunForm.counter", { count: task.length, max: 8000 }),
      {
        timeout: 2_000,
      },
    );
  }).toPass({ timeout: 20_000 });
  await runs.kind.selectOption({ label: runs.t("RunLabels.kind", { kind: "chat" }) });
  await runs.submit.click();

  await expect(operatorPage).toHaveURL(/\/de\/runs\/[0-9a-f-]{36}$/);
  const runId = operatorPage.url().split("/").at(-1)!;
  const run = new RunPage(operatorPage, "de");
  await expect(run.task).toHaveText(task);
  const queued = run.event("run.queued");
  await expect(queued).toHaveCount(1);
  await expect(queued.getByRole("heading", { level: 3 })).toHaveText(run.t("RunTimeline.titleRunQueued"));
  await expect(queued).toContainText(operator.username);
  await expect(queued).toContainText(run.t("RunLabels.kind", { kind: "chat" }));
  await expect(run.sessionLink).toHaveAttribute("href", /\/de\/sessions\/[0-9a-f-]{36}$/);

  // The watcher's list shows the new run without a reload, highlighted and announced.
  await expect(watcher.row(runId)).toBeVisible();
  await expect(watcher.row(runId).getByRole("link", { name: task })).toHaveAttribute(
    "href",
    `/en/runs/${runId}`,
  );
  await expect(watcher.row(runId)).toHaveAttribute("data-highlighted", "true");
  await expect(watcher.liveRegion).toHaveText(watcher.t("RunsList.liveNew", { count: 1 }));

  // From the operator's list, the row leads back to the run's page.
  await runs.goto();
  await runs.rowWithTask(tag).getByRole("link").click();
  await expect(operatorPage).toHaveURL(new RegExp(`/de/runs/${runId}$`));
  await expect(run.event("run.queued")).toBeVisible();
  await context.close();
});

test("the API's validation error for an empty task is shown at the field", async ({ page, pageProblems }) => {
  // The refused request is the point of the test (Chromium logs every 4xx answer as a console error).
  pageProblems.allow(/status of 400/);
  const runs = new RunsPage(page, "it");
  await runs.goto();
  await runs.submit.click();
  await expect(runs.taskError()).toContainText(runs.t("NewRunForm.taskRequired"));
  await expect(runs.task).toHaveAttribute("aria-invalid", "true");
  await expect(runs.task).toBeFocused();
  await expect(page).toHaveURL(/\/it\/runs$/);

  // A task of only blanks is refused too (the API trims it).
  await runs.task.fill("   \n  ");
  await runs.submit.click();
  await expect(runs.taskError()).toContainText(runs.t("NewRunForm.taskRequired"));
  await expect(page).toHaveURL(/\/it\/runs$/);
});

test("a viewer sees the runs but not the new-run form", async ({ browser, adminRequest }) => {
  const task = `${uniqueName("run")} viewer check`;
  const runId = await createRunThroughApi(adminRequest, task);
  const viewer = await createUser(adminRequest, "viewer");
  const context = await browser.newContext({ storageState: SIGNED_OUT });
  const viewerPage = await context.newPage();
  const signIn = new SignInPage(viewerPage, "en");
  await signIn.goto("/en/runs");
  await signIn.signIn(viewer.username, viewer.password, /\/en\/runs/);
  const runs = new RunsPage(viewerPage, "en");
  await expect(runs.row(runId)).toBeVisible();
  await expect(runs.newRunForm).toHaveCount(0);
  await expect(runs.runtimes).toBeVisible();
  await context.close();
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the list and a run page fit without sideways scrolling", async ({ page, adminRequest }) => {
    const task = `${uniqueName("run")} ${"a-very-long-unbroken-word-".repeat(12)}`;
    const runId = await createRunThroughApi(adminRequest, task);
    const runs = new RunsPage(page, "de");
    await runs.goto();
    await expect(runs.row(runId)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    const run = new RunPage(page, "de");
    await run.goto(runId);
    await expect(run.event("run.queued")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
