/**
 * Byte-identity safety net for performance work on the scanner: the scanner's complete output (verdict,
 * rewritten text, every segment's offsets, rule and preview) must not change on any input when the
 * implementation is made faster. Golden hashes recorded from the reference implementation are kept in
 * `scan-equivalence.fixture.json` (hashes only, never the texts).
 *
 * Inputs:
 * - every case of shared/eval/dev (attacks and benign), when that directory is present;
 * - the same attack texts with seeded word swaps inside each line (near-misses of real attacks);
 * - the bench's adversarial generators (bench/guards-quarantine.ts) at 1 MB and at an odd small size;
 * - seeded random documents built from the rules' own vocabulary (every string literal of the rules and
 *   lexicons, frozen in the fixture), with random case, leetspeak, brackets, labels and punctuation, so
 *   that every rule sees many dense near-misses and hits;
 * and, for the dev and random documents, also `scanRegions` over the whole text (the rules without the
 * pre-filter).
 *
 * To re-record (only when a change of detection results is intended and reviewed):
 *   QUARANTINE_GOLDEN_UPDATE=1 npx vitest run lib/guards/quarantine/scan-equivalence.test.ts
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  adversarialInputs,
  loadEvalTexts,
  readFixtureFile,
  writeFixtureFile,
} from "../../../bench/guards-quarantine";
import { scanRegions, scanToolResultText, type ToolResultScan } from "./scan-tool-result-text";

// File I/O goes through the bench module: lib/guards may not import node:fs (it is pure).
const FIXTURE_PATH = new URL("./scan-equivalence.fixture.json", import.meta.url);
const UPDATE = process.env.QUARANTINE_GOLDEN_UPDATE === "1";

interface Fixture {
  /** Frozen fuzz vocabulary (string literals of the rules and lexicons when the fixture was made). */
  vocabulary: string[];
  /** Group name -> one short hash per input (or per chunk of inputs), joined by spaces. */
  hashes: Record<string, string>;
}

function hashOf(verdict: ToolResultScan): string {
  return createHash("sha256").update(JSON.stringify(verdict)).digest("hex").slice(0, 10);
}

/** mulberry32: a small seeded PRNG, so the random corpus is the same on every run. */
function randomGenerator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const LEET: Record<string, string> = { a: "4", e: "3", i: "1", o: "0", s: "5", t: "7" };
const OPENERS = [
  "",
  "",
  "",
  "",
  "[",
  "<|",
  "# ",
  "* ",
  '"',
  "- ",
  "> ",
  "(",
  "Assistant: ",
  "system: ",
  "| ",
];
const JOINERS = [" ", " ", " ", " ", " ", " ", ", ", ": ", " - ", "  ", "\t", ' "', '" ', "](#", "|>", "; "];
const ENDERS = [". ", ". ", "! ", "? ", ":\n", "\n", "\n\n", ".\n", '."\n', "!!! ", "", " ", "\\n", '", "'];

function mutateWord(word: string, random: () => number): string {
  const roll = random();
  if (roll < 0.15) return word.toUpperCase();
  if (roll < 0.35) return word.charAt(0).toUpperCase() + word.slice(1);
  if (roll < 0.4) return [...word].map((character) => LEET[character] ?? character).join("");
  if (roll < 0.42 && word.length > 3) return word.slice(0, 2) + word.slice(3); // a typo
  return word;
}

