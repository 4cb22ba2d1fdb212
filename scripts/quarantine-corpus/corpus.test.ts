import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildCorpus, CORPUS_DIR, SPLITS } from "./generate";

interface Line {
  id: string;
  tool: string;
  text: string;
  label: string;
  category: string;
  lang: string;
  family?: string;
  obfuscation?: string;
  carrier?: string;
  payload_id?: string;
  spans?: [number, number][];
  source: string;
  license: string;
}

function read(name: string): Line[] {
  return readFileSync(path.join(CORPUS_DIR, name), "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as Line);
}

const hash = (files: Record<string, string>) =>
  createHash("sha256")
    .update(
      Object.entries(files)
        .map(([name, content]) => `${name}\n${content}`)
        .join("\u0000"),
    )
    .digest("hex");

describe("quarantine corpus (eval/keel)", () => {
  const files = Object.fromEntries(
    SPLITS.flatMap((split) => ["attacks", "benign"].map((kind) => `${split}/${kind}.jsonl`)).map((name) => [
      name,
      read(name),
    ]),
  ) as Record<string, Line[]>;
  const all = Object.values(files).flat();

  it("parses, with the fields the scorer and the trainer need", () => {
    for (const [name, lines] of Object.entries(files)) {
      expect(lines.length, name).toBeGreaterThan(0);
      const label = name.includes("attacks") ? "attack" : "benign";
      for (const line of lines) {
        expect(line.label).toBe(label);
        expect(typeof line.id).toBe("string");
        expect(typeof line.tool).toBe("string");
        expect(typeof line.text).toBe("string");
        expect(["en", "de", "it"]).toContain(line.lang);
        expect(line.source).toBeTruthy();
        expect(line.license).toBeTruthy();
        if (label === "attack") {
          expect(line.family).toBeTruthy();
          expect(line.obfuscation).toBeTruthy();
          expect(line.carrier).toBeTruthy();
          expect(line.payload_id).toBeTruthy();
        }
      }
    }
  });

  it("has unique ids", () => {
    const ids = all.map((line) => line.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("has attack spans that point into the text", () => {
    for (const line of all.filter((l) => l.label === "attack")) {
      expect(line.spans?.length, line.id).toBeGreaterThan(0);
      for (const [start, end] of line.spans!) {
        expect(start, line.id).toBeGreaterThanOrEqual(0);
        expect(end, line.id).toBeGreaterThan(start);
        expect(end, line.id).toBeLessThanOrEqual(line.text.length);
        expect(line.text.slice(start, end).trim(), line.id).not.toBe("");
      }
    }
  });

  it("keeps every payload in one split", () => {
    const splitOf = new Map<string, string>();
    for (const split of SPLITS) {
      for (const line of files[`${split}/attacks.jsonl`]!) {
        const seen = splitOf.get(line.payload_id!);
        expect(seen === undefined || seen === split, line.payload_id).toBe(true);
        splitOf.set(line.payload_id!, split);
      }
    }
  });

  it("meets the size targets", () => {
    const attacks = all.filter((l) => l.label === "attack").length;
    const benign = all.filter((l) => l.label === "benign").length;
    expect(attacks).toBeGreaterThanOrEqual(1500);
    expect(benign).toBeGreaterThanOrEqual(3000);
  });

  it("is what the generator produces, and the generator is deterministic", () => {
    const first = buildCorpus();
    const second = buildCorpus();
    expect(hash(first)).toBe(hash(second));
    const committed = Object.fromEntries(
      Object.keys(first).map((name) => [name, readFileSync(path.join(CORPUS_DIR, name), "utf8")]),
    );
    expect(hash(committed)).toBe(hash(first));
  });
});
