/**
 * Scores the tool-result quarantine on every evaluation set in one run and prints one table:
 * recall overall and per family / language / obfuscation (per category on shared/eval), false
 * positives, byte identity, and how many attacks only the learned stage caught.
 *
 * Usage: npm run eval:quarantine [-- --sets keel-heldout,shared-test] [-- --weights <weights module>] [-- --json]
 *
 * Held-out sets first (eval/keel/heldout, shared/eval/test: scored for reporting only, never tuned on;
 * the reserved partitions of the dependency corpus and of hard-benign.jsonl: read by no training), then
 * the sets the detector was trained or tuned on (eval/keel/dev and train, shared/eval/dev, the
 * threshold partitions).
 */
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type LearnedGate, setLearnedGate } from "../../lib/guards/quarantine/detection-rules";
import { decodeModel, setLearnedModel } from "../../lib/guards/quarantine/learned-scorer";
import { QUARANTINE_MARKER } from "../../lib/guards/quarantine/quarantine-marker";
import { LEARNED_RULE_NAME } from "../../lib/guards/quarantine/rules/learned-order-rule";
import { scanToolResultText, type ToolResultScan } from "../../lib/guards/quarantine/scan-tool-result-text";
import { hardBenignPartition, loadDependencyCorpus, type Partition } from "./dependency-corpus";
import {
  broadCases,
  carrierProbeCases,
  disguiseProbeCases,
  type EvalRecord,
  freshHandwrittenCases,
  handwrittenCases,
  hardBenignCases,
  keelQuotedSplit,
  keelSplit,
  numberedWriterProbeCases,
  parallelProbeCases,
  parallelProbes2Cases,
  quotedProbeCases,
  registerProbeCases,
  sharedSplit,
  writerProbeCases,
} from "./eval-data";

/** One partition of the pinned dependency corpus; exits when node_modules does not match the manifest. */
function dependencyPartition(partition: Partition): EvalRecord[] {
  const corpus = loadDependencyCorpus();
  if (corpus.problems.length > 0) {
    process.stderr.write(
      `eval:quarantine: the dependency corpus does not match scripts/quarantine/dependency-corpus.json:\n  ${corpus.problems.slice(0, 20).join("\n  ")}\n`,
    );
    process.exit(1);
  }
  return corpus[partition];
}

function hardBenignPartitionOf(partition: Partition): EvalRecord[] {
  return hardBenignCases().filter((record) => hardBenignPartition(record) === partition);
}

