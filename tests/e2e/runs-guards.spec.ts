/**
 * The agent runtime's acceptance, end to end in Chromium against the real stack (`npm start` with the
 * scripted demo model): with quarantine on, a web_fetch result carrying an injection reaches the model
 * with the segment replaced and the preamble added, and the run's timeline shows it; switching
 * quarantine off in the panel changes that for the next run's tool result, without a restart.
 */
import { expect, test } from "./fixtures";
import { createRunThroughApi, RunPage } from "./pages/runs-page";
import { SettingsPage } from "./pages/settings-page";

// Changes the global settings row (and restores it): same lock as settings.spec.ts.
test.describe.configure({ mode: "default", lock: "app-settings" });

const QUARANTINE_TASK = "Summarise the release notes page. [[scenario:demo-quarantine]]";
const MARKER = "[instruction-shaped content removed]";
const INJECTION = "attacker.example";

test("quarantine on, then off in the panel: the next run's tool result changes in the run view", async ({
  page,
  adminRequest,
}) => {
  const settings = await new SettingsPage(page, "en").goto();
  if (!(await settings.switchValue("toolResultQuarantineEnabled")))
    await settings.toggle("toolResultQuarantineEnabled");

  // Quarantine on: the injected line is replaced and the preamble added, and the timeline says so.
  const quarantinedRun = await createRunThroughApi(adminRequest, QUARANTINE_TASK);
  const run = await new RunPage(page, "en").goto(quarantinedRun);
  await expect(run.status).toHaveAttribute("data-status", "succeeded", { timeout: 30_000 });
  const toolEnd = run.event("tool.end").first();
  await expect(toolEnd).toContainText("web_fetch");
  const received = toolEnd.getByTestId("model-text");
  await received.evaluate((element) => element.closest("details")?.setAttribute("open", ""));
  await expect(received).toContainText(MARKER);
  await expect(received).toContainText("Untrusted external content");
  await expect(received).not.toContainText(INJECTION);

  // Switch it off in the panel and wait until the runtime says it applied the new version.
  await settings.goto();
  const { to, version } = await settings.toggle("toolResultQuarantineEnabled");
  expect(to).toBe(false);
  try {
    await settings.expectRuntimeApplied(version);
    const rawRun = await createRunThroughApi(adminRequest, QUARANTINE_TASK);
    await run.goto(rawRun);
    await expect(run.status).toHaveAttribute("data-status", "succeeded", { timeout: 30_000 });
    const rawEnd = run.event("tool.end").first();
    const rawReceived = rawEnd.getByTestId("model-text");
    await rawReceived.evaluate((element) => element.closest("details")?.setAttribute("open", ""));
    await expect(rawReceived).toContainText(INJECTION);
    await expect(rawReceived).not.toContainText(MARKER);
  } finally {
    await settings.goto();
    if (!(await settings.switchValue("toolResultQuarantineEnabled")))
      await settings.toggle("toolResultQuarantineEnabled");
  }
});

test("a job whose side effect fails shows the caveat in German on its run page", async ({
  page,
  adminRequest,
}) => {
  const runId = await createRunThroughApi(
    adminRequest,
    "Send the weekly status report to the team. [[scenario:demo-side-effect]]",
    "job",
    "de",
  );
  const run = await new RunPage(page, "de").goto(runId);
  // The judge found the report unsent: the run is incomplete, never "succeeded" beside that verdict.
  await expect(run.outcome).toHaveAttribute("data-outcome", "incomplete", { timeout: 30_000 });
  await expect(run.outcome).toHaveText(new RegExp(run.t("RunLabels.outcome", { outcome: "incomplete" })));
  const answer = page.getByTestId("run-final-text");
  await expect(answer).toContainText("Hinweis: Mindestens eine Aktion mit Nebenwirkungen ist");
  await expect(answer).toContainText("demo_send_report");
  await expect(run.event("run.caveats")).toHaveCount(1);
  // The judge's verdict is diagnostics: it is on the timeline, never in the delivered answer.
  await expect(run.event("run.completion_judged")).toHaveCount(1);
  await expect(answer).not.toContainText("uncertified");
});

for (const locale of ["de", "en", "it"] as const) {
  test(`the audit demo turns the audit gate on for its run only and ends blocked (${locale})`, async ({
    page,
    adminRequest,
  }) => {
    const settings = (await (await adminRequest.get("/api/app-settings")).json()) as {
      auditGateEnabled: boolean;
    };
    const runId = await createRunThroughApi(
      adminRequest,
      "Follow the deployment checklist for the staging server. [[scenario:demo-audit]]",
      "job",
      locale,
    );
    const run = await new RunPage(page, locale).goto(runId);
    await expect(run.outcome).toHaveAttribute("data-outcome", "blocked", { timeout: 30_000 });
    await expect(run.outcome).toContainText(run.t("RunLabels.outcome", { outcome: "blocked" }));
    await expect(run.event("audit.verdict").first()).toBeVisible();
    await expect(run.event("run.started")).toContainText(run.t("RunTimeline.enabledForRun"));
    // The global switch is as it was: only that run had the gate on.
    const after = (await (await adminRequest.get("/api/app-settings")).json()) as {
      auditGateEnabled: boolean;
    };
    expect(after.auditGateEnabled).toBe(settings.auditGateEnabled);
  });
}
