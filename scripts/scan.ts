/**
 * JSON-lines CLI for the tool-result quarantine scanner (contract of shared/eval/score.mjs).
 *
 * Usage: npm run --silent scan -- --jsonl < cases.jsonl
 * Input:  one {"id","tool","text"} object per line on stdin.
 * Output: one {"id","flagged","segments","output"} object per line on stdout, in input order.
 * A line that is not valid JSON is reported on stderr and skipped; the exit code is then 1.
 */
import { createInterface } from "node:readline";
import { scanToolResultText } from "../lib/guards/quarantine/scan-tool-result-text";

async function main(): Promise<void> {
  if (!process.argv.includes("--jsonl")) {
    process.stderr.write("usage: npm run --silent scan -- --jsonl < cases.jsonl\n");
    process.exit(2);
  }
  const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  let failed = false;
  const chunks: string[] = [];
  for await (const line of lines) {
    if (line.trim() === "") continue;
    let parsed: { id?: unknown; text?: unknown };
    try {
      parsed = JSON.parse(line) as { id?: unknown; text?: unknown };
    } catch {
      process.stderr.write(`unparseable input line: ${line.slice(0, 120)}\n`);
      failed = true;
      continue;
    }
    const text = typeof parsed.text === "string" ? parsed.text : "";
    const verdict = scanToolResultText(text);
    const result =
      verdict.type === "clean"
        ? { id: parsed.id, flagged: false, segments: 0, output: text }
        : { id: parsed.id, flagged: true, segments: verdict.segments.length, output: verdict.output };
    chunks.push(JSON.stringify(result));
    if (chunks.length >= 256) {
      process.stdout.write(`${chunks.join("\n")}\n`);
      chunks.length = 0;
    }
  }
  if (chunks.length > 0) process.stdout.write(`${chunks.join("\n")}\n`);
  process.exitCode = failed ? 1 : 0;
}

void main();