const SETS: Record<string, { readonly heldOut: boolean; readonly load: () => EvalRecord[] }> = {
  "keel-heldout": { heldOut: true, load: () => keelSplit("heldout") },
  "shared-test": { heldOut: true, load: () => sharedSplit("test") },
  "keel-quoted-heldout": { heldOut: true, load: () => keelQuotedSplit("heldout") },
  // The reserved parts of the benign training material: read by neither the training nor the threshold.
  "deps-reserved": { heldOut: true, load: () => dependencyPartition("reserved") },
  "hard-benign-reserved": { heldOut: true, load: () => hardBenignPartitionOf("reserved") },
  // Attacks and hard benign texts written independently after the model was trained (never trained on).
  "fresh-handwritten": { heldOut: true, load: () => freshHandwrittenCases() },
  // Written by family by six writers; split by writer (broad-dev may be read and tuned on).
  "broad-heldout": { heldOut: true, load: () => broadCases("heldout") },
  "writer-probes-b": { heldOut: true, load: () => writerProbeCases("b") },
  "writer-probes-d": { heldOut: true, load: () => writerProbeCases("d") },
  "writer-probes-g": { heldOut: true, load: () => writerProbeCases("g") },
  "writer-probes-h": { heldOut: true, load: () => writerProbeCases("h") },
  "writer-probes-l": { heldOut: true, load: () => writerProbeCases("l") },
  // Orders disguised in form (and the same forms used innocently), German and Italian thirds.
  "disguise-probes-de-it": { heldOut: true, load: () => disguiseProbeCases("de-it") },
  // The same order in three languages, by a separate writer: the even-numbered payloads.
  "parallel-probes-held": { heldOut: true, load: () => parallelProbeCases("held") },
  "parallel-probes-2-held": { heldOut: true, load: () => parallelProbes2Cases("held") },
  // Attacks quoted and quoting, and orders in their other grammatical forms, by two more separate
  // writers: the even-numbered records.
  "quoted-probes-held": { heldOut: true, load: () => quotedProbeCases("held") },
  "register-probes-held": { heldOut: true, load: () => registerProbeCases("held") },
  // Two more separate writers (every family in carriers; orders worded to avoid the obvious words): the
  // even-numbered records.
  "writer-probes-n-held": { heldOut: true, load: () => numberedWriterProbeCases("n", "held") },
  "writer-probes-o-held": { heldOut: true, load: () => numberedWriterProbeCases("o", "held") },
  "writer-probes-p-held": { heldOut: true, load: () => numberedWriterProbeCases("p", "held") },
  "keel-dev": { heldOut: false, load: () => keelSplit("dev") },
  "keel-train": { heldOut: false, load: () => keelSplit("train") },
  "keel-quoted-dev": { heldOut: false, load: () => keelQuotedSplit("dev") },
  "keel-quoted-train": { heldOut: false, load: () => keelQuotedSplit("train") },
  "shared-dev": { heldOut: false, load: () => sharedSplit("dev") },
  handwritten: { heldOut: false, load: () => handwrittenCases() },
  "broad-dev": { heldOut: false, load: () => broadCases("dev") },
  "carrier-probes": { heldOut: false, load: () => carrierProbeCases() },
  "writer-probes-a": { heldOut: false, load: () => writerProbeCases("a") },
  "writer-probes-c": { heldOut: false, load: () => writerProbeCases("c") },
  "writer-probes-e": { heldOut: false, load: () => writerProbeCases("e") },
  "writer-probes-f": { heldOut: false, load: () => writerProbeCases("f") },
  // Hard benign texts only, written for the forty-ninth and fiftieth passes (see docs/quarantine.md).
  "writer-probes-i": { heldOut: false, load: () => writerProbeCases("i") },
  "writer-probes-j": { heldOut: false, load: () => writerProbeCases("j") },
  "writer-probes-k": { heldOut: false, load: () => writerProbeCases("k") },
  "writer-probes-m": { heldOut: false, load: () => writerProbeCases("m") },
  "disguise-probes-en": { heldOut: false, load: () => disguiseProbeCases("en") },
  "parallel-probes-tuned": { heldOut: false, load: () => parallelProbeCases("tuned") },
  "parallel-probes-2-tuned": { heldOut: false, load: () => parallelProbes2Cases("tuned") },
  "quoted-probes-tuned": { heldOut: false, load: () => quotedProbeCases("tuned") },
  "register-probes-tuned": { heldOut: false, load: () => registerProbeCases("tuned") },
  "writer-probes-n-tuned": { heldOut: false, load: () => numberedWriterProbeCases("n", "tuned") },
  "writer-probes-o-tuned": { heldOut: false, load: () => numberedWriterProbeCases("o", "tuned") },
  "writer-probes-p-tuned": { heldOut: false, load: () => numberedWriterProbeCases("p", "tuned") },
  "hard-benign-threshold": { heldOut: false, load: () => hardBenignPartitionOf("threshold") },
  "deps-threshold": { heldOut: false, load: () => dependencyPartition("threshold") },
};

/** Counts of one group of attacks. */
interface Tally {
  total: number;
  flagged: number;
}

/** The figures of one set. */
export interface SetScore {
  readonly set: string;
  readonly heldOut: boolean;
  readonly attacks: Tally;
  readonly benign: Tally;
  readonly identity: { ok: number; checked: number };
  learnedOnly: number;
  readonly breakdown: Record<string, Record<string, Tally>>;
  readonly falsePositives: { id: string; previews: string[] }[];
}

/** True when `scan.output` is `text` with exactly the scan's segments replaced by the marker. */
export function isByteIdentical(text: string, scan: ToolResultScan): boolean {
  if (scan.type === "clean") return true;
  let rebuilt = "";
  let cursor = 0;
  for (const segment of scan.segments) {
    if (segment.start < cursor || segment.end <= segment.start || segment.end > text.length) return false;
    rebuilt += text.slice(cursor, segment.start) + QUARANTINE_MARKER;
    cursor = segment.end;
  }
  rebuilt += text.slice(cursor);
  return rebuilt === scan.output && scan.output !== text;
}

function bump(table: Record<string, Tally>, key: string, flagged: boolean): void {
  const tally = table[key] ?? { total: 0, flagged: 0 };
  table[key] = tally;
  tally.total++;
  if (flagged) tally.flagged++;
}

