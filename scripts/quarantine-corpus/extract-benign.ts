/**
 * One-off extraction of real benign text from documentation on the build machine, written to
 * data/extracted-benign.jsonl (committed; the generator reads that file, so regeneration does not need
 * these sources). Run: npx tsx scripts/quarantine-corpus/extract-benign.ts
 *
 * Sources (`--part docs`, the default, writes extracted-benign.jsonl; `--part po` writes extracted-po.jsonl):
 * Markdown docs and source comments of MIT/Apache-2.0 npm packages in node_modules (ai,
 * @ai-sdk/*, openai, @anthropic-ai/sdk, @modelcontextprotocol/sdk, next, zod, prisma) and man pages in
 * /usr/share/man/{de,it} and /usr/share/man/man1 (rendered with groff); German and Italian gettext
 * catalogues in /usr/share/locale/{de,it}/LC_MESSAGES/*.mo, shown as .po excerpts (`--part po`); Keel's
 * own UI messages (messages/{de,en,it}.json, one JSON excerpt per namespace; `--part messages`). Chunks are preferred when they
 * talk about prompts, system messages, instructions, tools, commands, keys or payments (hard negatives).
 *
 * Any chunk that shares a normalized 8-word shingle with any text of ../shared/eval (test or dev, attacks
 * and benign) is dropped: that evaluation must never be trained or tuned on.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sha1, unitHash } from "./random";
import type { ExtractedItem, Lang } from "./types";

const ROOT = path.join(import.meta.dirname, "..", "..");
const NODE_MODULES = existsSync("/work/main/node_modules")
  ? "/work/main/node_modules"
  : path.join(ROOT, "node_modules");
// ../shared/eval next to the checkout; a worktree passes the directory with --shared-eval <dir>
const sharedEvalArg = process.argv.indexOf("--shared-eval");
const SHARED_EVAL =
  sharedEvalArg > 0
    ? path.resolve(process.argv[sharedEvalArg + 1]!)
    : path.join(ROOT, "..", "shared", "eval");
const OUT = path.join(import.meta.dirname, "data", "extracted-benign.jsonl");
const OUT_PO = path.join(import.meta.dirname, "data", "extracted-po.jsonl");
const OUT_MESSAGES = path.join(import.meta.dirname, "data", "extracted-messages.jsonl");

type Item = ExtractedItem;

const HARD =
  /\b(prompt|system|instruction|ignore|previous|tool|assistant|agent|message|role|delete|remove|password|token|key|secret|credential|curl|sudo|must|you|should|never|always|forget|override|permission|send|upload|execute|run)s?\b|anweisung|befehl|passwort|schlüssel|löschen|entfernen|ignorier|vorherig|istruzion|comando|password|chiave|cancella|rimuov|ignora|precedent|sistema/i;

function hardness(text: string): number {
  const matches = text.match(new RegExp(HARD.source, "gi"));
  return matches ? matches.length : 0;
}

// ---- overlap guard against ../shared/eval ----
function normalizeWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize("NFKC")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .split(" ")
    .filter(Boolean);
}

function shingles(text: string, size = 8): string[] {
  const words = normalizeWords(text);
  const out: string[] = [];
  for (let index = 0; index + size <= words.length; index++)
    out.push(words.slice(index, index + size).join(" "));
  return out;
}

function loadEvalShingles(): Set<string> {
  const set = new Set<string>();
  for (const split of ["test", "dev"]) {
    for (const file of ["attacks.jsonl", "benign.jsonl"]) {
      const p = path.join(SHARED_EVAL, split, file);
      if (!existsSync(p)) throw new Error(`missing ${p}: the overlap guard needs the shared evaluation`);
      for (const line of readFileSync(p, "utf8").split("\n")) {
        if (!line.trim()) continue;
        const { text } = JSON.parse(line) as { text: string };
        // JSON-wrapped carriers hold escaped text; compare both forms
        for (const s of shingles(text)) set.add(s);
        for (const s of shingles(text.replace(/\\n/g, "\n").replace(/\\"/g, '"'))) set.add(s);
      }
    }
  }
  return set;
}

// ---- chunking ----
function chunkParagraphs(text: string, min = 180, max = 1400): string[] {
  const paragraphs = text.split(/\n\s*\n/).map((p) => p.replace(/\s+$/g, ""));
  const out: string[] = [];
  let current = "";
  for (const paragraph of paragraphs) {
    if (!paragraph.trim()) continue;
    const next = current ? `${current}\n\n${paragraph}` : paragraph;
    if (next.length > max && current) {
      if (current.length >= min) out.push(current);
      current = paragraph.length > max ? paragraph.slice(0, max) : paragraph;
    } else current = next;
    if (current.length >= min * 2) {
      out.push(current);
      current = "";
    }
  }
  if (current.length >= min) out.push(current);
  return out;
}

function walk(dir: string, accept: (file: string) => boolean, out: string[] = [], depth = 0): string[] {
  if (depth > 8 || !existsSync(dir)) return out;
  for (const name of readdirSync(dir).sort()) {
    if (name === "node_modules" && depth > 0) continue;
    const full = path.join(dir, name);
    let st: ReturnType<typeof statSync>;
    try {
      st = statSync(full);
    } catch {
      continue;
    }
    if (st.isDirectory()) walk(full, accept, out, depth + 1);
    else if (accept(full)) out.push(full);
  }
  return out;
}

function packageLicense(pkgDir: string): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(pkgDir, "package.json"), "utf8")) as {
      name?: string;
      version?: string;
      license?: string;
    };
    return `${pkg.license ?? "unknown"} (npm ${pkg.name}@${pkg.version})`;
  } catch {
    return "unknown";
  }
}

/** Best chunks of a list, deterministic: hardest first, ties by hash. */
function best(chunks: string[], count: number, salt: string): string[] {
  return chunks
    .map((text) => ({ text, score: Math.min(hardness(text), 8) + unitHash(`${salt}:${text}`) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, count)
    .map((c) => c.text);
}

const PACKAGES: Array<{ dir: string; perFile: number; cap: number }> = [
  { dir: "ai", perFile: 4, cap: 520 },
  { dir: "@ai-sdk/provider", perFile: 3, cap: 40 },
  { dir: "@ai-sdk/provider-utils", perFile: 3, cap: 40 },
  { dir: "@ai-sdk/openai", perFile: 3, cap: 60 },
  { dir: "@ai-sdk/anthropic", perFile: 3, cap: 60 },
  { dir: "@ai-sdk/google", perFile: 3, cap: 50 },
  { dir: "@ai-sdk/amazon-bedrock", perFile: 3, cap: 30 },
  { dir: "openai", perFile: 3, cap: 120 },
  { dir: "@anthropic-ai/sdk", perFile: 3, cap: 120 },
  { dir: "@modelcontextprotocol/sdk", perFile: 3, cap: 90 },
  { dir: "next", perFile: 2, cap: 220 },
  { dir: "zod", perFile: 3, cap: 50 },
  { dir: "prisma", perFile: 3, cap: 30 },
];

function fromPackages(): Item[] {
  const items: Item[] = [];
  for (const { dir, perFile, cap } of PACKAGES) {
    const pkgDir = path.join(NODE_MODULES, dir);
    if (!existsSync(pkgDir)) continue;
    const license = packageLicense(pkgDir);
    const docs = walk(pkgDir, (f) => /\.mdx?$/.test(f) && !/CHANGELOG/i.test(f));
    const code = walk(
      pkgDir,
      (f) => /\.(ts|mts|js|mjs)$/.test(f) && !/\.min\./.test(f) && statSync(f).size < 400_000,
    );
    const perPackage: Item[] = [];
    for (const file of docs) {
      const text = readFileSync(file, "utf8").replace(/^---[\s\S]*?\n---\n/, "");
      for (const chunk of best(chunkParagraphs(text), perFile, file)) {
        perPackage.push({
          id: "",
          text: chunk,
          lang: "en",
          kind: "npm-doc",
          source: `local:node_modules/${path.relative(NODE_MODULES, file)}`,
          license,
        });
      }
    }
    // code windows around comments that mention hard words
    for (const file of code.filter((f) => unitHash(`code:${f}`) < 0.35)) {
      const lines = readFileSync(file, "utf8").split("\n");
      const windows: string[] = [];
      for (let index = 0; index < lines.length; index++) {
        const line = lines[index]!;
        if (!/^\s*(\/\/|\*|\/\*\*)/.test(line) || hardness(line) === 0) continue;
        const start = Math.max(0, index - 3);
        const window = lines.slice(start, start + 18).join("\n");
        if (window.length > 200 && window.length < 2000 && !window.includes("sourceMappingURL"))
          windows.push(window);
        index += 18;
      }
      for (const chunk of best(windows, 2, file)) {
        perPackage.push({
          id: "",
          text: chunk,
          lang: "en",
          kind: "npm-code",
          source: `local:node_modules/${path.relative(NODE_MODULES, file)}`,
          license,
        });
      }
    }
    items.push(
      ...best(
        perPackage.map((i) => i.text),
        cap,
        dir,
      ).map((t) => perPackage.find((i) => i.text === t)!),
    );
  }
  return items;
}

function renderMan(file: string): string {
  try {
    const roff = execFileSync("zcat", [file], { maxBuffer: 20_000_000 });
    const out = execFileSync("groff", ["-k", "-t", "-mandoc", "-Tutf8", "-P-cbou"], {
      input: roff,
      maxBuffer: 20_000_000,
      stdio: ["pipe", "pipe", "ignore"],
    });
    return out.toString("utf8");
  } catch {
    return "";
  }
}

function fromManPages(): Item[] {
  const items: Item[] = [];
  const sets: Array<{ lang: Lang; dir: string; perFile: number; share: number }> = [
    { lang: "de", dir: "/usr/share/man/de", perFile: 5, share: 1 },
    { lang: "it", dir: "/usr/share/man/it", perFile: 8, share: 1 },
    { lang: "en", dir: "/usr/share/man/man1", perFile: 2, share: 0.12 },
    { lang: "en", dir: "/usr/share/man/man5", perFile: 2, share: 0.3 },
  ];
  for (const { lang, dir, perFile, share } of sets) {
    const files = walk(dir, (f) => f.endsWith(".gz")).filter((f) => unitHash(`man:${f}`) < share);
    for (const file of files) {
      // drop the page header and footer (first and last non-empty lines: "NAME(1)  Title  NAME(1)")
      const rendered = renderMan(file).split("\n");
      const nonEmpty = rendered
        .map((line, index) => (line.trim() ? index : -1))
        .filter((index) => index >= 0);
      const text = rendered
        .filter((_, index) => index !== nonEmpty[0] && index !== nonEmpty.at(-1))
        .join("\n");
      const real = (() => {
        try {
          return execFileSync("readlink", ["-f", file]).toString().trim();
        } catch {
          return file;
        }
      })();
      const pkg = dpkgOwnerOf(real) !== "unknown" ? dpkgOwnerOf(real) : dpkgOwnerOf(file);
      for (const chunk of best(chunkParagraphs(text, 150, 1200), perFile, file)) {
        items.push({
          id: "",
          text: chunk,
          lang,
          kind: "manpage",
          source: `local:${file}`,
          license: `Debian package ${pkg} (see /usr/share/doc/${pkg}/copyright)`,
        });
      }
    }
  }
  return items;
}

/** Reads a GNU gettext .mo catalogue: [msgid, msgstr] pairs (plural forms joined by " | "). */
function readMo(file: string): Array<[string, string]> {
  const buf = readFileSync(file);
  if (buf.length < 28) return [];
  const magic = buf.readUInt32LE(0);
  const le = magic === 0x950412de;
  if (!le && magic !== 0xde120495) return [];
  const u32 = (at: number) => (le ? buf.readUInt32LE(at) : buf.readUInt32BE(at));
  const count = u32(8);
  const originals = u32(12);
  const translations = u32(16);
  const pairs: Array<[string, string]> = [];
  for (let index = 0; index < count; index++) {
    const read = (table: number) => {
      const length = u32(table + index * 8);
      const offset = u32(table + index * 8 + 4);
      return buf
        .subarray(offset, offset + length)
        .toString("utf8")
        .split("\u0000")
        .join(" | ");
    };
    const id = read(originals);
    const str = read(translations);
    if (id && str && id !== str) pairs.push([id, str]);
  }
  return pairs;
}

const poQuote = (text: string) => JSON.stringify(text);

function fromGettext(): Item[] {
  const items: Item[] = [];
  for (const lang of ["de", "it"] as const) {
    const dir = `/usr/share/locale/${lang}/LC_MESSAGES`;
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).sort()) {
      if (!name.endsWith(".mo")) continue;
      const file = path.join(dir, name);
      const domain = name.slice(0, -3);
      const pairs = readMo(file).filter(
        ([id]) => id.length > 12 && id.length < 400 && !id.includes("Project-Id-Version"),
      );
      if (pairs.length < 8) continue;
      // windows of consecutive entries, the hardest ones first
      const windows: string[] = [];
      for (let start = 0; start + 6 <= pairs.length; start += 9) {
        const slice = pairs.slice(start, start + 6 + (start % 5));
        windows.push(slice.map(([id, str]) => `msgid ${poQuote(id)}\nmsgstr ${poQuote(str)}\n`).join("\n"));
      }
      const pkg = dpkgOwnerOf(file);
      for (const chunk of best(windows, lang === "it" ? 6 : 4, file)) {
        items.push({
          id: "",
          text: `# ${lang === "de" ? "German" : "Italian"} translation for ${domain}\n\n${chunk}`,
          lang,
          kind: "po-file",
          source: `local:${file}`,
          license: `Debian package ${pkg} (see /usr/share/doc/${pkg}/copyright)`,
        });
      }
    }
  }
  return items;
}

