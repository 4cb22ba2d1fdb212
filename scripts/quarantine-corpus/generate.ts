/**
 * Deterministic generator of Keel's own quarantine corpus (eval/keel). Run: npm run corpus:quarantine
 * (writes the files) or `npm run corpus:quarantine -- --check` (exits 1 when the committed files differ).
 *
 * Attacks: hand-written payloads (payloads/*.ts, EN/DE/IT) plus lead-in + order combinations, each
 * embedded in several carrier templates, a part of them obfuscated. Benign: hand-written hard benign
 * texts (benign/*.ts) in the same carrier templates, whole hard benign documents, and excerpts of local
 * documentation (data/extracted-benign.jsonl, produced once by extract-benign.ts).
 *
 * Splits are assigned by hashing stable ids (payload id, benign item id), never by position, so adding
 * items never moves existing ones. Whole phrasing patterns and some carrier templates are held out.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { benignDocuments, benignInsertSplit, benignInserts } from "./benign";
import { CARRIERS, type CarrierTemplate } from "./carriers";
import { diversifyDestinations } from "./destinations";
import {
  BENIGN_TEXT_FORMS,
  benignForm,
  type Obfuscation,
  obfuscateText,
  TEXT_OBFUSCATIONS,
} from "./obfuscate";
import { PAYLOADS_DE_3, PAYLOADS_EN_3, PAYLOADS_IT_3 } from "./payloads/batch3";
import { PAYLOADS_DE_4, PAYLOADS_EN_4, PAYLOADS_IT_4 } from "./payloads/batch4";
import { PAYLOADS_DE_5, PAYLOADS_EN_5, PAYLOADS_IT_5 } from "./payloads/batch5";
import { PAYLOADS_DE } from "./payloads/de";
import { PAYLOADS_DE_2 } from "./payloads/de2";
import { PAYLOADS_EN } from "./payloads/en";
import { PAYLOADS_EN_2 } from "./payloads/en2";
import { HELDOUT_DE, HELDOUT_EN, HELDOUT_IT } from "./payloads/heldout-fresh";
import { PAYLOADS_IT } from "./payloads/it";
import { PAYLOADS_IT_2 } from "./payloads/it2";
import { Rng, sha1, unitHash } from "./random";
import { type CorpusLine, type ExtractedItem, LANGS, type Lang, type PayloadBook, type Split } from "./types";

export const SPLITS: readonly Split[] = ["train", "dev", "heldout"];
/** Payloads written for the held-out split only (see payloads/heldout-fresh.ts). */
const HELDOUT_BOOKS: Record<Lang, PayloadBook> = { en: HELDOUT_EN, de: HELDOUT_DE, it: HELDOUT_IT };

function mergeBooks(...books: PayloadBook[]): PayloadBook {
  const merged: Record<string, readonly string[]> = {};
  for (const book of books) {
    for (const [pattern, texts] of Object.entries(book)) {
      if (merged[pattern]) throw new Error(`pattern defined twice: ${pattern}`);
      merged[pattern] = texts;
    }
  }
  return merged;
}

const BOOKS: Record<Lang, PayloadBook> = {
  en: mergeBooks(PAYLOADS_EN, PAYLOADS_EN_2, PAYLOADS_EN_3, PAYLOADS_EN_4, PAYLOADS_EN_5),
  de: mergeBooks(PAYLOADS_DE, PAYLOADS_DE_2, PAYLOADS_DE_3, PAYLOADS_DE_4, PAYLOADS_DE_5),
  it: mergeBooks(PAYLOADS_IT, PAYLOADS_IT_2, PAYLOADS_IT_3, PAYLOADS_IT_4, PAYLOADS_IT_5),
};
const OWN_LICENSE = "MIT (written for Keel)";
const EXTRACTED = [
  path.join(import.meta.dirname, "data", "extracted-benign.jsonl"),
  path.join(import.meta.dirname, "data", "extracted-po.jsonl"),
  path.join(import.meta.dirname, "data", "extracted-messages.jsonl"),
];

