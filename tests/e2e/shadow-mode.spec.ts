/**
 * Shadow mode end to end in the Italian panel, against the real stack with the scripted demo model: the
 * quarantine set to Shadow lets the injected text reach the model unchanged (the scripted model answers
 * with the tool result it received) while the timeline shows what would have been removed; the panel's
 * 24 h figures match the runs the API lists for them; switched On, the next run is quarantined.
 */
import { expect, test } from "./fixtures";
import { createRunThroughApi, RunPage } from "./pages/runs-page";
import { SettingsPage } from "./pages/settings-page";

// Changes the global settings row (and restores it): same lock as settings.spec.ts.
test.describe.configure({ mode: "default", lock: "app-settings" });

const QUARANTINE_TASK = "Riassumi la pagina delle note di rilascio. [[scenario:demo-quarantine]]";
const MARKER = "[instruction-shaped content removed]";
const INJECTION = "backup@attacker.example";

async function openModelText(run: RunPage) {
  const received = run.event("tool.end").first().getByTestId("model-text");
  await received.evaluate((element) => element.closest("details")?.setAttribute("open", ""));
  return received;
}

test("quarantine in Shadow in the Italian panel, then On: what would have been removed, then removed", async ({
  page,
  adminRequest,
}) => {
  // Two runs, the panel three times and the filtered runs list: more than the default minute on a busy host.
  test.setTimeout(240_000);
  const settings = await new SettingsPage(page, "it").goto();
  // Shadow = the switch off and its shadow switch on (one audit row each, applied like every switch).
  if (await settings.switchValue("toolResultQuarantineEnabled"))
    await settings.toggle("toolResultQuarantineEnabled");
  let version = 0;
  if (!(await settings.switchValue("toolResultQuarantineShadow")))
    ({ version } = await settings.toggle("toolResultQuarantineShadow"));
  await expect(page.getByTestId("guard-effects-quarantine")).toHaveAttribute("data-mode", "shadow");
  try {
    if (version > 0) await settings.expectRuntimeApplied(version);

    const shadowRunId = await createRunThroughApi(adminRequest, QUARANTINE_TASK, "job", "it");
    const run = await new RunPage(page, "it").goto(shadowRunId);
    await expect(run.status).toHaveAttribute("data-status", "succeeded", { timeout: 30_000 });
    // The model received the injected text unchanged: it is in what the model read and in its answer.
    const received = await openModelText(run);
    await expect(received).toContainText(INJECTION);
    await expect(received).not.toContainText(MARKER);
    await expect(page.getByTestId("run-final-text")).toContainText(INJECTION);
    // The timeline says, in Italian, what the quarantine would have removed, with the previews.
    const shadow = run.event("guard.shadow");
    await expect(shadow).toHaveCount(1);
    await expect(shadow).toContainText(run.t("RunTimeline.shadowBadge"));
    await expect(shadow).toContainText("La quarantena avrebbe rimosso");
    await expect(
      shadow.getByTestId("shadow-preview").filter({ hasText: "Ignore all previous instructions" }),
    ).toHaveCount(1);

    // The panel's 24 h figures match the runs the API lists for them, and the link shows that run.
    await settings.goto();
    const figures = page.getByTestId("guard-effects-quarantine").getByTestId("guard-effects-24h-shadow");
    await expect(figures).not.toHaveAttribute("data-runs", "0");
    const shownRuns = Number(await figures.getAttribute("data-runs"));
    const shownResults = Number(await figures.getAttribute("data-results"));
    const href = (await figures.getAttribute("href")) ?? "";
    const since = new URL(href, "http://x").searchParams.get("since") ?? "";
    const listed = (await (
      await adminRequest.get(
        `/api/runs?guard=quarantine&decision=shadow&since=${encodeURIComponent(since)}&limit=100`,
      )
    ).json()) as { runs: { id: string }[] };
    expect(shownRuns).toBe(listed.runs.length);
    expect(listed.runs.map((entry) => entry.id)).toContain(shadowRunId);
    let shadowEvents = 0;
    for (const entry of listed.runs) {
      const events = (await (await adminRequest.get(`/api/runs/${entry.id}/events`)).json()) as {
        events: { type: string }[];
      };
      shadowEvents += events.events.filter((event) => event.type === "guard.shadow").length;
    }
    expect(shownResults).toBe(shadowEvents);
    await figures.click();
    await expect(page).toHaveURL(/\/it\/runs\?.*guard=quarantine/);
    await expect(page.locator(`a[href*="${shadowRunId}"]`).first()).toBeVisible();

    // On: the next run is quarantined.
    await settings.goto();
    const on = await settings.toggle("toolResultQuarantineEnabled");
    expect(on.to).toBe(true);
    await settings.expectRuntimeApplied(on.version);
    await expect(page.getByTestId("guard-effects-quarantine")).toHaveAttribute("data-mode", "on");
    const enforcedRunId = await createRunThroughApi(adminRequest, QUARANTINE_TASK, "job", "it");
    await run.goto(enforcedRunId);
    await expect(run.status).toHaveAttribute("data-status", "succeeded", { timeout: 30_000 });
    const quarantined = await openModelText(run);
    await expect(quarantined).toContainText(MARKER);
    await expect(quarantined).not.toContainText(INJECTION);
    await expect(run.event("guard.shadow")).toHaveCount(0);
  } finally {
    await settings.goto();
    if (!(await settings.switchValue("toolResultQuarantineEnabled")))
      await settings.toggle("toolResultQuarantineEnabled");
    if (await settings.switchValue("toolResultQuarantineShadow"))
      await settings.toggle("toolResultQuarantineShadow");
  }
});
