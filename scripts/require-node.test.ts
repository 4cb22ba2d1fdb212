import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const requireNode = createRequire(import.meta.url)("./require-node.cjs") as {
  ENGINES: string;
  isSupportedNodeVersion(version: string): boolean;
  refusal(version: string): string;
};

describe("the supported Node.js versions", () => {
  it.each([
    ["v18.20.8", false],
    ["v20.19.0", false],
    ["v20.20.2", false],
    ["v22.12.0", false],
    ["v22.16.0", false],
    ["v22.17.0", true],
    ["v22.23.5", true],
    ["v23.11.1", false],
    ["v24.0.0", true],
    ["v24.22.3", true],
    ["v25.9.0", true],
    ["v26.12.1", true],
    ["v30.0.0", true],
  ])("%s is supported: %s", (version, supported) => {
    expect(requireNode.isSupportedNodeVersion(version)).toBe(supported);
  });

  it("are the ones package.json declares", () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
    expect(manifest.engines.node).toBe(requireNode.ENGINES);
  });

  it("include every line CI runs, with 22 at its lowest supported release", async () => {
    const testNodeModule = "./test-node.mjs";
    const { NODE_LINES } = (await import(testNodeModule)) as { NODE_LINES: Record<string, string> };
    for (const version of Object.values(NODE_LINES))
      expect(requireNode.isSupportedNodeVersion(version)).toBe(true);
    expect(requireNode.ENGINES).toContain(`^${NODE_LINES["22"]}`);
  });

  it("include the Node.js running the tests", () => {
    expect(requireNode.isSupportedNodeVersion(process.version)).toBe(true);
  });

  it("are refused in one line that says what is needed and how to get it", () => {
    const line = requireNode.refusal("v20.20.2");
    expect(line).not.toContain("\n");
    expect(line).toContain("22.17");
    expect(line).toContain("24");
    expect(line).toContain("v20.20.2");
    expect(line).toContain("https://nodejs.org/");
  });
});

/** A Node.js older than the supported ones on this machine (Debian's is 20), or KEEL_OLD_NODE. */
function findOldNode(): { binary: string; version: string } | null {
  for (const binary of [process.env.KEEL_OLD_NODE, "/usr/bin/node", "/usr/local/bin/node"]) {
    if (!binary || !fs.existsSync(binary)) continue;
    const version = spawnSync(binary, ["--version"], { encoding: "utf8" }).stdout?.trim();
    if (version && !requireNode.isSupportedNodeVersion(version)) return { binary, version };
  }
  return null;
}

const oldNode = findOldNode();

describe.skipIf(!oldNode)(`on an unsupported Node.js (${oldNode?.version ?? "none on this machine"})`, () => {
  const { binary, version } = oldNode ?? { binary: "", version: "" };
  const refusal = `${requireNode.refusal(version)}\n`;

  function runOld(command: string, args: string[]) {
    const dataDirectory = fs.mkdtempSync(path.join(os.tmpdir(), "keel-old-node-"));
    fs.rmdirSync(dataDirectory);
    const result = spawnSync(command, args, {
      cwd: root,
      encoding: "utf8",
      timeout: 60_000,
      env: {
        ...process.env,
        PATH: `${path.dirname(binary)}${path.delimiter}${process.env.PATH}`,
        KEEL_DATA_DIR: dataDirectory,
        PORT: "1",
        npm_config_update_notifier: "false",
      },
    });
    const created = fs.existsSync(dataDirectory);
    fs.rmSync(dataDirectory, { recursive: true, force: true });
    return { ...result, created };
  }

  it.each([["scripts/start.mjs"], ["scripts/test.mjs"], ["scripts/smoke.mjs"]])(
    "node %s prints the one-line refusal, exits 1 and starts nothing",
    (script) => {
      const result = runOld(binary, [script]);
      expect(result.status).toBe(1);
      expect(result.stderr).toBe(refusal);
      expect(result.stdout).toBe("");
      expect(result.created).toBe(false);
    },
  );

  it.each([["start"], ["test"], ["run keel"], ["run db:migrate"]])(
    "npm %s prints the one-line refusal and exits 1",
    (command) => {
      const result = runOld("npm", command.split(" "));
      expect(result.status).toBe(1);
      expect(result.stderr).toBe(refusal);
      // npm's own banner (> keel@0.1.0 start ...) is all there is besides.
      expect(result.stdout.split("\n").filter((line) => line && !line.startsWith(">"))).toEqual([]);
      expect(result.created).toBe(false);
    },
  );
});
