import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { chromiumLaunchOptions, resolveChromium } from "./chromium";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "keel-chromium-"));
const fakeBrowser = path.join(scratch, "chromium");
fs.writeFileSync(fakeBrowser, "#!/bin/sh\n", { mode: 0o755 });
const missing = path.join(scratch, "missing", "chromium");

afterAll(() => {
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe("the end-to-end browser lookup", () => {
  it("takes CHROMIUM_PATH first", () => {
    const choice = resolveChromium({ CHROMIUM_PATH: fakeBrowser, KEEL_SYSTEM_CHROMIUM: "/bin/sh" });
    expect(choice).toMatchObject({ source: "CHROMIUM_PATH", executablePath: fakeBrowser, env: {} });
  });

  it("refuses a CHROMIUM_PATH that does not exist instead of silently taking another browser", () => {
    expect(() => resolveChromium({ CHROMIUM_PATH: missing })).toThrow(/CHROMIUM_PATH .* does not exist/);
  });

  it("takes the system Chromium next", () => {
    expect(resolveChromium({ KEEL_SYSTEM_CHROMIUM: fakeBrowser })).toMatchObject({
      source: "system",
      executablePath: fakeBrowser,
    });
  });

  it("falls back to the Chromium of the npm package, which runs with its own libraries", () => {
    const choice = resolveChromium({ KEEL_SYSTEM_CHROMIUM: missing });
    expect(choice.source).toBe("bundled");
    expect(choice.executablePath).toMatch(/\.cache\/chromium\/[\d.]+\/chromium$/);
    const options = chromiumLaunchOptions(choice);
    expect(options.env?.LD_LIBRARY_PATH?.split(":")[0]).toMatch(/al2023\/lib$/);
    expect(fs.readFileSync(options.env!.FONTCONFIG_FILE!, "utf8")).toContain(
      path.join(path.dirname(choice.executablePath), "fonts"),
    );
    const version = spawnSync(choice.executablePath, ["--no-sandbox", "--version"], {
      env: options.env,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(version.stdout).toMatch(/^Chromium \d+\./);
  }, 300_000);

  it("passes no browser environment of its own for a system Chromium", () => {
    expect(chromiumLaunchOptions(resolveChromium({ KEEL_SYSTEM_CHROMIUM: fakeBrowser }))).not.toHaveProperty(
      "env",
    );
  });
});
