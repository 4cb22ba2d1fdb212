import { spawnSync } from "node:child_process";
import { describe, expect, inject, it } from "vitest";

describe("committed migrations", () => {
  it("produce exactly prisma/schema.prisma (plus the listed hand-written objects)", () => {
    const result = spawnSync(
      process.execPath,
      ["--experimental-wasm-modules", "--no-warnings", "--import", "tsx", "scripts/migrate.ts", "check"],
      {
        env: { ...process.env, DATABASE_URL: inject("adminDatabaseUrl") },
        encoding: "utf8",
        timeout: 120_000,
      },
    );
    expect(result.stderr).toBe("");
    expect(result.stdout).toContain("Migrations produce exactly prisma/schema.prisma");
    expect(result.status).toBe(0);
  });
});
