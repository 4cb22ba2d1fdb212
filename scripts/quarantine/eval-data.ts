/**
 * Loading of the quarantine's evaluation and training data: the public corpus (shared/eval, found in
 * the parent directories of the repository or at KEEL_SHARED_EVAL), Keel's own corpus (eval/keel) and
 * the hand-written training cases of this folder. Used by train.ts, eval.ts and the quarantine bench.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** One labelled text (the shared/eval JSON-lines record, plus Keel's corpus fields). */
export interface EvalRecord {
  readonly id: string;
  readonly tool?: string;
  readonly text: string;
  readonly label: "attack" | "benign";
  readonly category?: string;
  readonly carrier?: string;
  /** Injected ranges in `text` (UTF-16 offsets); absent on benign texts. */
  readonly spans?: readonly (readonly [number, number])[];
  readonly lang?: string;
  readonly family?: string;
  readonly obfuscation?: string;
  /** The grammatical form of the order (register-probes.jsonl): plural, formal, infinitive, passive, ... */
  readonly register?: string;
  /** The way the order is worded (writer-probes-o.jsonl): third-person, passive, polite, policy, ... */
  readonly style?: string;
  readonly payload_id?: string;
}

/** The repository's root directory. */
export const REPOSITORY_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

/**
 * The shared/eval directory: KEEL_SHARED_EVAL when set, else the first `shared/eval` found in the
 * repository's parent directories (../shared/eval for the main checkout, ../../shared/eval for a
 * worktree under a folder of worktrees). Undefined when there is none.
 */
export function sharedEvalDirectory(): string | undefined {
  const configured = process.env.KEEL_SHARED_EVAL;
  if (configured !== undefined && configured !== "") return existsSync(configured) ? configured : undefined;
  let directory = REPOSITORY_ROOT;
  for (let level = 0; level < 3; level++) {
    directory = dirname(directory);
    const candidate = join(directory, "shared", "eval");
    if (existsSync(join(candidate, "dev"))) return candidate;
  }
  return undefined;
}

/** Reads a JSON-lines file of records; [] when the file does not exist. */
export function readRecords(path: string): EvalRecord[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as EvalRecord);
}

/** The attacks and benign texts of shared/eval/<split>, or [] when shared/eval is missing. */
export function sharedSplit(split: "dev" | "test"): EvalRecord[] {
  const directory = sharedEvalDirectory();
  if (directory === undefined) return [];
  return [
    ...readRecords(join(directory, split, "attacks.jsonl")),
    ...readRecords(join(directory, split, "benign.jsonl")),
  ];
}

/** The attacks and benign texts of eval/keel/<split> (Keel's own corpus), or [] when absent. */
export function keelSplit(split: "train" | "dev" | "heldout"): EvalRecord[] {
  const directory = join(REPOSITORY_ROOT, "eval", "keel", split);
  return [...readRecords(join(directory, "attacks.jsonl")), ...readRecords(join(directory, "benign.jsonl"))];
}

/**
 * The benign texts of eval/keel/quoted/<split>: documents that quote attacks as data (advisories,
 * detector docs, test fixtures), kept apart by the corpus so they do not dominate the main benign
 * figures. [] when absent.
 */
export function keelQuotedSplit(split: "train" | "dev" | "heldout"): EvalRecord[] {
  return readRecords(join(REPOSITORY_ROOT, "eval", "keel", "quoted", split, "benign.jsonl"));
}

/** The hand-written training cases of this folder (handwritten.jsonl). */
export function handwrittenCases(): EvalRecord[] {
  return readRecords(join(REPOSITORY_ROOT, "scripts", "quarantine", "handwritten.jsonl"));
}

/**
 * The fresh hand-written cases (fresh-handwritten.jsonl): attacks and hard benign texts written
 * independently of eval/keel and of the training files, after the committed model was trained. An
 * evaluation set only: no training or threshold reads it (docs/quarantine.md, "Fresh hand-written set").
 */
export function freshHandwrittenCases(): EvalRecord[] {
  return readRecords(join(REPOSITORY_ROOT, "scripts", "quarantine", "fresh-handwritten.jsonl"));
}

/**
 * The broad hand-written sets (broad-dev.jsonl, broad-heldout.jsonl): attacks of every family and hard
 * benign near misses in EN/DE/IT, written by six writers from the families' descriptions only (never
 * from an evaluation text), split by writer: broad-dev (override, memory, tool abuse, forged turns) may
 * be read and tuned on, broad-heldout (persona, addressed notes, exfiltration, prompt extraction,
 * secrecy, conditional orders, answer manipulation) is scored for reporting only. No training or
 * threshold reads either (docs/quarantine.md, "A second independent set, written by family").
 */
export function broadCases(part: "dev" | "heldout"): EvalRecord[] {
  return readRecords(join(REPOSITORY_ROOT, "scripts", "quarantine", `broad-${part}.jsonl`));
}

