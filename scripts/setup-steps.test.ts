import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

type SetupSteps = {
  ensureInstalled(projectRoot: string): Promise<"current" | "adopt" | "install" | "reinstall">;
  installState(projectRoot: string): "current" | "adopt" | "install" | "reinstall";
  npmInstalledLockfile(projectRoot: string): boolean;
};
const setupStepsModule = "./setup-steps.mjs";
const steps = (await import(setupStepsModule)) as SetupSteps;

// A tiny project installed by the real npm, offline: its dependencies are local tarballs. Its runtime
// dependency is called "next" because ensureInstalled also checks that node_modules/next exists.
let project: string;
let pristine: { manifest: string; lock: string };

function npm(args: string[]) {
  const result = spawnSync("npm", [...args, "--no-audit", "--no-fund"], {
    cwd: project,
    encoding: "utf8",
    timeout: 120_000,
    env: { ...process.env, npm_config_update_notifier: "false", npm_config_offline: "true" },
  });
  if (result.status !== 0) throw new Error(`npm ${args.join(" ")} failed: ${result.stderr}`);
}

function packLocal(name: string) {
  const source = path.join(project, "sources", name);
  fs.mkdirSync(source, { recursive: true });
  fs.writeFileSync(path.join(source, "package.json"), JSON.stringify({ name, version: "1.0.0" }));
  fs.writeFileSync(path.join(source, "index.js"), "module.exports = 1;\n");
  const packed = spawnSync("npm", ["pack", source, "--pack-destination", path.join(project, "vendor")], {
    encoding: "utf8",
  });
  if (packed.status !== 0) throw new Error(packed.stderr);
}

const file = (name: string) => path.join(project, name);
const readJson = (name: string) => JSON.parse(fs.readFileSync(file(name), "utf8"));
const writeJson = (name: string, value: unknown) => fs.writeFileSync(file(name), JSON.stringify(value));

beforeAll(() => {
  project = fs.mkdtempSync(path.join(os.tmpdir(), "keel-install-"));
  fs.mkdirSync(path.join(project, "vendor"));
  packLocal("next");
  packLocal("fixture-dev-tool");
  writeJson("package.json", {
    name: "install-fixture",
    version: "1.0.0",
    private: true,
    dependencies: { next: "file:vendor/next-1.0.0.tgz" },
    devDependencies: { "fixture-dev-tool": "file:vendor/fixture-dev-tool-1.0.0.tgz" },
  });
  npm(["install"]);
  pristine = {
    manifest: fs.readFileSync(file("package.json"), "utf8"),
    lock: fs.readFileSync(file("package-lock.json"), "utf8"),
  };
}, 180_000);

afterAll(() => {
  fs.rmSync(project, { recursive: true, force: true });
});

beforeEach(() => {
  fs.writeFileSync(file("package.json"), pristine.manifest);
  fs.writeFileSync(file("package-lock.json"), pristine.lock);
  npm(["ci"]);
}, 180_000);

describe("ensureInstalled after a plain npm ci", () => {
  it("installs nothing a second time and records the install", async () => {
    const marker = file("node_modules/next/kept.txt");
    fs.writeFileSync(marker, "npm ci would delete this");
    expect(steps.installState(project)).toBe("adopt");
    expect(await steps.ensureInstalled(project)).toBe("adopt");
    expect(fs.existsSync(marker)).toBe(true);
    expect(steps.installState(project)).toBe("current");
    expect(await steps.ensureInstalled(project)).toBe("current");
  });

  it("reinstalls once the lockfile changes after its own install", async () => {
    await steps.ensureInstalled(project);
    const lock = readJson("package-lock.json");
    lock.packages["node_modules/next"].integrity = "sha512-changed";
    writeJson("package-lock.json", lock);
    expect(steps.installState(project)).toBe("reinstall");
  });
});

describe("npm's record of the installed tree (node_modules/.package-lock.json)", () => {
  it("matches right after npm ci", () => {
    expect(steps.npmInstalledLockfile(project)).toBe(true);
  });

  it("does not match when a package was deleted by hand", () => {
    fs.rmSync(file("node_modules/fixture-dev-tool"), { recursive: true });
    expect(steps.npmInstalledLockfile(project)).toBe(false);
    expect(steps.installState(project)).toBe("install");
  });

  it("does not match an install without the dev dependencies (the suite needs them)", () => {
    npm(["ci", "--omit=dev"]);
    expect(steps.npmInstalledLockfile(project)).toBe(false);
  });

  it("does not match when package.json asks for more than the lockfile has", () => {
    const manifest = readJson("package.json");
    manifest.dependencies.extra = "1.0.0";
    writeJson("package.json", manifest);
    expect(steps.npmInstalledLockfile(project)).toBe(false);
  });

  it("does not match when the lockfile names another version", () => {
    const lock = readJson("package-lock.json");
    lock.packages["node_modules/next"].version = "1.0.1";
    writeJson("package-lock.json", lock);
    expect(steps.npmInstalledLockfile(project)).toBe(false);
  });

  it("tolerates a missing optional package (one for another platform), not a missing required one", () => {
    const lock = readJson("package-lock.json");
    lock.packages["node_modules/@fixture/other-platform"] = { version: "1.0.0", optional: true, os: ["aix"] };
    writeJson("package-lock.json", lock);
    expect(steps.npmInstalledLockfile(project)).toBe(true);
    lock.packages["node_modules/@fixture/other-platform"].optional = false;
    writeJson("package-lock.json", lock);
    expect(steps.npmInstalledLockfile(project)).toBe(false);
  });
});
