import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "@": path.resolve(import.meta.dirname),
  // "server-only" throws outside the React server runtime; tests import server modules directly.
  "server-only": path.resolve(import.meta.dirname, "tests/fixtures/server-only.ts"),
};

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: [
            "lib/**/*.test.ts",
            "agent/**/*.test.ts",
            "scripts/**/*.test.ts",
            "messages/**/*.test.ts",
            "components/**/*.test.ts",
            "bench/**/*.test.ts",
          ],
          environment: "node",
          // Two workers: Vitest's default for a run is one fewer than the cores, which on the 2-core CI
          // host is one, and the suite then runs file after file (140 s against 96 s with two).
          maxWorkers: 2,
          // Pure tests, but some (property and linearity tests, whole-corpus checks) do real work: a
          // busy 2-core host must not turn them into timeouts. Speed is measured in bench/, not here.
          testTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/integration/global-setup.ts"],
          // Generous and bounded: a host kept busy (npm run busy-host) must not turn a slow test into a
          // timeout; tests poll for conditions instead of timing anything.
          testTimeout: 90_000,
          hookTimeout: 60_000,
          // The halt check answers its fail-safe after 1.5 s (lib/db/deadlines.ts); on a busy host an
          // ordinary check can take that long, which would turn contract tests into fail-safe answers.
          // The fail-safe paths are tested through a dead or hung database, not through this budget.
          env: { KEEL_HALT_CHECK_BUDGET_MS: "15000" },
          fileParallelism: true,
          // Three on two cores: much of these tests' time is spent waiting on child processes, the
          // database and timers (the supervisor tests wait out restart back-offs and leases), so a third
          // file overlaps that waiting (on the 2-core CI host: 208 s against 239 s with two).
          maxWorkers: 3,
        },
      },
    ],
  },
});
