import { expect, test } from "./fixtures";
import { E2E_LOCALES } from "./pages/messages";
import { RunPage } from "./pages/runs-page";

/**
 * "Run demo scenarios" in each language: every scenario shows its guard firing on its run page (the
 * demo turns on, for its run only, a guard that is off by default), and its outcome is final.
 */

/** The timeline event that shows each scenario's guard at work. */
const GUARD_EVENT: Record<string, string> = {
  "demo-quarantine": "tool.end",
  "demo-scaffolding": "scaffolding.stripped",
  "demo-recovery": "scaffolding.recovery",
  "demo-budget": "budget.wrapup",
  "demo-terminal": "run.intervention",
  "demo-audit": "audit.verdict",
  "demo-side-effect": "run.caveats",
  "demo-silent": "run.todo_gate",
};

type DemoRun = {
  id: string;
  task: string;
  status: string;
  outcome: string;
  guardCounts: {
    quarantinedSegments: number;
    scaffoldStripped: number;
    auditVerdicts: number;
    interventions: number;
  };
};

for (const locale of E2E_LOCALES) {
  test(`every demo scenario shows its guard firing (${locale})`, async ({ page, adminRequest }) => {
    test.setTimeout(240_000);
    const response = await adminRequest.post(`/api/runs/demo?locale=${locale}`);
    expect(response.status(), await response.text()).toBe(201);
    const { runs } = (await response.json()) as { runs: DemoRun[] };
    expect(runs.map((run) => /\[\[scenario:([a-z-]+)\]\]/.exec(run.task)?.[1]).sort()).toEqual(
      Object.keys(GUARD_EVENT).sort(),
    );
    for (const queued of runs) {
      const scenario = /\[\[scenario:([a-z-]+)\]\]/.exec(queued.task)?.[1] as string;
      let run = queued;
      await expect
        .poll(
          async () => {
            run = (await (await adminRequest.get(`/api/runs/${queued.id}`)).json()) as DemoRun;
            return run.status;
          },
          { timeout: 90_000, message: scenario },
        )
        .not.toMatch(/^(queued|running)$/);
      const guardCount =
        run.guardCounts.quarantinedSegments +
        run.guardCounts.scaffoldStripped +
        run.guardCounts.auditVerdicts +
        run.guardCounts.interventions;
      expect(guardCount, `${scenario}: ${JSON.stringify(run.guardCounts)}`).toBeGreaterThan(0);
      if (scenario === "demo-quarantine") expect(run.guardCounts.quarantinedSegments).toBeGreaterThan(0);
      const view = await new RunPage(page, locale).goto(queued.id);
      await expect(view.event(GUARD_EVENT[scenario] as string).first(), scenario).toBeVisible();
      await expect(view.outcome).toHaveAttribute("data-outcome", run.outcome);
      await expect(view.outcome).toContainText(view.t("RunLabels.outcome", { outcome: run.outcome }));
    }
  });
}