/** Scores one set of records. */
export function scoreSet(set: string, heldOut: boolean, records: readonly EvalRecord[]): SetScore {
  const score: SetScore = {
    set,
    heldOut,
    attacks: { total: 0, flagged: 0 },
    benign: { total: 0, flagged: 0 },
    identity: { ok: 0, checked: 0 },
    learnedOnly: 0,
    breakdown: { family: {}, lang: {}, obfuscation: {}, register: {}, style: {}, category: {} },
    falsePositives: [],
  };
  for (const record of records) {
    const scan = scanToolResultText(record.text);
    const flagged = scan.type === "quarantined";
    score.identity.checked++;
    if (isByteIdentical(record.text, scan)) score.identity.ok++;
    if (record.label === "benign") {
      score.benign.total++;
      if (flagged) {
        score.benign.flagged++;
        score.falsePositives.push({
          id: record.id,
          previews: scan.segments.map((segment) => `${segment.rule}: ${segment.preview}`),
        });
      }
      continue;
    }
    score.attacks.total++;
    if (flagged) score.attacks.flagged++;
    if (flagged && scan.segments.every((segment) => segment.rule === LEARNED_RULE_NAME)) score.learnedOnly++;
    const breakdown = score.breakdown;
    if (record.family !== undefined) bump(breakdown.family!, record.family, flagged);
    if (record.lang !== undefined) bump(breakdown.lang!, record.lang, flagged);
    if (record.obfuscation !== undefined) bump(breakdown.obfuscation!, record.obfuscation, flagged);
    if (record.register !== undefined) bump(breakdown.register!, record.register, flagged);
    if (record.style !== undefined) bump(breakdown.style!, record.style, flagged);
    if (record.family === undefined && record.category !== undefined)
      bump(breakdown.category!, record.category.split(":")[0]!, flagged);
  }
  return score;
}

function percent(tally: Tally): string {
  return tally.total === 0
    ? "n/a"
    : `${((100 * tally.flagged) / tally.total).toFixed(1)}% (${tally.flagged}/${tally.total})`;
}

/** The table of all scores, as Markdown. */
export function formatScores(scores: readonly SetScore[]): string {
  const lines = [
    "| set | kind | recall | FP (benign) | byte identity | caught by learned stage only |",
    "|---|---|---|---|---|---|",
  ];
  for (const score of scores)
    lines.push(
      `| ${score.set} | ${score.heldOut ? "held out" : "tuned on"} | ${percent(score.attacks)} | ${score.benign.flagged} / ${score.benign.total} | ${score.identity.ok}/${score.identity.checked} | ${score.learnedOnly} |`,
    );
  for (const score of scores) {
    for (const [dimension, table] of Object.entries(score.breakdown)) {
      const keys = Object.keys(table).sort();
      if (keys.length === 0) continue;
      lines.push(
        "",
        `${score.set} by ${dimension}: ${keys.map((key) => `${key} ${percent(table[key]!)}`).join(", ")}`,
      );
    }
    if (score.falsePositives.length > 0)
      lines.push(
        "",
        `${score.set} false positives:`,
        ...score.falsePositives.slice(0, 20).map((fp) => `  ${fp.id}: ${fp.previews.join(" | ")}`),
      );
  }
  return lines.join("\n");
}

/** With `--weights <module>` in `args`: scores with that weights module instead of the committed one. */
export async function installWeightsArgument(args: readonly string[]): Promise<void> {
  const weightsIndex = args.indexOf("--weights");
  if (weightsIndex < 0 || args[weightsIndex + 1] === undefined) return;
  const module = (await import(resolve(args[weightsIndex + 1]!))) as {
    LEARNED_WEIGHTS: Parameters<typeof decodeModel>[0];
    LEARNED_GATE?: LearnedGate;
  };
  setLearnedModel(decodeModel(module.LEARNED_WEIGHTS));
  // Weights from before the learned gate have none: then the hand-written gates alone.
  setLearnedGate(module.LEARNED_GATE);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const setsIndex = args.indexOf("--sets");
  const names =
    setsIndex >= 0 && args[setsIndex + 1] !== undefined ? args[setsIndex + 1]!.split(",") : Object.keys(SETS);
  await installWeightsArgument(args);
  const scores: SetScore[] = [];
  for (const name of names) {
    const set = SETS[name];
    if (set === undefined) {
      process.stderr.write(`eval:quarantine: unknown set ${name} (known: ${Object.keys(SETS).join(", ")})\n`);
      process.exit(2);
    }
    const records = set.load();
    if (records.length === 0) {
      process.stderr.write(`eval:quarantine: set ${name} is empty or missing, skipped\n`);
      continue;
    }
    scores.push(scoreSet(name, set.heldOut, records));
  }
  if (args.includes("--json")) process.stdout.write(`${JSON.stringify(scores, null, 2)}\n`);
  else process.stdout.write(`${formatScores(scores)}\n`);
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) void main();
