/**
 * Prints the count tables of eval/keel (Markdown) for eval/keel/README.md.
 * Run: npx tsx scripts/quarantine-corpus/stats.ts
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { CORPUS_DIR, SPLITS } from "./generate";

type Row = Record<string, unknown> & { label: string; lang: string; payload_id?: string };

function load(split: string, kind: string): Row[] {
  return readFileSync(path.join(CORPUS_DIR, split, `${kind}.jsonl`), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Row);
}

function table(title: string, rows: Array<Row & { split: string }>, key: (row: Row) => string): string {
  const counts = new Map<string, Record<string, number>>();
  for (const row of rows) {
    const k = key(row);
    const entry = counts.get(k) ?? {};
    entry[row.split] = (entry[row.split] ?? 0) + 1;
    counts.set(k, entry);
  }
  const lines = [
    `| ${title} | ${SPLITS.join(" | ")} | total |`,
    `|---|${SPLITS.map(() => "---:").join("|")}|---:|`,
  ];
  for (const [k, entry] of [...counts].sort(([a], [b]) => a.localeCompare(b))) {
    const total = SPLITS.reduce((sum, s) => sum + (entry[s] ?? 0), 0);
    lines.push(`| ${k} | ${SPLITS.map((s) => entry[s] ?? 0).join(" | ")} | ${total} |`);
  }
  return lines.join("\n");
}

const attacks = SPLITS.flatMap((split) => load(split, "attacks").map((row) => ({ ...row, split })));
const benign = SPLITS.flatMap((split) => load(split, "benign").map((row) => ({ ...row, split })));
const quoted = SPLITS.flatMap((split) => load(`quoted/${split}`, "benign").map((row) => ({ ...row, split })));
const payloads = new Map(attacks.map((row) => [String(row.payload_id), row]));
const out = [
  `Attacks: ${attacks.length} lines from ${payloads.size} payloads; benign: ${benign.length}; quoted attacks (benign, in quoted/): ${quoted.length}.`,
  "",
  table("attacks: family / language", attacks, (r) => `${r.family} / ${r.lang}`),
  "",
  table("attacks: language", attacks, (r) => r.lang),
  "",
  table("payloads: language", [...payloads.values()] as Array<Row & { split: string }>, (r) => r.lang),
  "",
  table("attacks: carrier", attacks, (r) => String(r.carrier).split(":")[0]!),
  "",
  table("attacks: carrier template", attacks, (r) => String(r.carrier)),
  "",
  table("attacks: obfuscation", attacks, (r) => String(r.obfuscation)),
  "",
  table("benign: kind / language", benign, (r) => `${String(r.category).split(":")[0]} / ${r.lang}`),
  "",
  table("benign: language", benign, (r) => r.lang),
  "",
  table("quoted/ (benign texts quoting attacks): language", quoted, (r) => r.lang),
];
process.stdout.write(`${out.join("\n")}\n`);
