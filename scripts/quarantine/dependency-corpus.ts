/**
 * The benign texts the quarantine's learned stage takes from the installed dependencies, pinned by a
 * committed manifest (dependency-corpus.json) so that training cannot drift silently when the lockfile
 * changes.
 *
 * What is taken: from every package under node_modules whose licence is MIT, ISC, Apache-2.0 or a BSD
 * variant, its Markdown files (READMEs with install sections, SDK docs full of example system prompts,
 * changelogs) and the comments of its JavaScript and TypeScript sources (JSDoc, doc comments and line
 * comments: real code comments in bulk), at most COMMENT_BUDGET characters of comments per package.
 * Each package goes to one partition by a hash of its name: "train" (benign training texts),
 * "threshold" (the learned stage's threshold is set over them) or "reserved" (read by neither; a
 * fresh benign check, scored by `npm run eval:quarantine`). A file whose content already came from a
 * package earlier in name order is left out, so one file cannot sit in two partitions.
 *
 * The manifest records package@version, licence, partition, and per file its path and sha256. The
 * training reads exactly those files and fails, naming every missing or changed file, when node_modules
 * no longer holds them. `npm run corpus:quarantine-deps` rewrites the manifest on purpose (and a
 * retrain then changes the weights).
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type EvalRecord, REPOSITORY_ROOT, sharedEvalDirectory } from "./eval-data";

/** The committed manifest. */
export const MANIFEST_PATH = join(REPOSITORY_ROOT, "scripts", "quarantine", "dependency-corpus.json");

/** Where a package's texts go. */
export type Partition = "train" | "threshold" | "reserved";

/** One package of the manifest. */
export interface ManifestPackage {
  readonly name: string;
  readonly version: string;
  readonly license: string;
  /** Directory under node_modules (a nested copy has its parent's path in front). */
  readonly directory: string;
  readonly partition: Partition;
  /** Path inside the package directory -> sha256 of the file (hex). */
  readonly files: Record<string, string>;
}

/** The manifest file. */
export interface DependencyManifest {
  readonly description: string;
  /** sha256 of the shared/eval/dev files the training also reads (they live outside the repository). */
  readonly sharedEvalDev?: Record<string, string>;
  readonly packages: readonly ManifestPackage[];
}

/** The shared/eval/dev files the training reads. */
const SHARED_DEV_FILES = ["attacks.jsonl", "benign.jsonl"];

/** sha256 of the shared/eval/dev files, or undefined when shared/eval is missing. */
function sharedDevHashes(): Record<string, string> | undefined {
  const directory = sharedEvalDirectory();
  if (directory === undefined) return undefined;
  const hashes: Record<string, string> = {};
  for (const file of SHARED_DEV_FILES) {
    const path = join(directory, "dev", file);
    if (existsSync(path)) hashes[file] = sha256(readFileSync(path));
  }
  return hashes;
}

/** Differences between the pinned shared/eval/dev files and the ones found (empty when they match). */
export function sharedDevProblems(manifest: DependencyManifest = readManifest()): string[] {
  const pinned = manifest.sharedEvalDev;
  if (pinned === undefined) return [];
  const found = sharedDevHashes();
  if (found === undefined) return ["shared/eval is missing (set KEEL_SHARED_EVAL)"];
  return Object.entries(pinned)
    .filter(([file, hash]) => found[file] !== hash)
    .map(([file]) => `shared/eval/dev/${file}: ${found[file] === undefined ? "missing" : "changed"}`);
}

/** The committed manifest. */
export function readManifest(): DependencyManifest {
  return JSON.parse(readFileSync(MANIFEST_PATH, "utf8")) as DependencyManifest;
}

/** Licences whose texts may be used (SPDX ids; an expression qualifies when one alternative of an OR does). */
const PERMISSIVE = new Set(["MIT", "ISC", "APACHE-2.0", "BSD-2-CLAUSE", "BSD-3-CLAUSE", "0BSD", "BSD"]);