/** Share of phrasing patterns held out as a whole, and split thresholds for the rest. */
const PATTERN_HELDOUT = 0.15;
const ITEM_HELDOUT = 0.12;
const ITEM_DEV = 0.3;

export function splitOfKey(key: string): Split {
  const u = unitHash(`split:${key}`);
  if (u < ITEM_HELDOUT) return "heldout";
  if (u < ITEM_DEV) return "dev";
  return "train";
}

/** Benign items: a quarter held out, as for the attacks (whose held-out part also gets whole patterns). */
export function benignSplitOfKey(key: string): Split {
  const u = unitHash(`split:${key}`);
  if (u < 0.25) return "heldout";
  if (u < 0.42) return "dev";
  return "train";
}

export function patternIsHeldOut(lang: Lang, pattern: string): boolean {
  return unitHash(`pattern:${lang}:${pattern}`) < PATTERN_HELDOUT;
}

export interface Payload {
  id: string;
  lang: Lang;
  family: string;
  pattern: string;
  text: string;
  split: Split;
  leadFamily?: string;
}

const LEAD_FAMILIES = new Set(["override", "addressed", "conditional", "persona"]);
const ACTION_FAMILIES = new Set([
  "tool-abuse",
  "exfiltration",
  "answer-manipulation",
  "memory",
  "prompt-extraction",
]);

export function collectPayloads(): Payload[] {
  const out: Payload[] = [];
  const seen = new Set<string>();
  for (const lang of LANGS) {
    const heldOnly = new Set(Object.keys(HELDOUT_BOOKS[lang]).map((pattern) => `fresh:${pattern}`));
    const book: PayloadBook = {
      ...BOOKS[lang],
      ...Object.fromEntries(
        Object.entries(HELDOUT_BOOKS[lang]).map(([pattern, texts]) => [`fresh:${pattern}`, texts]),
      ),
    };
    for (const [key, texts] of Object.entries(book)) {
      const pattern = key.replace(/^fresh:/, "");
      const family = pattern.split("/")[0]!;
      const heldPattern = heldOnly.has(key) || patternIsHeldOut(lang, pattern);
      for (const text of texts) {
        const id = `${lang}-${family}-${sha1(text).slice(0, 10)}`;
        if (seen.has(id)) throw new Error(`duplicate payload: ${text}`);
        seen.add(id);
        // the id hashes the text as written (stable); the inserted text drops surrounding blank lines
        // and gets its own destinations (destinations.ts)
        out.push({
          id,
          lang,
          family,
          pattern,
          text: diversifyDestinations(text.trim(), id),
          split: heldPattern ? "heldout" : splitOfKey(id),
        });
      }
    }
  }
  // Combinations: a lead-in (override, address, condition, persona) followed by an order, both from the
  // same language and split, so no sentence crosses splits.
  const combos: Payload[] = [];
  for (const action of out) {
    if (!ACTION_FAMILIES.has(action.family) || unitHash(`combo:${action.id}`) >= 0.55) continue;
    const leads = out.filter(
      (p) => p.lang === action.lang && p.split === action.split && LEAD_FAMILIES.has(p.family),
    );
    if (leads.length === 0) continue;
    leads.sort((a, b) => (sha1(`${action.id}|${a.id}`) < sha1(`${action.id}|${b.id}`) ? -1 : 1));
    const lead = leads[0]!;
    const joiner = unitHash(`join:${action.id}`) < 0.7 ? " " : "\n";
    const text = `${lead.text}${joiner}${action.text}`;
    combos.push({
      id: `${action.lang}-combo-${sha1(text).slice(0, 10)}`,
      lang: action.lang,
      family: action.family,
      pattern: `${action.pattern}+${lead.pattern}`,
      text,
      split: action.split,
      leadFamily: lead.family,
    });
  }
  return [...out, ...combos];
}

