/**
 * Carrier parity of the quarantine: the same order, caught in prose, wrapped in other carrier forms.
 *
 * Usage: npx tsx scripts/quarantine/wrapper-parity.ts [split ...]   (splits of eval/keel: train, dev)
 *
 * Takes every distinct plain one-line payload of the given eval/keel splits (train and dev by default;
 * held out is never read) that the scanner removes in a short prose text, wraps it in each form below
 * (a Python or JS comment, a JSDoc line, a Markdown bullet or numbered item, a blockquote, a YAML value
 * with and without quotes, a JSON or CSV cell, a one-line HTML page, a Markdown table cell, a log line,
 * a chat line, a calendar DESCRIPTION, a Markdown heading, an SQL comment) and prints, per form, how
 * many of them are still removed. A mechanism gap shows as a form far below 100%: it loses orders
 * whatever their wording (docs/quarantine.md, "Carrier lines read as the page, the log and the config
 * show them").
 */
import { scanToolResultText } from "../../lib/guards/quarantine/index";
import { type EvalRecord, keelSplit } from "./eval-data";

/** The wrapping forms: a name and the text that carries the payload. */
export const WRAPPERS: readonly (readonly [string, (payload: string) => string])[] = [
  ["prose", (payload) => `Some intro text here.\n\n${payload}\n\nMore text follows.`],
  ["python comment", (payload) => `RETRIES = 3\n\n# ${payload}\ndef fetch(url):\n    return get(url)`],
  ["js comment", (payload) => `const RETRIES = 3;\n// ${payload}\nfunction fetch(url) {`],
  ["jsdoc line", (payload) => `/**\n * Fetches the rows.\n * ${payload}\n */\nfunction fetch(url) {`],
  ["markdown bullet", (payload) => `## Notes\n\n- Rows are cached.\n- ${payload}\n- Ends here.`],
  ["numbered item", (payload) => `Steps:\n1. Open the file.\n2. ${payload}\n3. Close it.`],
  ["blockquote", (payload) => `He wrote:\n\n> ${payload}\n\nThanks.`],
  ["yaml value", (payload) => `name: importer\nnote: ${payload}\nretries: 3`],
  ["yaml quoted", (payload) => `name: importer\nnote: "${payload}"\nretries: 3`],
  ["json value", (payload) => `{"id": 7, "note": "${payload}", "ok": true}`],
  ["csv cell", (payload) => `id,name,note\n7,Anna,"${payload}"\n8,Ben,ok`],
  ["one-line html", (payload) => `<html><body><h1>Shop</h1><p>${payload}</p><p>Thanks.</p></body></html>`],
  ["markdown table", (payload) => `| id | note |\n|---|---|\n| 7 | ${payload} |\n| 8 | ok |`],
  [
    "log line",
    (payload) =>
      `2024-05-01T10:00:00Z INFO start\n2024-05-01T10:00:01Z WARN ${payload}\n2024-05-01T10:00:02Z INFO done`,
  ],
  ["chat line", (payload) => `[10:01] anna: hi all\n[10:02] ben: ${payload}\n[10:03] anna: ok`],
  ["ics description", (payload) => `BEGIN:VEVENT\nSUMMARY:Sync\nDESCRIPTION:${payload}\nEND:VEVENT`],
  ["markdown heading", (payload) => `# Release notes\n\n## ${payload}\n\nFixed bugs.`],
  ["sql comment", (payload) => `SELECT 1;\n-- ${payload}\nSELECT 2;`],
];

/**
 * The distinct plain one-line payloads of `records` (no line break, backslash or double quote, at
 * most 300 characters) that the scanner removes in prose.
 */
export function caughtPayloads(records: readonly EvalRecord[]): string[] {
  const seen = new Set<string>();
  const payloads: string[] = [];
  for (const record of records) {
    const span = record.spans?.[0];
    if (record.label !== "attack" || record.obfuscation !== "none" || span === undefined) continue;
    const payload = record.text.slice(span[0], span[1]);
    if (/[\n\\"]/.test(payload) || payload.length > 300 || seen.has(payload)) continue;
    seen.add(payload);
    if (scanToolResultText(WRAPPERS[0]![1](payload)).type === "quarantined") payloads.push(payload);
  }
  return payloads;
}

function main(): void {
  const splits = process.argv.slice(2);
  const chosen = splits.length > 0 ? splits : ["train", "dev"];
  if (chosen.some((split) => split !== "train" && split !== "dev")) {
    process.stderr.write("wrapper-parity: splits are train and dev (held out is never read)\n");
    process.exit(2);
  }
  const records = chosen.flatMap((split) => keelSplit(split as "train" | "dev"));
  const payloads = caughtPayloads(records);
  if (payloads.length === 0) {
    process.stderr.write("wrapper-parity: no payload caught in prose (is eval/keel there?)\n");
    process.exit(1);
  }
  process.stdout.write(`${payloads.length} payloads of eval/keel/${chosen.join("+")} caught in prose\n`);
  for (const [name, wrap] of WRAPPERS) {
    let caught = 0;
    for (const payload of payloads) if (scanToolResultText(wrap(payload)).type === "quarantined") caught++;
    const share = ((100 * caught) / payloads.length).toFixed(1);
    process.stdout.write(`${name.padEnd(18)} ${String(caught).padStart(5)}  ${share.padStart(5)}%\n`);
  }
}

main();
