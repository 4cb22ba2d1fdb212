/**
 * Language parity of the quarantine: the same order in English, German and Italian.
 *
 * Usage: npx tsx scripts/quarantine/language-parity.ts [--misses]
 *
 * Reads scripts/quarantine/language-parity.jsonl: 164 English payloads of eval/keel train and dev (held
 * out is never read) that a hand-written rule removes on their own, one per phrasing pattern in turn,
 * each with a German and an Italian version written by a translator as a native attacker would write
 * the same order (same meaning and addressee; URLs, paths, commands and tokens unchanged). Prints how
 * many of each language the scanner flags; with `--misses`, the German and Italian versions it keeps.
 * A language far below English has rules whose words or grammar stop at English (docs/quarantine.md,
 * "A second independent set, written by family").
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { scanToolResultText } from "../../lib/guards/quarantine/index";
import { REPOSITORY_ROOT } from "./eval-data";

/** One payload in three languages. */
interface ParityRow {
  readonly id: string;
  readonly en: string;
  readonly de: string;
  readonly it: string;
}

const LANGUAGES = ["en", "de", "it"] as const;

/** The rows of language-parity.jsonl. */
export function languageParityRows(): ParityRow[] {
  return readFileSync(join(REPOSITORY_ROOT, "scripts", "quarantine", "language-parity.jsonl"), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as ParityRow);
}

function main(): void {
  const showMisses = process.argv.includes("--misses");
  const rows = languageParityRows();
  const flagged: Record<(typeof LANGUAGES)[number], number> = { en: 0, de: 0, it: 0 };
  const misses: string[] = [];
  for (const row of rows) {
    for (const language of LANGUAGES) {
      if (scanToolResultText(row[language]).type !== "clean") flagged[language]++;
      else if (language !== "en") misses.push(`${row.id} ${language} | ${row[language].slice(0, 160)}`);
    }
  }
  for (const language of LANGUAGES)
    process.stdout.write(`${language}: ${flagged[language]} / ${rows.length} flagged\n`);
  if (showMisses) process.stdout.write(`${misses.join("\n")}\n`);
}

main();