/** Seeded random documents from the vocabulary: dense, instruction-like and near-miss text. */
function randomDocuments(vocabulary: readonly string[], count: number): string[] {
  const random = randomGenerator(0x5eed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const documents: string[] = [];
  for (let documentIndex = 0; documentIndex < count; documentIndex++) {
    let text = "";
    const sentences = 1 + Math.floor(random() * 8);
    for (let sentence = 0; sentence < sentences; sentence++) {
      text += pick(OPENERS);
      const words = 2 + Math.floor(random() * 12);
      for (let word = 0; word < words; word++) {
        if (word > 0) text += pick(JOINERS);
        text += mutateWord(pick(vocabulary), random);
      }
      text += pick(ENDERS);
    }
    documents.push(text);
  }
  return documents;
}

/** The attack text with random adjacent words swapped inside each line (seeded). */
function swapWords(text: string, random: () => number): string {
  return text
    .split("\n")
    .map((line) => {
      const words = line.split(" ");
      for (let index = 0; index + 1 < words.length; index++) {
        if (random() < 0.15) [words[index], words[index + 1]] = [words[index + 1]!, words[index]!];
      }
      return words.join(" ");
    })
    .join("\n");
}

function wholeTextScan(text: string): ToolResultScan {
  return scanRegions(text, text.length === 0 ? [] : [0, text.length, 1]);
}

/** Hashes per input, or one hash per `chunk` consecutive inputs. */
function hashesOf(texts: readonly string[], scan: (text: string) => ToolResultScan, chunk = 1): string {
  const out: string[] = [];
  for (let start = 0; start < texts.length; start += chunk) {
    const hash = createHash("sha256");
    for (const text of texts.slice(start, start + chunk)) hash.update(`${hashOf(scan(text))}|`);
    out.push(hash.digest("hex").slice(0, 10));
  }
  return out.join(" ");
}

function loadFixture(): Fixture {
  return JSON.parse(readFixtureFile(FIXTURE_PATH)) as Fixture;
}

const fixture = loadFixture();
const attackTexts = loadEvalTexts("dev", "attacks");
const devTexts = [...attackTexts, ...loadEvalTexts("dev", "benign")];
const swapRandom = randomGenerator(0xa77ac);
const swappedTexts = attackTexts.map((text) => swapWords(text, swapRandom));
const fuzzTexts = randomDocuments(fixture.vocabulary, 6000);

/** Every group of the corpus: name, inputs, how to scan them and how many inputs share one hash. */
const GROUPS: {
  name: string;
  texts: () => string[];
  scan: (text: string) => ToolResultScan;
  chunk: number;
}[] = [
  { name: "dev", texts: () => devTexts, scan: scanToolResultText, chunk: 1 },
  { name: "devWholeText", texts: () => devTexts, scan: wholeTextScan, chunk: 1 },
  { name: "devSwapped", texts: () => swappedTexts, scan: scanToolResultText, chunk: 1 },
  { name: "fuzz", texts: () => fuzzTexts, scan: scanToolResultText, chunk: 20 },
  { name: "fuzzWholeText", texts: () => fuzzTexts, scan: wholeTextScan, chunk: 20 },
];

describe("scanner output is byte-identical to the recorded reference", () => {
  for (const group of GROUPS) {
    it.skipIf(group.name.startsWith("dev") && devTexts.length === 0)(
      group.name,
      () => {
        const actual = hashesOf(group.texts(), group.scan, group.chunk);
        if (UPDATE) {
          fixture.hashes[group.name] = actual;
          return;
        }
        const expected = fixture.hashes[group.name]!.split(" ");
        const got = actual.split(" ");
        const differing = got.flatMap((hash, index) => (hash === expected[index] ? [] : [index]));
        expect(differing.slice(0, 20), `${group.name}: inputs (or chunks) whose output changed`).toEqual([]);
        expect(got.length).toBe(expected.length);
      },
      120_000,
    );
  }

  it("adversarial bench inputs", () => {
    const hashes: string[] = [];
    for (const length of [1_000_000, 10_007]) {
      for (const [name, build] of Object.entries(adversarialInputs(length))) {
        hashes.push(`${name}@${length}=${hashOf(scanToolResultText(build()))}`);
      }
    }
    const actual = hashes.join(" ");
    if (UPDATE) {
      fixture.hashes.adversarial = actual;
      writeFixtureFile(FIXTURE_PATH, `${JSON.stringify(fixture, null, 2)}\n`);
      return;
    }
    const expected = fixture.hashes.adversarial!.split(" ");
    expect(hashes.filter((entry, index) => entry !== expected[index])).toEqual([]);
  }, 120_000);
});
