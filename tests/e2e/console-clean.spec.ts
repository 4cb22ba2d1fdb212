import type { APIRequestContext, Page } from "@playwright/test";
import { expect, SIGNED_OUT, test, uniqueName } from "./fixtures";
import { waitForHydration } from "./pages/app-shell";
import { TestAgent } from "./pages/halts-page";
import { E2E_LOCALES, untranslated } from "./pages/messages";
import { createRunThroughApi } from "./pages/runs-page";

/**
 * Every console page in every locale, at desktop width and at 375 px, loads without a console error, an
 * uncaught exception or a failed request (the `pageProblems` fixture in fixtures.ts fails the test on
 * any), after hydrating and loading its data. The pages carry real data: a session with halts, a run,
 * settings changes (their log once broke next-intl's date formatting) and times that render relative
 * ("5 seconds ago", a hydration mismatch when the server rendered them). The German and Italian pages
 * must not show an English sentence of the catalog or a raw message key (pages/messages.ts untranslated).
 */

type Target = { path: string; ready: string };

async function seed(
  adminRequest: APIRequestContext,
  newContext: Parameters<typeof TestAgent.create>[1],
  baseURL: string,
): Promise<Target[]> {
  const agent = await TestAgent.create(adminRequest, newContext, baseURL, uniqueName("e2e-clean"));
  const session = await agent.openSession();
  const haltId = await agent.recordHalt(session.session_token, {
    severity: "high",
    description: `${uniqueName("clean")} wants to delete a production table`,
  });
  // Halts Keel wrote itself (the check records critical and high ones): their descriptions are message
  // keys, so the German and Italian pages must show them translated.
  const reasons = await agent.check(session.session_token, {
    operation: "tidy up the server",
    commands: ["sudo chmod 777 /srv/app", "rm -rf /"],
    uncertainty_score: 9,
  });
  const keelHalt = reasons.find((reason) => reason.condition_name === "privilege_escalation")?.halt_id;
  expect(keelHalt, JSON.stringify(reasons)).toBeTruthy();
  const runId = await createRunThroughApi(adminRequest, `${uniqueName("clean")} list the open halts`);
  return [
    { path: "", ready: "main h1" },
    { path: "/halts", ready: `[data-testid="halt-counts"]` },
    { path: `/halts/${haltId}`, ready: "[data-testid=halt-description]" },
    { path: `/halts/${keelHalt}`, ready: "[data-testid=halt-description]" },
    { path: `/sessions/${session.session_id}`, ready: "main h2" },
    { path: "/runs", ready: `[data-testid="run-row"][data-run-id="${runId}"]` },
    { path: `/runs/${runId}`, ready: '[data-testid="run-event"][data-type="run.queued"]' },
    { path: "/settings/runtime", ready: '[data-testid="settings-change-log"]' },
    { path: "/account", ready: "main form" },
    { path: "/admin/users", ready: "main table, main ul" },
    { path: "/admin/agent-keys", ready: "main h1" },
    { path: "/admin/conditions", ready: "main h1" },
    { path: "/admin/mcp-tools", ready: "main h1" },
  ];
}

/**
 * The page's text that Keel wrote: without what agents and models wrote (a run's task, the model's
 * replies, tool arguments and results, the answer: the timeline shows those in <pre> blocks) and
 * without scripts.
 */
async function keelText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const body = document.body.cloneNode(true) as HTMLElement;
    for (const element of body.querySelectorAll(
      'script, style, template, pre, [data-testid="run-task"], [data-testid="model-text"], [data-testid="run-final-text"]',
    ))
      element.remove();
    return body.textContent ?? "";
  });
}

/** One settings change (flipped and flipped back), so the settings page shows its change log. */
async function changeASetting(adminRequest: APIRequestContext) {
  const read = async () =>
    (await (await adminRequest.get("/api/app-settings")).json()) as Record<string, unknown>;
  for (let step = 0; step < 2; step++) {
    const current = await read();
    const response = await adminRequest.put("/api/app-settings", {
      data: { toolScaffoldingGuardEnabled: !current.toolScaffoldingGuardEnabled },
      headers: { "If-Match": String(current.version) },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 740 : 900 } });

    test("every page in every locale loads without console errors or failed requests", async ({
      page,
      adminRequest,
      playwright,
      pageProblems,
    }, testInfo) => {
      test.setTimeout(240_000);
      await changeASetting(adminRequest);
      const targets = await seed(
        adminRequest,
        (options) => playwright.request.newContext(options),
        testInfo.project.use.baseURL!,
      );
      for (const locale of E2E_LOCALES) {
        for (const target of targets) {
          const path = `/${locale}${target.path}`;
          const response = await page.goto(path);
          expect(response?.status(), path).toBe(200);
          await waitForHydration(page);
          await page.locator(target.ready).first().waitFor();
          expect(pageProblems.unexpected(), path).toEqual([]);
          // No English sentence of the catalog and no raw message key in the German and Italian pages.
          expect(untranslated(locale, await keelText(page)), path).toEqual([]);
        }
      }
    });
  });
}

test.describe("signed out", () => {
  test.use({ storageState: SIGNED_OUT });

  for (const locale of E2E_LOCALES) {
    test(`the sign-in page loads without console errors (${locale})`, async ({ page, pageProblems }) => {
      await page.goto(`/${locale}/sign-in`);
      await waitForHydration(page);
      await page.getByRole("button").first().waitFor();
      expect(pageProblems.unexpected()).toEqual([]);
    });
  }
});

test("the favicon and the app icons load", async ({ request }) => {
  for (const path of ["/favicon.ico", "/icon.svg", "/apple-icon.png"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect((await response.body()).length, path).toBeGreaterThan(100);
  }
});
