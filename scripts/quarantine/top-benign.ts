/**
 * Lists the benign sentences the learned stage scores highest: those of the threshold pool (they set
 * the threshold) and those of the training texts. A diagnostic for the threshold rule in
 * docs/quarantine.md; reads only what train:quarantine reads.
 *
 * Usage: npx tsx scripts/quarantine/top-benign.ts [--weights <weights module>] [--top 30]
 */
import { fileURLToPath } from "node:url";
import { forEachLearnedSegment } from "../../lib/guards/quarantine/learned-candidates";
import { activeLearnedModel } from "../../lib/guards/quarantine/learned-scorer";
import { learnedOrderScore } from "../../lib/guards/quarantine/rules/learned-order-rule";
import { installWeightsArgument } from "./eval";
import type { EvalRecord } from "./eval-data";
import { trainingData } from "./train";

/** The `top` highest-scoring gated sentences of the benign `records`, highest first. */
export function topBenignSentences(
  records: readonly EvalRecord[],
  top: number,
): { id: string; score: number; sentence: string }[] {
  const model = activeLearnedModel();
  const found: { id: string; score: number; sentence: string }[] = [];
  for (const record of records) {
    if (record.label !== "benign") continue;
    forEachLearnedSegment(record.text, (view, start, end) => {
      const score = learnedOrderScore(view, model);
      if (Number.isFinite(score))
        found.push({ id: record.id, score, sentence: record.text.slice(start, end).replace(/\s+/g, " ") });
    });
  }
  found.sort((left, right) => right.score - left.score || left.id.localeCompare(right.id));
  return found.slice(0, top);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  await installWeightsArgument(args);
  const topIndex = args.indexOf("--top");
  const top = topIndex >= 0 ? Number(args[topIndex + 1]) : 30;
  const { training, tuning } = trainingData();
  process.stdout.write(`threshold ${activeLearnedModel().threshold.toFixed(2)}\n`);
  for (const [name, records] of [
    ["threshold pool", tuning],
    ["training", training],
  ] as const) {
    process.stdout.write(`\n${name}:\n`);
    for (const { id, score, sentence } of topBenignSentences(records, top))
      process.stdout.write(`${score.toFixed(2)}\t${id}\t${sentence.slice(0, 220)}\n`);
  }
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) void main();