function templatesFor(split: Split): CarrierTemplate[] {
  return CARRIERS.filter((t) => split === "heldout" || !t.heldoutOnly);
}

function pickTemplates(rng: Rng, split: Split, count: number, familyForged: boolean): CarrierTemplate[] {
  const pool = templatesFor(split);
  const kinds = [...new Set(pool.map((t) => t.carrier))];
  const chosenKinds = rng.sample(kinds, count);
  return chosenKinds.map((kind) => {
    let options = pool.filter((t) => t.carrier === kind);
    if (kind === "chat-json" && !familyForged)
      options = options.filter((t) => t.variant !== "forged-message");
    if (options.length === 0) options = pool.filter((t) => t.carrier === kind);
    const held = options.filter((t) => t.heldoutOnly);
    if (split === "heldout" && held.length > 0 && rng.chance(0.5)) return rng.pick(held);
    return rng.pick(options);
  });
}

function chooseObfuscation(rng: Rng, template: CarrierTemplate, instance: number): Obfuscation {
  if (instance === 0 || !rng.chance(0.55)) return "none";
  const wrappers = template.wrappers ?? [];
  if (wrappers.length > 0 && rng.chance(0.65)) return rng.pick(wrappers);
  return rng.pick(TEXT_OBFUSCATIONS);
}

export function buildAttacks(payloads: readonly Payload[]): CorpusLine[] {
  const lines: CorpusLine[] = [];
  for (const payload of payloads) {
    const rng = new Rng(`attack:${payload.id}`);
    const count = payload.leadFamily ? 2 : rng.chance(0.35) ? 4 : 3;
    const forged =
      ["forged-turn", "role-label", "chat-template"].includes(payload.family) || rng.chance(0.15);
    pickTemplates(rng, payload.split, count, forged).forEach((template, instance) => {
      const obfuscation = chooseObfuscation(rng, template, instance);
      const wrapper: Obfuscation = (template.wrappers ?? []).includes(obfuscation) ? obfuscation : "none";
      const inner = obfuscateText(payload.text, obfuscation, payload.lang, rng);
      const built = template.build({ lang: payload.lang, rng, inner, wrapper });
      lines.push({
        id: `keel-${payload.id}-${instance}`,
        tool: built.tool,
        text: built.text,
        label: "attack",
        category: `${payload.family}:${payload.lang}`,
        lang: payload.lang,
        family: payload.family,
        ...(payload.leadFamily ? { lead_family: payload.leadFamily } : {}),
        obfuscation,
        carrier: `${template.carrier}:${template.variant}`,
        payload_id: payload.id,
        pattern: payload.pattern,
        spans: [built.span],
        source: "keel-handwritten",
        license: OWN_LICENSE,
      } as CorpusLine);
    });
  }
  return lines;
}