/** Characters of comments taken per package at most. */
export const COMMENT_BUDGET = 12_000;
/** Source files larger than this (bundles, generated tables) are skipped. */
const MAX_SOURCE_BYTES = 400_000;
/** Size of one text cut from a file. */
const CHUNK = 4000;

/** Stable 32-bit FNV-1a hash of a string. */
export function nameHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++)
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return hash >>> 0;
}

/** The partition of a package: 6 of 10 hash buckets train, 2 the threshold, 2 reserved. */
export function partitionOf(packageName: string): Partition {
  const bucket = nameHash(packageName) % 10;
  return bucket < 6 ? "train" : bucket < 8 ? "threshold" : "reserved";
}

/** The licence of a package.json as one string ("" when none is declared). */
function licenceOf(manifest: Record<string, unknown>): string {
  const declared = manifest.license ?? manifest.licence;
  if (typeof declared === "string") return declared;
  if (
    declared !== null &&
    typeof declared === "object" &&
    typeof (declared as { type?: unknown }).type === "string"
  )
    return (declared as { type: string }).type;
  const list = manifest.licenses;
  if (Array.isArray(list))
    return list
      .map((entry) => (typeof entry === "string" ? entry : String((entry as { type?: unknown })?.type ?? "")))
      .join(" OR ");
  return "";
}

/** True when the SPDX expression allows use under a permissive licence. */
export function isPermissive(licence: string): boolean {
  const alternatives = licence.replace(/[()]/g, " ").split(/\s+OR\s+/i);
  return alternatives.some((alternative) =>
    alternative.split(/\s+AND\s+/i).every((part) => PERMISSIVE.has(part.trim().toUpperCase())),
  );
}

/**
 * The comments of a JavaScript or TypeScript source, one per paragraph: block comments without their
 * `/*`, `*` and `*\/` decoration, runs of line comments joined line by line. Strings and template
 * literals are skipped (on one line for quotes); regular expression literals are not recognised, so a
 * quote inside one can hide a comment on that line. Only comments of at least three words are kept.
 */