/** Keel's UI messages, one pretty-printed JSON excerpt per namespace (long namespaces in pieces). */
function fromMessages(): Item[] {
  const items: Item[] = [];
  for (const lang of ["en", "de", "it"] as const) {
    const file = path.join(ROOT, "messages", `${lang}.json`);
    const messages = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    for (const [namespace, value] of Object.entries(messages)) {
      if (typeof value !== "object" || value === null) continue;
      const entries = Object.entries(value as Record<string, unknown>);
      for (let start = 0; start < entries.length; start += 12) {
        const piece = Object.fromEntries(entries.slice(start, start + 12));
        const text = JSON.stringify({ [namespace]: piece }, null, 2);
        if (text.length < 120) continue;
        items.push({
          id: "",
          text,
          lang,
          kind: "ui-messages",
          source: `keel:messages/${lang}.json#${namespace}`,
          license: "MIT (this repository)",
        });
      }
    }
  }
  return items;
}

let ownerIndex: Map<string, string> | undefined;
/** The Debian package that installed a file under /usr/share/man or /usr/share/locale. */
function dpkgOwnerOf(file: string): string {
  if (!ownerIndex) {
    ownerIndex = new Map();
    const infoDir = "/var/lib/dpkg/info";
    for (const name of existsSync(infoDir) ? readdirSync(infoDir) : []) {
      if (!name.endsWith(".list")) continue;
      const pkg = name.slice(0, -5).split(":")[0]!;
      for (const line of readFileSync(path.join(infoDir, name), "utf8").split("\n")) {
        if (line.startsWith("/usr/share/locale/") || line.startsWith("/usr/share/man/"))
          ownerIndex.set(line, pkg);
      }
    }
  }
  return ownerIndex.get(file) ?? "unknown";
}

