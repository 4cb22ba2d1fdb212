/**
 * Prints the scanner's output for every text of the quarantine's corpora, one JSON line per text (file,
 * line number, and the scan: type, segments with start/end/rule/preview, output text), so a change
 * meant to keep the outputs (a speed pass) can be checked byte for byte: run it in both checkouts and
 * compare the two files. It prints outputs only, no scores, and tunes nothing.
 *
 * Texts: shared/eval dev and test, eval/keel train/dev/heldout and quoted/*, and every JSON-lines file
 * of this folder (the hand-written training files and the probe sets) but the language-parity payloads.
 *
 * Usage: npx tsx scripts/quarantine/dump-scan-outputs.ts > outputs.jsonl
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { scanToolResultText } from "../../lib/guards/quarantine/scan-tool-result-text";
import { REPOSITORY_ROOT, readRecords, sharedEvalDirectory } from "./eval-data";

/** The JSON-lines files scanned, in a fixed order. */
export function scannedFiles(): string[] {
  const files: string[] = [];
  const jsonlIn = (directory: string) => {
    if (!existsSync(directory)) return;
    for (const name of readdirSync(directory).sort())
      if (name.endsWith(".jsonl")) files.push(join(directory, name));
  };
  const shared = sharedEvalDirectory();
  if (shared !== undefined) for (const split of ["dev", "test"]) jsonlIn(join(shared, split));
  const keel = join(REPOSITORY_ROOT, "eval", "keel");
  for (const split of ["train", "dev", "heldout"]) jsonlIn(join(keel, split));
  const quoted = join(keel, "quoted");
  if (existsSync(quoted)) for (const split of readdirSync(quoted).sort()) jsonlIn(join(quoted, split));
  // language-parity.jsonl holds one payload per language in other fields, not an evaluation record.
  jsonlIn(join(REPOSITORY_ROOT, "scripts", "quarantine"));
  return files.filter((file) => !file.endsWith("language-parity.jsonl"));
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (sharedEvalDirectory() === undefined) {
    process.stderr.write("dump-scan-outputs: shared/eval not found; set KEEL_SHARED_EVAL to its path\n");
    process.exit(1);
  }
  let count = 0;
  for (const file of scannedFiles()) {
    const name = file.startsWith(REPOSITORY_ROOT) ? file.slice(REPOSITORY_ROOT.length + 1) : file;
    readRecords(file).forEach((record, line) => {
      process.stdout.write(
        `${JSON.stringify({ file: name, line, scan: scanToolResultText(record.text) })}\n`,
      );
      count++;
    });
  }
  process.stderr.write(`dump-scan-outputs: ${count} texts\n`);
}
