import AxeBuilder from "@axe-core/playwright";
import { expect, SIGNED_OUT, test, uniqueName } from "./fixtures";
import { TestAgent } from "./pages/halts-page";
import { createRunThroughApi } from "./pages/runs-page";

/**
 * axe-core on every console page (WCAG 2.1 A and AA rules), signed in as admin, with real data: a
 * session with a critical halt recorded by an agent key, so the detail and session pages render fully,
 * and a queued run, so the runs list has a row and the run page a timeline.
 */

async function expectNoViolations(
  page: import("@playwright/test").Page,
  path: string,
  ready: () => Promise<void>,
) {
  await page.goto(path);
  await ready();
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
  expect(summary, `axe violations on ${path}`).toEqual([]);
}

test("every console page has no axe violations", async ({ page, adminRequest, playwright }, testInfo) => {
  test.setTimeout(120_000);
  const baseURL = testInfo.project.use.baseURL!;
  const agent = await TestAgent.create(
    adminRequest,
    (options) => playwright.request.newContext(options),
    baseURL,
    uniqueName("e2e-axe"),
  );
  const session = await agent.openSession();
  const haltId = await agent.recordHalt(session.session_token, {
    severity: "critical",
    description: `${uniqueName("axe")} secret in output`,
  });
  const runId = await createRunThroughApi(adminRequest, `${uniqueName("axe")} summarise the open halts`);

  const pages: [string, string][] = [
    ["/en", "main"],
    ["/de/halts", "main"],
    [`/it/halts/${haltId}`, "[data-testid=halt-description]"],
    [`/en/sessions/${session.session_id}`, "main"],
    ["/de/settings/runtime", '[data-testid="runtime-status"][data-version]'],
    ["/en/account", "main"],
    ["/en/admin/users", "main"],
    ["/it/admin/agent-keys", "main"],
    ["/de/admin/conditions", "main"],
    ["/de/runs", `[data-testid="run-row"][data-run-id="${runId}"]`],
    ["/en/runs?status=cancelled&kind=heartbeat", "[data-testid=runs-empty]"],
    [`/it/runs/${runId}`, '[data-testid="run-event"][data-type="run.queued"]'],
    ["/en/runs/00000000-0000-4000-8000-000000000000", "main h1"],
  ];
  for (const [path, selector] of pages) {
    await expectNoViolations(page, path, async () => {
      await page.locator(selector).first().waitFor();
    });
  }
});

test.describe("signed out", () => {
  test.use({ storageState: SIGNED_OUT });
  test("the sign-in page has no axe violations", async ({ page }) => {
    await expectNoViolations(page, "/de/sign-in", async () => {
      await page.getByRole("button").first().waitFor();
    });
  });
});