/**
 * The carrier probes (carrier-probes.jsonl): 405 attacks and 300 hard benign texts in carriers (mail,
 * tickets, CSV, YAML, code comments, calendar entries, chat exports), written for the carrier-parity
 * pass before any rule of that pass (docs/quarantine.md, "Carrier parity and orders put on the agent
 * by name"). That pass's forms were written on its misses, so it is tuned-on data; no training or
 * threshold reads it.
 */
export function carrierProbeCases(): EvalRecord[] {
  return readRecords(join(REPOSITORY_ROOT, "scripts", "quarantine", "carrier-probes.jsonl"));
}

/**
 * Probe sets written for Keel by separate writers (helper agents that saw neither the repository nor any
 * evaluation data; docs/quarantine.md "A second writer's probes"): part "a" (300 attacks, 300 hard benign
 * texts) was tuned on, part "b" (240 and 240, written later) is held out: scored only for reporting.
 * Parts "c" (240 and 240) and "d" (200 and 200) were written by two more writers in a later pass
 * (docs/quarantine.md "Two more writers"): "c" is tuned on, "d" is held out. Part "e" (90 attacks, 330
 * hard benign texts), a fifth writer's, was written later in that pass and tuned on. Parts "f" (tuned
 * on), "g" (180 and 180) and "h" (120 and 120; both held out) were written in the pass after
 * (docs/quarantine.md "Values wrapped over the rows of a text table, claims dictated to the answer").
 * Part "i" (210 hard benign texts, no attacks; 70 per language in 14 genres) was written for the
 * forty-ninth pass by a helper that saw neither the repository's data nor the detector, and tuned on
 * (docs/quarantine.md "Secrecy in cells, tool definitions, forged consents and a fresh benign set");
 * part "j" (180 hard benign texts, 12 genres) by another such helper later in that pass, scored once
 * before it was tuned on. Parts "k" (210 hard benign texts, 14 genres; tuned on), "l" (180 hard
 * benign texts, 12 genres; held out, never read) and "m" (240 hard benign texts in l's 12 genres, by a
 * third helper; tuned on) were written the same way for the fiftieth pass (docs/quarantine.md
 * "Fancy-text letters, character references, emoji line ends and three fresh benign sets").
 */
export function writerProbeCases(
  part: "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h" | "i" | "j" | "k" | "l" | "m",
): EvalRecord[] {
  return readRecords(join(REPOSITORY_ROOT, "scripts", "quarantine", `writer-probes-${part}.jsonl`));
}

/**
 * The disguise probes (disguise-probes.jsonl): 180 attacks and 180 hard benign texts, 60 and 60 per
 * language, written for the fifty-first pass by a helper that saw neither the repository nor any
 * evaluation data, after the pass's first disguise readers existed and before any was tuned on it. The
 * attacks hide an order by spelling it letter by letter with separators, URL encoding, ROT13 or a
 * Caesar shift, reversal, hex or styled letters (`obfuscation`); the benign texts use the same forms
 * innocently (acronyms, spoilers, hex dumps, search links, palindromes, flags) or talk about them
 * ("mention"). Split by language before anything was read: the English third ("en") is tuned on, the
 * German and Italian two thirds ("de-it") are held out (docs/quarantine.md "Disguises of form ...").
 */
export function disguiseProbeCases(part: "en" | "de-it"): EvalRecord[] {
  return readRecords(join(REPOSITORY_ROOT, "scripts", "quarantine", "disguise-probes.jsonl")).filter(
    (record) => (part === "en") === (record.lang === "en"),
  );
}

/**
 * The parallel probes (parallel-probes.jsonl): 80 attack payloads, each written in English, German and
 * Italian (240 attacks; conditional, answer manipulation, secrecy, tool abuse, exfiltration, persona,
 * prompt extraction, override and memory, ten payloads each, half in a short carrier), and 120 hard
 * benign texts, written for the fifty-second pass by a helper that saw neither the repository nor any
 * evaluation data. Split by payload number before anything was read: odd numbers ("tuned", 120 attacks
 * and 60 benign texts) are tuned on, even numbers ("held", the same counts) are held out
 * (docs/quarantine.md "Requests, conditions and cover-ups in the forms of the other languages").
 */
export function parallelProbeCases(part: "tuned" | "held"): EvalRecord[] {
  return readRecords(join(REPOSITORY_ROOT, "scripts", "quarantine", "parallel-probes.jsonl")).filter(
    (record) => (Number(/-(\d+)-[a-z]{2}$/.exec(record.id)?.[1] ?? "0") % 2 === 1) === (part === "tuned"),
  );
}

/**
 * The second parallel probes (parallel-probes-2.jsonl): 150 attack payloads, each written in English,
 * German and Italian (450 attacks; override, persona, tool abuse, exfiltration, payment, secrecy, prompt
 * extraction, answer manipulation, memory and conditional orders, fifteen payloads each) and 60 hard
 * benign texts in the same three languages (180), written for the fifty-ninth pass by two helpers that
 * saw neither the repository nor any evaluation data. Scored whole before anything in them was read,
 * then split by number: odd numbers ("tuned") are tuned on, even numbers ("held") are held out
 * (docs/quarantine.md "Orders in the subjunctive and the passive, gift cards, answers against the
 * source").
 */
