import { describe, expect, it } from "vitest";
import { DEMO_RUNS, DEMO_SCENARIOS, demoRunFlags } from "./index";

describe("demoRunFlags", () => {
  it("turns on each demo run's own guard, and nothing for a scenario without a switch", () => {
    for (const demo of DEMO_RUNS)
      expect(demoRunFlags(demo.task), demo.name).toEqual(demo.setting ? { [demo.setting]: true } : {});
  });

  it("turns the audit gate on for the audit scenario (off by default)", () => {
    const audit = DEMO_RUNS.find((demo) => demo.name === DEMO_SCENARIOS.audit)!;
    expect(demoRunFlags(audit.task)).toEqual({ auditGateEnabled: true });
  });

  it("changes nothing for a task without a scenario marker", () => {
    expect(demoRunFlags("Follow the deployment checklist for the staging server.")).toEqual({});
  });
});