function main(): void {
  const evalShingles = loadEvalShingles();
  const partArg = process.argv.indexOf("--part");
  const part = partArg > 0 ? process.argv[partArg + 1] : "docs";
  const all =
    part === "po"
      ? fromGettext()
      : part === "messages"
        ? fromMessages()
        : [...fromPackages(), ...fromManPages()];
  const kept: Item[] = [];
  const seen = new Set<string>();
  let overlapping = 0;
  for (const item of all) {
    const text = item.text.replace(/\r/g, "");
    if (seen.has(text)) continue;
    seen.add(text);
    if (shingles(text).some((s) => evalShingles.has(s))) {
      overlapping++;
      continue;
    }
    kept.push({ ...item, text, id: sha1(`${item.source}\n${text}`).slice(0, 12) });
  }
  writeFileSync(
    part === "po" ? OUT_PO : part === "messages" ? OUT_MESSAGES : OUT,
    `${kept.map((i) => JSON.stringify(i)).join("\n")}\n`,
  );
  const by = new Map<string, number>();
  for (const i of kept) by.set(`${i.kind}:${i.lang}`, (by.get(`${i.kind}:${i.lang}`) ?? 0) + 1);
  process.stdout.write(
    `kept ${kept.length}, dropped ${overlapping} overlapping ../shared/eval\n${[...by].map(([k, v]) => `${k} ${v}`).join("\n")}\n`,
  );
}

main();
