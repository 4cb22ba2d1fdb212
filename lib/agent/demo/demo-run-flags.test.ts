import { describe, expect, it } from "vitest";
import { DEFAULT_RUNTIME_FLAGS } from "@/lib/schemas/settings";
import { DEMO_RUNS, DEMO_SCENARIOS, demoRunFlags } from "./index";

describe("demoRunFlags", () => {
  it("turns on a demo run's own guard when it is off by default, and leaves guards on by default alone", () => {
    for (const demo of DEMO_RUNS)
      expect(demoRunFlags(demo.task), demo.name).toEqual(
        demo.setting && DEFAULT_RUNTIME_FLAGS[demo.setting] === false ? { [demo.setting]: true } : {},
      );
    const quarantine = DEMO_RUNS.find((demo) => demo.name === DEMO_SCENARIOS.quarantine)!;
    expect(demoRunFlags(quarantine.task)).toEqual({});
  });

  it("turns the audit gate on for the audit scenario (off by default)", () => {
    const audit = DEMO_RUNS.find((demo) => demo.name === DEMO_SCENARIOS.audit)!;
    expect(demoRunFlags(audit.task)).toEqual({ auditGateEnabled: true });
  });

  it("changes nothing for a task without a scenario marker", () => {
    expect(demoRunFlags("Follow the deployment checklist for the staging server.")).toEqual({});
  });
});