function loadExtracted(): ExtractedItem[] {
  const items: ExtractedItem[] = [];
  for (const file of EXTRACTED) {
    let raw: string;
    try {
      raw = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    for (const line of raw.split("\n")) if (line.trim() !== "") items.push(JSON.parse(line) as ExtractedItem);
  }
  return items;
}

export function buildBenign(): Array<CorpusLine & { split: Split }> {
  const lines: Array<CorpusLine & { split: Split }> = [];
  // hard benign sentences inside the same carriers as the attacks
  for (const item of benignInserts()) {
    const key = `${item.lang}-${item.kind}-${sha1(item.text).slice(0, 10)}`;
    const split = benignInsertSplit(item);
    const rng = new Rng(`benign:${key}`);
    const count = rng.chance(0.5) ? 3 : 2;
    pickTemplates(rng, split, count, rng.chance(0.3)).forEach((template, instance) => {
      const wrappers = template.wrappers ?? [];
      let form = "none";
      if (rng.chance(0.3)) {
        form = wrappers.length > 0 && rng.chance(0.6) ? rng.pick(wrappers) : rng.pick(BENIGN_TEXT_FORMS);
        if (form === "upper-case" && item.text.length > 120) form = "split-lines";
      }
      const wrapper: Obfuscation = wrappers.includes(form as Obfuscation) ? (form as Obfuscation) : "none";
      const inner = wrapper === "none" ? benignForm(item.text, form, rng) : item.text;
      const built = template.build({ lang: item.lang, rng, inner, wrapper });
      lines.push({
        id: `keel-b-${key}-${instance}`,
        tool: built.tool,
        text: built.text,
        label: "benign",
        category: `${item.kind}:${item.lang}`,
        lang: item.lang,
        kind: item.kind,
        carrier: `${template.carrier}:${template.variant}`,
        form,
        source: "keel-handwritten",
        license: OWN_LICENSE,
        split,
      });
    });
  }
  // whole hard benign documents (runbooks, READMEs with install pipes, playbooks, prompt docs, ...)
  const seenDocs = new Set<string>();
  for (const doc of benignDocuments()) {
    if (seenDocs.has(doc.text)) continue;
    seenDocs.add(doc.text);
    const key = `doc-${doc.template.replaceAll(":", "-")}`;
    lines.push({
      id: `keel-b-${key}`,
      tool: doc.tool,
      text: doc.text,
      label: "benign",
      category: `${doc.kind}:${doc.lang}`,
      lang: doc.lang,
      kind: doc.kind,
      source: "keel-handwritten",
      license: OWN_LICENSE,
      split: doc.split,
    });
  }
  // excerpts of local documentation and code (split by source file)
  for (const item of loadExtracted()) {
    // English man pages are plentiful; keep half of them so the three languages stay closer in size
    if (item.kind === "manpage" && item.lang === "en" && unitHash(`keep:${item.id}`) >= 0.5) continue;
    lines.push({
      id: `keel-x-${item.id}`,
      tool: "read_file",
      text: item.text,
      label: "benign",
      category: `${item.kind}:${item.lang}`,
      lang: item.lang,
      kind: item.kind,
      source: item.source,
      license: item.license,
      split: benignSplitOfKey(`extracted:${item.source}`),
    });
  }
  return lines;
}

/** The whole corpus as file contents, keyed by relative path under eval/keel. */
export function buildCorpus(): Record<string, string> {
  const payloads = collectPayloads();
  const split = new Map(payloads.map((p) => [p.id, p.split]));
  const attacks = buildAttacks(payloads);
  const benign = buildBenign();
  const files: Record<string, string> = {};
  for (const s of SPLITS) {
    const a = attacks.filter((line) => split.get(line.payload_id!) === s);
    const b = benign.filter((line) => line.split === s).map(({ split: _split, ...line }) => line);
    // texts that quote an attack as data are kept apart: a line-level quarantine may remove them, and
    // they would otherwise dominate the false positives of the main benign files
    const quoted = b.filter((line) => line.kind === "quoted-attack");
    const plain = b.filter((line) => line.kind !== "quoted-attack");
    files[`${s}/attacks.jsonl`] = `${a.map((line) => JSON.stringify(line)).join("\n")}\n`;
    files[`${s}/benign.jsonl`] = `${plain.map((line) => JSON.stringify(line)).join("\n")}\n`;
    files[`quoted/${s}/benign.jsonl`] = `${quoted.map((line) => JSON.stringify(line)).join("\n")}\n`;
  }
  return files;
}

export const CORPUS_DIR = path.join(import.meta.dirname, "..", "..", "eval", "keel");

function main(): void {
  const check = process.argv.includes("--check");
  const files = buildCorpus();
  let differs = false;
  for (const [name, content] of Object.entries(files)) {
    const target = path.join(CORPUS_DIR, name);
    if (check) {
      let current = "";
      try {
        current = readFileSync(target, "utf8");
      } catch {}
      if (current !== content) {
        differs = true;
        process.stderr.write(`${name} differs from the generator output\n`);
      }
      continue;
    }
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, content);
    process.stdout.write(`${name}: ${content.split("\n").length - 1} lines\n`);
  }
  if (differs) process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