export function extractComments(source: string): string[] {
  const comments: string[] = [];
  let lineRun: string[] = [];
  const flushLines = (): void => {
    if (lineRun.length > 0) keep(lineRun.join("\n"));
    lineRun = [];
  };
  const keep = (comment: string): void => {
    const text = comment.trim();
    if (text.split(/\s+/).length >= 3) comments.push(text);
  };
  let index = 0;
  while (index < source.length) {
    const char = source[index]!;
    const next = source[index + 1];
    if (char === "/" && next === "/") {
      // A comment after code on its line starts a run of its own.
      if (source.slice(source.lastIndexOf("\n", index) + 1, index).trim() !== "") flushLines();
      const end = source.indexOf("\n", index);
      const stop = end < 0 ? source.length : end;
      lineRun.push(source.slice(index + 2, stop).replace(/^\/*\s?/, ""));
      index = stop;
      continue;
    }
    if (char === "/" && next === "*") {
      flushLines();
      const end = source.indexOf("*/", index + 2);
      const stop = end < 0 ? source.length : end;
      keep(
        source
          .slice(index + 2, stop)
          .split("\n")
          .map((line) => line.replace(/^\s*\*+ ?/, "").replace(/^\*+/, ""))
          .join("\n"),
      );
      index = stop + 2;
      continue;
    }
    if (char === "\n") {
      // A blank or code line ends a run of line comments.
      const lineEnd = source.indexOf("\n", index + 1);
      const line = source.slice(index + 1, lineEnd < 0 ? source.length : lineEnd).trimStart();
      if (!line.startsWith("//")) flushLines();
      index++;
      continue;
    }
    if (char === '"' || char === "'") {
      let cursor = index + 1;
      while (cursor < source.length && source[cursor] !== char && source[cursor] !== "\n")
        cursor += source[cursor] === "\\" ? 2 : 1;
      index = cursor + 1;
      continue;
    }
    if (char === "`") {
      let cursor = index + 1;
      while (cursor < source.length && source[cursor] !== "`") cursor += source[cursor] === "\\" ? 2 : 1;
      index = cursor + 1;
      continue;
    }
    index++;
  }
  flushLines();
  return comments;
}

function sha256(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

function isSource(path: string): boolean {
  return /\.(c|m)?js$|\.d\.(c|m)?ts$/.test(path) && !/\.min\.js$/.test(path);
}

/** The names in a directory, sorted; [] when it cannot be read. */
function sortedEntries(directory: string): string[] {
  try {
    return readdirSync(directory).sort();
  } catch {
    return [];
  }
}

/** The files of one package directory (not descending into nested node_modules), sorted. */
function packageFiles(directory: string): string[] {
  const files: string[] = [];
  const walk = (relative: string, depth: number): void => {
    if (depth > 8) return;
    for (const entry of sortedEntries(join(directory, relative))) {
      if (entry === "node_modules" || entry.startsWith(".")) continue;
      const path = relative === "" ? entry : `${relative}/${entry}`;
      let stat: ReturnType<typeof statSync>;
      try {
        stat = statSync(join(directory, path));
      } catch {
        continue;
      }
      if (stat.isDirectory()) walk(path, depth + 1);
      else if (path.toLowerCase().endsWith(".md") || (isSource(path) && stat.size <= MAX_SOURCE_BYTES))
        files.push(path);
    }
  };
  walk("", 0);
  return files;
}

/** Package directories under node_modules (relative, sorted), nested copies included. */
function packageDirectories(root: string): string[] {
  const found: string[] = [];
  const visitModules = (relative: string, depth: number): void => {
    if (depth > 4) return;
    for (const entry of sortedEntries(join(root, relative))) {
      if (entry.startsWith(".")) continue;
      const path = relative === "" ? entry : `${relative}/${entry}`;
      if (entry.startsWith("@")) {
        visitModules(path, depth);
        continue;
      }
      if (!existsSync(join(root, path, "package.json"))) continue;
      found.push(path);
      if (existsSync(join(root, path, "node_modules"))) visitModules(`${path}/node_modules`, depth + 1);
    }
  };
  visitModules("", 0);
  return found;
}

/** Builds the manifest from node_modules (used only to rewrite it on purpose). */
export function buildManifest(root = join(REPOSITORY_ROOT, "node_modules")): DependencyManifest {
  const entries: { name: string; version: string; license: string; directory: string }[] = [];
  for (const directory of packageDirectories(root)) {
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(readFileSync(join(root, directory, "package.json"), "utf8")) as Record<
        string,
        unknown
      >;
    } catch {
      continue;
    }
    if (typeof parsed.name !== "string" || typeof parsed.version !== "string") continue;
    const license = licenceOf(parsed);
    if (!isPermissive(license)) continue;
    entries.push({ name: parsed.name, version: parsed.version, license, directory });
  }
  entries.sort((left, right) =>
    left.name < right.name ? -1 : left.name > right.name ? 1 : left.directory < right.directory ? -1 : 1,
  );
  const seen = new Set<string>();
  const packages: ManifestPackage[] = [];
  for (const entry of entries) {
    const files: Record<string, string> = {};
    let commentCharacters = 0;
    for (const path of packageFiles(join(root, entry.directory))) {
      const isDoc = path.toLowerCase().endsWith(".md");
      if (!isDoc && commentCharacters >= COMMENT_BUDGET) continue;
      const bytes = readFileSync(join(root, entry.directory, path));
      const hash = sha256(bytes);
      if (seen.has(hash)) continue;
      if (!isDoc) {
        const comments = extractComments(bytes.toString("utf8"));
        if (comments.length === 0) continue;
        commentCharacters += comments.reduce((sum, comment) => sum + comment.length, 0);
      }
      seen.add(hash);
      files[path] = hash;
    }
    if (Object.keys(files).length === 0) continue;
    packages.push({ ...entry, partition: partitionOf(entry.name), files });
  }
  return {
    sharedEvalDev: sharedDevHashes(),
    description:
      "Benign texts of the quarantine's learned stage from node_modules (scripts/quarantine/dependency-corpus.ts): Markdown files and source comments of MIT/ISC/Apache-2.0/BSD packages, partitioned by package name hash. Rewrite with `npm run corpus:quarantine-deps`.",
    packages,
  };
}

/**
 * The partition of a hand-written hard benign text (hard-benign.jsonl): by a hash of its id, a third
 * each for training, the threshold and the reserved check.
 */
export function hardBenignPartition(record: EvalRecord): Partition {
  const bucket = nameHash(record.id) % 3;
  return bucket === 0 ? "train" : bucket === 1 ? "threshold" : "reserved";
}

/** Cuts a text into pieces of at most CHUNK characters, at a blank line near the end when there is one. */
function chunks(text: string): { piece: string; end: number }[] {
  const pieces: { piece: string; end: number }[] = [];
  for (let start = 0; start < text.length; ) {
    let end = Math.min(text.length, start + CHUNK);
    const blank = text.lastIndexOf("\n\n", end);
    if (end < text.length && blank > start + CHUNK / 2) end = blank;
    pieces.push({ piece: text.slice(start, end), end });
    start = end;
  }
  return pieces;
}

/** The corpus of the manifest: benign texts per partition, or the problems that stop it. */
export interface DependencyCorpus {
  readonly train: EvalRecord[];
  readonly threshold: EvalRecord[];
  readonly reserved: EvalRecord[];
  /** Missing packages, changed versions, missing or changed files (empty when the corpus is exact). */
  readonly problems: string[];
}

/** Reads the texts the manifest names from node_modules, checking every version and sha256. */
export function loadDependencyCorpus(
  manifest: DependencyManifest = readManifest(),
  root = join(REPOSITORY_ROOT, "node_modules"),
): DependencyCorpus {
  const corpus: DependencyCorpus = { train: [], threshold: [], reserved: [], problems: [] };
  for (const entry of manifest.packages) {
    const directory = join(root, entry.directory);
    let version: unknown;
    try {
      version = (JSON.parse(readFileSync(join(directory, "package.json"), "utf8")) as { version?: unknown })
        .version;
    } catch {
      corpus.problems.push(
        `${entry.name}@${entry.version}: package missing (node_modules/${entry.directory})`,
      );
      continue;
    }
    if (version !== entry.version) {
      corpus.problems.push(`${entry.name}@${entry.version}: installed version is ${String(version)}`);
      continue;
    }
    for (const [path, expected] of Object.entries(entry.files)) {
      let bytes: Buffer;
      try {
        bytes = readFileSync(join(directory, path));
      } catch {
        corpus.problems.push(`${entry.name}@${entry.version}: file missing: ${path}`);
        continue;
      }
      if (sha256(bytes) !== expected) {
        corpus.problems.push(`${entry.name}@${entry.version}: file changed: ${path}`);
        continue;
      }
      const source = bytes.toString("utf8");
      const text = path.toLowerCase().endsWith(".md") ? source : extractComments(source).join("\n\n");
      for (const { piece, end } of chunks(text))
        corpus[entry.partition].push({
          id: `deps:${entry.directory}/${path}:${end}`,
          text: piece,
          label: "benign",
        });
    }
  }
  return corpus;
}

function main(): void {
  if (!process.argv.includes("--write")) {
    const corpus = loadDependencyCorpus();
    const size = (records: EvalRecord[]) => records.reduce((sum, record) => sum + record.text.length, 0);
    process.stdout.write(
      `${JSON.stringify(
        {
          train: { texts: corpus.train.length, characters: size(corpus.train) },
          threshold: { texts: corpus.threshold.length, characters: size(corpus.threshold) },
          reserved: { texts: corpus.reserved.length, characters: size(corpus.reserved) },
          problems: corpus.problems,
        },
        null,
        2,
      )}\n`,
    );
    process.exit(corpus.problems.length > 0 ? 1 : 0);
  }
  const manifest = buildManifest();
  writeFileSync(MANIFEST_PATH, `${JSON.stringify(manifest, null, 2)}\n`);
  process.stdout.write(`wrote ${MANIFEST_PATH}: ${manifest.packages.length} packages\n`);
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) main();
