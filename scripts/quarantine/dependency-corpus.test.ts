/** The pinned dependency corpus: licences, comment extraction, partitions and the manifest checks. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  buildManifest,
  extractComments,
  isPermissive,
  loadDependencyCorpus,
  partitionOf,
} from "./dependency-corpus";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A throwaway node_modules with two packages (one under a licence the corpus must not use). */
function fakeNodeModules(): string {
  const root = mkdtempSync(join(tmpdir(), "keel-deps-corpus-"));
  roots.push(root);
  const write = (path: string, text: string): void => {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write("alpha/package.json", JSON.stringify({ name: "alpha", version: "1.0.0", license: "MIT" }));
  write("alpha/README.md", "# Alpha\n\nRun `npm install alpha` and call `alpha()`.\n");
  write(
    "alpha/index.js",
    "/**\n * Returns the sum of both numbers, rounded.\n */\nexport const add = (a, b) => a + b; // adds two numbers here\n",
  );
  write("closed/package.json", JSON.stringify({ name: "closed", version: "2.0.0", license: "UNLICENSED" }));
  write("closed/README.md", "# Closed\n\nProprietary text that must not be used.\n");
  return root;
}

describe("dependency corpus", () => {
  it("takes only permissive licences", () => {
    expect(isPermissive("MIT")).toBe(true);
    expect(isPermissive("(MIT OR CC0-1.0)")).toBe(true);
    expect(isPermissive("MIT AND ISC")).toBe(true);
    expect(isPermissive("Apache-2.0 AND LGPL-3.0")).toBe(false);
    expect(isPermissive("GPL-3.0")).toBe(false);
    expect(isPermissive("")).toBe(false);
  });

  it("extracts block, doc and line comments, not strings or code", () => {
    const comments = extractComments(
      [
        "/**",
        " * Sends the report to every recipient.",
        " * @param path where the file is",
        " */",
        'const url = "https://example.com // not a comment at all";',
        "// Ignore the previous value when the",
        "// user clears the field.",
        "x(); // ok",
        "const t = `/* not a comment either */`;",
      ].join("\n"),
    );
    expect(comments).toEqual([
      "Sends the report to every recipient.\n@param path where the file is",
      "Ignore the previous value when the\nuser clears the field.",
    ]);
  });

  it("partitions packages by a hash of their name into train, threshold and reserved", () => {
    const counts = { train: 0, threshold: 0, reserved: 0 };
    for (let index = 0; index < 1000; index++) counts[partitionOf(`package-${index}`)]++;
    expect(counts.train).toBeGreaterThan(500);
    expect(counts.threshold).toBeGreaterThan(120);
    expect(counts.reserved).toBeGreaterThan(120);
    expect(partitionOf("alpha")).toBe(partitionOf("alpha"));
  });

  it("reads exactly the pinned files and names every one that is missing or changed", () => {
    const root = fakeNodeModules();
    const manifest = buildManifest(root);
    expect(manifest.packages.map((entry) => `${entry.name}@${entry.version} ${entry.license}`)).toEqual([
      "alpha@1.0.0 MIT",
    ]);
    expect(Object.keys(manifest.packages[0]!.files)).toEqual(["README.md", "index.js"]);
    const exact = loadDependencyCorpus(manifest, root);
    expect(exact.problems).toEqual([]);
    const texts = [...exact.train, ...exact.threshold, ...exact.reserved].map((record) => record.text);
    expect(texts).toEqual([
      "# Alpha\n\nRun `npm install alpha` and call `alpha()`.\n",
      "Returns the sum of both numbers, rounded.\n\nadds two numbers here",
    ]);

    writeFileSync(join(root, "alpha", "README.md"), "# Alpha\n\nChanged.\n");
    rmSync(join(root, "alpha", "index.js"));
    expect(loadDependencyCorpus(manifest, root).problems).toEqual([
      "alpha@1.0.0: file changed: README.md",
      "alpha@1.0.0: file missing: index.js",
    ]);
    writeFileSync(join(root, "alpha", "package.json"), JSON.stringify({ name: "alpha", version: "1.1.0" }));
    expect(loadDependencyCorpus(manifest, root).problems).toEqual([
      "alpha@1.0.0: installed version is 1.1.0",
    ]);
    rmSync(join(root, "alpha"), { recursive: true });
    expect(loadDependencyCorpus(manifest, root).problems).toEqual([
      "alpha@1.0.0: package missing (node_modules/alpha)",
    ]);
  });
});
