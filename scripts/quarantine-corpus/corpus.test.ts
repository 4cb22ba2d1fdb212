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
    SPLITS.flatMap((split) => [
      `${split}/attacks.jsonl`,
      `${split}/benign.jsonl`,
      `quoted/${split}/benign.jsonl`,
    ]).map((name) => [name, read(name)]),
  ) as Record<string, Line[]>;
  const all = Object.values(files).flat();

  it("parses, with the fields the scorer and the trainer need", () => {
    const problems: string[] = [];
    for (const [name, lines] of Object.entries(files)) {
      if (lines.length === 0) problems.push(`${name}: empty`);
      const label = name.includes("attacks") ? "attack" : "benign";
      for (const line of lines) {
        const missing = ["id", "tool", "text", "category", "source", "license"].filter(
          (key) => typeof (line as unknown as Record<string, unknown>)[key] !== "string",
        );
        if (label === "attack") {
          for (const key of ["family", "obfuscation", "carrier", "payload_id"] as const)
            if (!line[key]) missing.push(key);
        }
        if (missing.length > 0) problems.push(`${line.id}: missing ${missing.join(", ")}`);
        if (line.label !== label) problems.push(`${line.id}: label ${line.label} in ${name}`);
        if (!["en", "de", "it"].includes(line.lang)) problems.push(`${line.id}: lang ${line.lang}`);
      }
    }
    expect(problems.slice(0, 10)).toEqual([]);
  });

  it("has unique ids", () => {
    const ids = all.map((line) => line.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("has attack spans that point into the text", () => {
    const problems: string[] = [];
    for (const line of all.filter((l) => l.label === "attack")) {
      if (!line.spans || line.spans.length === 0) problems.push(`${line.id}: no spans`);
      for (const [start, end] of line.spans ?? []) {
        const inside =
          Number.isInteger(start) &&
          Number.isInteger(end) &&
          start >= 0 &&
          end > start &&
          end <= line.text.length;
        if (!inside || line.text.slice(start, end).trim() === "")
          problems.push(`${line.id}: bad span [${start}, ${end}]`);
      }
    }
    expect(problems.slice(0, 10)).toEqual([]);
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

  // generating the corpus twice takes a few seconds; allow for a busy host
  it("is what the generator produces, and the generator is deterministic", { timeout: 180_000 }, () => {
    const first = buildCorpus();
    const second = buildCorpus();
    expect(hash(first)).toBe(hash(second));
    const committed = Object.fromEntries(
      Object.keys(first).map((name) => [name, readFileSync(path.join(CORPUS_DIR, name), "utf8")]),
    );
    expect(hash(committed)).toBe(hash(first));
  });
});