export function parallelProbes2Cases(part: "tuned" | "held"): EvalRecord[] {
  return byProbeNumber(
    readRecords(join(REPOSITORY_ROOT, "scripts", "quarantine", "parallel-probes-2.jsonl")),
    part,
  );
}

/** Odd-numbered records of a probe file ("-NN-<lang>" at the end of the id) are tuned on, even ones held out. */
function byProbeNumber(records: EvalRecord[], part: "tuned" | "held"): EvalRecord[] {
  return records.filter(
    (record) => (Number(/-(\d+)-[a-z]{2}$/.exec(record.id)?.[1] ?? "0") % 2 === 1) === (part === "tuned"),
  );
}

/**
 * The quotation probes (quoted-probes.jsonl): 150 hard benign texts that quote attacks (articles,
 * advisories, test reports and tables, prompt guides, code comments, guard logs, playbooks for people;
 * 50 per language) and 90 attacks that put their payload in quotation marks (dictated answers, declared
 * rules, forged authorities, quoted commands, secrecy, attacks posing as examples; 30 per language),
 * written for the fifty-third pass by a helper that saw neither the repository nor any evaluation data,
 * after the pass's first reading of quotations was written. Split by number before anything was read:
 * odd numbers tuned on, even numbers held out (docs/quarantine.md "Quotations a statement names").
 */
export function quotedProbeCases(part: "tuned" | "held"): EvalRecord[] {
  return byProbeNumber(
    readRecords(join(REPOSITORY_ROOT, "scripts", "quarantine", "quoted-probes.jsonl")),
    part,
  );
}

/**
 * The register probes (register-probes.jsonl): 180 attacks given in the grammatical forms of orders
 * other than the informal singular (German and Italian plural, formal, infinitive, passive, third person,
 * modal questions; English plural addressees, passives; 80 German, 80 Italian, 20 English) and 120 hard
 * benign texts in the same forms with no order to an agent (docstrings in the third person, instructions
 * to people in the plural or formal register, participles, checklists, product specifications), written
 * for the fifty-third pass by a helper that saw neither the repository nor any evaluation data, after the
 * pass's plural reading was written. Split like the quotation probes.
 */
export function registerProbeCases(part: "tuned" | "held"): EvalRecord[] {
  return byProbeNumber(
    readRecords(join(REPOSITORY_ROOT, "scripts", "quarantine", "register-probes.jsonl")),
    part,
  );
}

/**
 * The numbered writers' probe sets: the two of the fifty-fourth pass (and one of the sixty-second), written by helpers that saw neither the repository nor any
 * evaluation data after the pass's first readings were written, scored whole before anything in them was
 * read, then split by number (odd numbers tuned on, even numbers held out; docs/quarantine.md "The agent
 * addressed by its job, requests put as questions, and two fresh writers"):
 * - "n" (writer-probes-n.jsonl): 180 attacks of ten families in fourteen carriers (a third under an
 *   obfuscation) and 180 hard benign texts in fifteen genres, 60 and 60 per language;
 * - "o" (writer-probes-o.jsonl): 150 attacks and 150 hard benign texts whose orders avoid the obvious
 *   words: notes to "assistants" in the third person, passive and impersonal orders, polite requests,
 *   fake policy notices, orders posing as the user's wishes, redirections of the task, and the plural,
 *   formal and infinitive registers (`style`); the benign texts use the same styles for people.
 * - "p" (writer-probes-p.jsonl, the sixty-second pass, written the same way by a helper that saw no
 *   code and no evaluation data): 180 attacks of the six families the held-out sets catch least
 *   (secrecy, prompt extraction, conditional orders, answer manipulation, memory, persona; 10 per family
 *   and language, 28 under an obfuscation) in seventeen carriers, and 150 hard benign texts in thirty
 *   genres (privacy notices, NDAs, surprise parties, prompt guides, chatbot docs, role-play rules,
 *   advisories quoting attacks, ...). Its German and Italian benign texts adapt the English scenarios.
 */
export function numberedWriterProbeCases(part: "n" | "o" | "p", half: "tuned" | "held"): EvalRecord[] {
  return byProbeNumber(
    readRecords(join(REPOSITORY_ROOT, "scripts", "quarantine", `writer-probes-${part}.jsonl`)),
    half,
  );
}

/**
 * The hand-written hard benign texts of this folder (hard-benign.jsonl): advisories and blog posts that
 * describe indirect prompt injection, code and config lines, support playbooks, prompt-engineering docs
 * (EN/DE/IT). Split by train.ts hardBenignPartition into training, threshold and reserved thirds.
 */
export function hardBenignCases(): EvalRecord[] {
  return readRecords(join(REPOSITORY_ROOT, "scripts", "quarantine", "hard-benign.jsonl"));
}
