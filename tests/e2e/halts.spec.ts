import { createUser, expect, SIGNED_OUT, test, uniqueName } from "./fixtures";
import { HaltDetailPage, HaltsPage, TestAgent } from "./pages/halts-page";
import { SignInPage } from "./pages/sign-in-page";

/**
 * The halt review console end to end: an agent key records halts over the API; operators review them
 * in the browser (Italian), a critical dismissal needs the continue-with-caution confirmation, other
 * browsers see recorded and acknowledged halts live, and viewers cannot acknowledge.
 */

test("an operator dismisses a critical halt with caution; another browser sees it live", async ({
  browser,
  adminRequest,
  playwright,
  page,
}, testInfo) => {
  const baseURL = testInfo.project.use.baseURL!;
  const tag = uniqueName("halt");
  const agent = await TestAgent.create(
    adminRequest,
    (options) => playwright.request.newContext(options),
    baseURL,
    uniqueName("e2e-agent"),
  );
  const session = await agent.openSession();
  const criticalId = await agent.recordHalt(session.session_token, {
    severity: "critical",
    description: `${tag} credentials in output`,
  });
  const operator = await createUser(adminRequest, "operator");

  // A second browser (the admin) watches the list filtered to this test's halts.
  const watcher = new HaltsPage(page, "en");
  await watcher.goto(`?q=${tag}`);
  await expect(watcher.row(criticalId)).toBeVisible();

  const operatorContext = await browser.newContext({ storageState: SIGNED_OUT });
  const operatorPage = await operatorContext.newPage();
  const signIn = new SignInPage(operatorPage, "it");
  await signIn.goto("/it/halts");
  await signIn.signIn(operator.username, operator.password, /\/it\/halts/);

  const halts = new HaltsPage(operatorPage, "it");
  await halts.search.fill(tag);
  await halts.severity.selectOption("critical");
  await halts.apply.click();
  await expect(operatorPage).toHaveURL(/severity=critical/);
  await expect(halts.rows).toHaveCount(1);
  // Critical halts escalate at once when recorded.
  await expect(halts.status(criticalId)).toHaveText(halts.t("HaltLabels.openEscalated"));

  await halts
    .row(criticalId)
    .getByRole("link", { name: new RegExp(tag) })
    .click();
  const detail = new HaltDetailPage(operatorPage, "it");
  await expect(operatorPage.getByTestId("halt-description")).toContainText(tag);
  await detail.resolution("dismissed").check();
  await expect(detail.cautionWarning).toBeVisible();
  await detail.submit.click();
  await expect(detail.cautionDialog).toBeVisible();
  // Cancelling sends nothing: the halt stays open.
  await detail.cautionDialog
    .getByRole("button", { name: detail.t("AcknowledgeForm.cancel"), exact: true })
    .click();
  await expect(detail.cautionDialog).toBeHidden();
  await expect(detail.status).toHaveText(detail.t("HaltLabels.openEscalated"));
  await detail.submit.click();
  await detail.cautionDialog
    .getByRole("button", { name: detail.t("AcknowledgeForm.cautionConfirm"), exact: true })
    .click();
  await expect(detail.outcome).toContainText(detail.t("AcknowledgeForm.sessionCanResume"));
  // The dismissal's warning in Italian, not the API's English text for agents.
  await expect(detail.outcome).toContainText(
    detail.t("AcknowledgeForm.dismissedWarning", { severity: "critical" }),
  );
  await expect(detail.outcome).not.toContainText("was dismissed");

  // The watcher's list shows the acknowledgement without a reload.
  await expect(watcher.status(criticalId)).toHaveText(
    watcher.t("HaltLabels.resolution", { resolution: "dismissed" }),
  );

  // The session resumed.
  await operatorPage.goto(`/it/sessions/${session.session_id}`);
  await expect(operatorPage.getByTestId("session-state")).toHaveAttribute("data-state", "active");
  await expect(operatorPage.getByTestId("session-state")).toHaveText(
    halts.t("HaltLabels.sessionState", { state: "active" }),
  );

  // A new halt appears in the watcher's list live, highlighted.
  const newId = await agent.recordHalt(session.session_token, {
    severity: "high",
    description: `${tag} new one`,
  });
  await expect(watcher.row(newId)).toBeVisible();
  await expect(watcher.row(newId)).toHaveAttribute("data-highlighted", "true");

  await operatorContext.close();
  await agent.dispose();
});

test("a viewer sees a halt read-only and cannot acknowledge it", async ({
  browser,
  adminRequest,
  playwright,
}, testInfo) => {
  const baseURL = testInfo.project.use.baseURL!;
  const agent = await TestAgent.create(
    adminRequest,
    (options) => playwright.request.newContext(options),
    baseURL,
    uniqueName("e2e-agent"),
  );
  const session = await agent.openSession();
  const haltId = await agent.recordHalt(session.session_token, {
    severity: "high",
    description: `${uniqueName("halt")} viewer check`,
  });
  const viewer = await createUser(adminRequest, "viewer");
  const context = await browser.newContext({ storageState: SIGNED_OUT });
  const viewerPage = await context.newPage();
  const signIn = new SignInPage(viewerPage, "de");
  await signIn.goto(`/de/halts/${haltId}`);
  await signIn.signIn(viewer.username, viewer.password, new RegExp(`/de/halts/${haltId}`));
  const detail = new HaltDetailPage(viewerPage, "de");
  await expect(detail.readOnly).toHaveText(detail.t("AcknowledgeForm.readOnly"));
  await expect(detail.submit).toHaveCount(0);
  await context.close();
  await agent.dispose();
});

test("an operator acknowledges several non-critical halts at once; critical ones are not selectable", async ({
  page,
  adminRequest,
  playwright,
}, testInfo) => {
  const baseURL = testInfo.project.use.baseURL!;
  const tag = uniqueName("bulk");
  const agent = await TestAgent.create(
    adminRequest,
    (options) => playwright.request.newContext(options),
    baseURL,
    uniqueName("e2e-bulk"),
  );
  const session = await agent.openSession();
  const first = await agent.recordHalt(session.session_token, {
    severity: "medium",
    description: `${tag} first`,
  });
  const second = await agent.recordHalt(session.session_token, {
    severity: "high",
    description: `${tag} second`,
  });
  const critical = await agent.recordHalt(session.session_token, {
    severity: "critical",
    description: `${tag} critical`,
  });

  const halts = new HaltsPage(page, "en");
  await halts.goto(`?q=${tag}`);
  await expect(halts.rows).toHaveCount(3);
  await expect(halts.row(critical).getByRole("checkbox")).toHaveCount(0);
  await halts.row(first).getByRole("checkbox").check();
  await halts.row(second).getByRole("checkbox").check();
  const bulk = page.getByTestId("bulk-acknowledge");
  await bulk.getByRole("button", { name: "Acknowledge 2 halts" }).click();
  await expect(page.getByTestId("bulk-result")).toHaveText(
    "2 acknowledged, 0 already acknowledged by someone else, 0 failed.",
  );
  await expect(halts.status(first)).toHaveText(halts.t("HaltLabels.resolution", { resolution: "resolved" }));
  await expect(halts.status(second)).toHaveText(halts.t("HaltLabels.resolution", { resolution: "resolved" }));
  await expect(halts.status(critical)).not.toHaveText(
    halts.t("HaltLabels.resolution", { resolution: "resolved" }),
  );
});
