import { describe, expect, it } from "vitest";
import type { RuntimeInstance, RuntimeStatus } from "@/lib/schemas/settings";
import { describeRunRuntimes } from "./run-runtimes";

function createInstance(overrides: Partial<RuntimeInstance> = {}): RuntimeInstance {
  return {
    id: "runtime-1",
    host: "host",
    pid: 1,
    startedAt: "2026-01-01T00:00:00.000Z",
    lastPollAt: "2026-01-01T00:00:00.000Z",
    appliedSettingsVersion: 1,
    model: "openai:gpt-4.1-mini",
    demoModel: false,
    alive: true,
    ...overrides,
  };
}

const status = (instances: RuntimeInstance[]): RuntimeStatus => ({
  settingsVersion: 1,
  instances,
  appliedBy: instances.length,
  lastAppliedAt: null,
});

describe("describeRunRuntimes", () => {
  it("reports no runtime for no status, no instances or only stopped ones", () => {
    expect(describeRunRuntimes(null)).toEqual({ type: "none" });
    expect(describeRunRuntimes(status([]))).toEqual({ type: "none" });
    expect(describeRunRuntimes(status([createInstance({ alive: false, demoModel: true })]))).toEqual({
      type: "none",
    });
  });

  it("offers the demo when a live runtime serves the demo model", () => {
    expect(
      describeRunRuntimes(
        status([
          createInstance({ model: "demo (scripted)", demoModel: true }),
          createInstance({ id: "old", model: "other", alive: false }),
        ]),
      ),
    ).toEqual({ type: "demo", models: ["demo (scripted)"] });
  });

  it("names the live runtimes' models once each, skipping unlabelled ones", () => {
    expect(
      describeRunRuntimes(
        status([
          createInstance({ model: "openai:gpt-4.1-mini" }),
          createInstance({ id: "2", model: "openai:gpt-4.1-mini" }),
          createInstance({ id: "3", model: "anthropic:claude" }),
          createInstance({ id: "4", model: null }),
        ]),
      ),
    ).toEqual({ type: "models", models: ["openai:gpt-4.1-mini", "anthropic:claude"] });
  });
});
