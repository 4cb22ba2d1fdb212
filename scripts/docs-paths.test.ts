/**
 * The repository is self-contained: every repository path a document or a code comment names exists,
 * every relative markdown link and #anchor in the documents resolves, and nothing sends a reader to a
 * document the repository does not contain (the planning files kept outside it, or the numbered source
 * documents, whose meaning is in docs/design.md#sources).
 *
 * Scanned: the git-tracked (and new, not ignored) files of the working tree. Documents are every `*.md`;
 * comments come from TypeScript/JavaScript (through the TypeScript scanner, so `//` inside strings and
 * URLs is not a comment), Prisma (`//`), SQL (`--`) and shell/TOML/text files (`#`).
 *
 * A path token starts with a top-level folder of the repository (`lib/`, `docs/`, ...) and ends in a file
 * extension or a slash. Placeholders are allowed explicitly: `<name>` and `*` match one path segment,
 * `**` any number, `{a,b}` expands; a token under a generated folder (`lib/generated/`) is not checked.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");

/** Top-level folders a path token can start with. */
const PATH_ROOTS = [
  "lib",
  "app",
  "docs",
  "scripts",
  "tests",
  "components",
  "prisma",
  "bench",
  "messages",
  "agent",
  "i18n",
  "eval",
];

/** Folders written by tools (ignored by git); paths under them are not checked. */
const GENERATED_PREFIXES = ["lib/generated/"];

/** Files outside the repository that no document or comment may point at (built so this file does not name them). */
const OUTSIDE_DOCUMENTS = ["DESIGN", "STACK", "STYLE", "UPSTREAMS"].map((name) => `${name}.md`);
const OUTSIDE_DOCUMENT_PATTERN = new RegExp(
  OUTSIDE_DOCUMENTS.map((name) => name.replace(".", "\\.")).join("|"),
);
/** The numbered source documents; only the table in docs/design.md#sources may name them. */
const SOURCE_NUMBER_PATTERN = /\bseed\s+0\d\d\b/i;
const SOURCE_TABLE_DOCUMENT = "docs/design.md";

const TOKEN_PATTERN = new RegExp(
  String.raw`(?<![\w./\\-])(?:@/)?((?:${PATH_ROOTS.join("|")})/[\w.\-[\]()<>*{},@/]*)(#[\w-]+)?`,
  "g",
);

function trackedFiles(): string[] {
  const output = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], {
    cwd: ROOT,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return output
    .split("\0")
    .filter((file) => file.length > 0 && existsSync(path.join(ROOT, file)))
    .sort();
}

const FILES = trackedFiles();
const FILE_SET = new Set(FILES);
const DIRECTORY_SET = new Set(
  FILES.flatMap((file) => {
    const parts = file.split("/");
    return parts.slice(1).map((_, index) => parts.slice(0, index + 1).join("/"));
  }),
);

const TEXT_EXTENSIONS = /\.(?:ts|tsx|mts|cts|js|mjs|cjs|md|json|prisma|sql|toml|txt|css|yml|yaml)$/;
function isTextFile(file: string): boolean {
  return TEXT_EXTENSIONS.test(file) || file === ".ci/run" || file === ".gitignore";
}

function read(file: string): string {
  return readFileSync(path.join(ROOT, file), "utf8");
}

// ------------------------------------------------------------------------------------------------
// Comments
// ------------------------------------------------------------------------------------------------

/** A comment with the line it starts on. */
type Comment = { line: number; text: string };

/** Line number (1-based) of an offset, from the offsets where lines start. */
function lineAt(lineStarts: readonly number[], offset: number): number {
  let low = 0;
  let high = lineStarts.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((lineStarts[middle] ?? 0) <= offset) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}

/** Comments of a TypeScript/JavaScript file, found through the parser's comment ranges. */
function scriptComments(file: string, text: string): Comment[] {
  const kind = file.endsWith(".tsx")
    ? ts.ScriptKind.TSX
    : file.match(/\.[cm]?js$/)
      ? ts.ScriptKind.JS
      : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const lineStarts = source.getLineStarts();
  const seen = new Set<number>();
  const comments: Comment[] = [];
  const collect = (ranges: readonly ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (seen.has(range.pos)) continue;
      seen.add(range.pos);
      comments.push({ line: lineAt(lineStarts, range.pos), text: text.slice(range.pos, range.end) });
    }
  };
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getTrailingCommentRanges(text, node.end));
    // JSX text is not trivia: `{/* ... */}` comments sit in JsxExpression nodes and are found through them.
    ts.forEachChild(node, visit);
  };
  visit(source);
  collect(ts.getLeadingCommentRanges(text, source.endOfFileToken.pos));
  return comments.sort((a, b) => a.line - b.line);
}

/** Line comments introduced by `marker` (outside quotes, which these formats rarely need). */
function lineComments(text: string, marker: string): Comment[] {
  const comments: Comment[] = [];
  text.split("\n").forEach((content, index) => {
    let quoted: string | null = null;
    for (let column = 0; column < content.length; column++) {
      const character = content[column];
      if (quoted) {
        if (character === quoted) quoted = null;
      } else if (character === '"' || character === "'") {
        quoted = character;
      } else if (content.startsWith(marker, column)) {
        comments.push({ line: index + 1, text: content.slice(column) });
        return;
      }
    }
  });
  return comments;
}

function commentsOf(file: string): Comment[] | null {
  const text = read(file);
  // Parsing is the expensive part: a file with nothing a rule could report on needs no comment list.
  if (
    pathTokens(text).length === 0 &&
    !SOURCE_NUMBER_PATTERN.test(text) &&
    !OUTSIDE_DOCUMENT_PATTERN.test(text)
  )
    return [];
  if (/\.(?:ts|tsx|mts|cts|js|mjs|cjs)$/.test(file)) return scriptComments(file, text);
  if (file.endsWith(".prisma")) return lineComments(text, "//");
  if (file.endsWith(".sql")) return lineComments(text, "--");
  if (file === ".ci/run" || /\.(?:toml|txt)$/.test(file) || file === ".gitignore")
    return lineComments(text, "#");
  return null;
}

// ------------------------------------------------------------------------------------------------
// Paths and anchors
// ------------------------------------------------------------------------------------------------

/** Expands `{a,b}` groups (nested groups are expanded one level at a time). */
function expandBraces(token: string): string[] {
  const match = /\{([^{}]*)\}/.exec(token);
  if (!match) return [token];
  const before = token.slice(0, match.index);
  const after = token.slice(match.index + match[0].length);
  return (match[1] ?? "").split(",").flatMap((option) => expandBraces(before + option + after));
}

function hasPlaceholder(candidate: string): boolean {
  return /[*<]/.test(candidate);
}

/** A placeholder path as a regular expression over repository paths. */
function placeholderPattern(candidate: string): RegExp {
  let source = "";
  for (let index = 0; index < candidate.length; index++) {
    const rest = candidate.slice(index);
    if (rest.startsWith("**/")) {
      source += "(?:[^/]+/)*";
      index += 2;
    } else if (rest.startsWith("**")) {
      source += ".*";
      index += 1;
    } else if (rest.startsWith("*")) {
      source += "[^/]*";
    } else if (rest.startsWith("<")) {
      const close = rest.indexOf(">");
      source += "[^/]+";
      index += Math.max(close, 0);
    } else {
      source += (rest[0] ?? "").replace(/[.+?^${}()|[\]\\]/g, "\\$&");
    }
  }
  return new RegExp(`^${source}/?$`);
}

/** Whether a repository path (file or folder, placeholders allowed) exists. */
function pathExists(candidate: string): boolean {
  const clean = candidate.replace(/\/+$/, "");
  if (GENERATED_PREFIXES.some((prefix) => `${clean}/`.startsWith(prefix))) return true;
  if (hasPlaceholder(clean)) {
    const pattern = placeholderPattern(clean);
    return FILES.some((file) => pattern.test(file)) || [...DIRECTORY_SET].some((dir) => pattern.test(dir));
  }
  return FILE_SET.has(clean) || DIRECTORY_SET.has(clean);
}

/** Strips what a sentence or markup puts after a path. */
function trimToken(token: string): string {
  let trimmed = token;
  for (;;) {
    const opens = trimmed.split("(").length - 1;
    const closes = trimmed.split(")").length - 1;
    const next = trimmed.replace(/[.,:;]+$/, "").replace(/\)$/, (close) => (closes > opens ? "" : close));
    if (next === trimmed) return trimmed;
    trimmed = next;
  }
}

/** Path tokens of a text: a top-level folder, then a path that ends in a file extension or a slash. */
function pathTokens(text: string): { path: string; anchor?: string }[] {
  const tokens: { path: string; anchor?: string }[] = [];
  for (const match of text.matchAll(TOKEN_PATTERN)) {
    // A markdown link whose text is a path: `[docs/<name>.md](docs/<name>.md)`; the link itself is checked apart.
    const raw = match[1] ?? "";
    const token = trimToken(raw.split("](")[0] ?? "");
    const last = token.split("/").filter(Boolean).pop() ?? "";
    const isFolder = token.endsWith("/");
    const hasExtension = /\.[A-Za-z][\w]*\}?$/.test(last) || /\.\{[\w,]+\}$/.test(last);
    if (!isFolder && !hasExtension) continue;
    if (token.includes("...") || token.includes("…")) continue;
    const anchor = raw.includes("](") ? undefined : match[2]?.slice(1);
    tokens.push({ path: token, anchor });
  }
  return tokens;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]*>/g, "")
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

const anchorCache = new Map<string, Set<string>>();
/** The anchors of a markdown file: heading slugs (with GitHub's -1, -2 suffixes) and explicit ids. */
function anchorsOf(file: string): Set<string> {
  const cached = anchorCache.get(file);
  if (cached) return cached;
  const anchors = new Set<string>();
  const counts = new Map<string, number>();
  let fenced = false;
  for (const line of read(file).split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const slug = headingSlug(heading[1] ?? "");
      const seen = counts.get(slug) ?? 0;
      anchors.add(seen === 0 ? slug : `${slug}-${seen}`);
      counts.set(slug, seen + 1);
    }
    for (const id of line.matchAll(/\bid="([^"]+)"/g)) if (id[1]) anchors.add(id[1]);
  }
  anchorCache.set(file, anchors);
  return anchors;
}

/** Relative markdown links of a document, outside code blocks and code spans. */
function markdownLinks(text: string): { line: number; target: string }[] {
  const links: { line: number; target: string }[] = [];
  let fenced = false;
  text.split("\n").forEach((line, index) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) return;
    const prose = line.replace(/`[^`]*`/g, "");
    for (const match of prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = match[1];
      if (!target) continue;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:
      links.push({ line: index + 1, target });
    }
  });
  return links;
}

// ------------------------------------------------------------------------------------------------
// Checks
// ------------------------------------------------------------------------------------------------

type Problem = string;

function checkPathTokens(file: string, line: number, text: string, problems: Problem[]): void {
  for (const token of pathTokens(text)) {
    const candidates = expandBraces(token.path);
    for (const candidate of candidates) {
      if (!pathExists(candidate)) {
        problems.push(`${file}:${line}: names ${candidate}, which does not exist`);
        continue;
      }
      if (token.anchor && candidate.endsWith(".md") && FILE_SET.has(candidate)) {
        if (!anchorsOf(candidate).has(token.anchor))
          problems.push(`${file}:${line}: ${candidate} has no heading #${token.anchor}`);
      }
    }
  }
}

function checkOutsideReferences(file: string, line: number, text: string, problems: Problem[]): void {
  const outside = OUTSIDE_DOCUMENT_PATTERN.exec(text);
  if (outside) problems.push(`${file}:${line}: points at ${outside[0]}, which is not in the repository`);
}

/** Problems of one document. */
function documentProblems(file: string): Problem[] {
  const problems: Problem[] = [];
  const text = read(file);
  let fenced = false;
  text.split("\n").forEach((line, index) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    checkOutsideReferences(file, index + 1, line, problems);
    if (file !== SOURCE_TABLE_DOCUMENT && SOURCE_NUMBER_PATTERN.test(line))
      problems.push(
        `${file}:${index + 1}: names a numbered source document; describe the rule or link docs/design.md#sources`,
      );
    if (!fenced) checkPathTokens(file, index + 1, line, problems);
  });
  for (const link of markdownLinks(text)) {
    const [target = "", anchor] = link.target.split("#", 2);
    const resolved =
      target === "" ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), target));
    if (resolved.startsWith("../")) {
      problems.push(`${file}:${link.line}: links ${link.target}, outside the repository`);
      continue;
    }
    if (!FILE_SET.has(resolved) && !DIRECTORY_SET.has(resolved.replace(/\/$/, ""))) {
      problems.push(`${file}:${link.line}: links ${link.target}, which does not exist`);
      continue;
    }
    if (anchor && resolved.endsWith(".md") && !anchorsOf(resolved).has(anchor))
      problems.push(`${file}:${link.line}: links ${link.target}, but ${resolved} has no such heading`);
  }
  return problems;
}

/** Problems of the comments of one source file. */
function commentProblems(file: string): Problem[] {
  const comments = commentsOf(file);
  if (!comments) return [];
  const problems: Problem[] = [];
  for (const comment of comments) {
    comment.text.split("\n").forEach((text, offset) => {
      const line = comment.line + offset;
      checkOutsideReferences(file, line, text, problems);
      if (SOURCE_NUMBER_PATTERN.test(text))
        problems.push(
          `${file}:${line}: a comment names a numbered source document; state the rule or point at docs/`,
        );
      checkPathTokens(file, line, text, problems);
    });
  }
  return problems;
}

/** Applied migrations are immutable (their checksum covers comments too), so their comments are not checked. */
const IMMUTABLE = /^prisma\/migrations\/[^/]+\/migration\.sql$/;

const DOCUMENTS = FILES.filter((file) => file.endsWith(".md"));
const SOURCES = FILES.filter((file) => !file.endsWith(".md") && isTextFile(file) && !IMMUTABLE.test(file));

describe("the checker itself", () => {
  it("finds path tokens with an extension or a trailing slash, and their anchors", () => {
    expect(
      pathTokens("see lib/agent/loop.ts, docs/design.md#tool-budget and lib/guards/ (not lib/agent)."),
    ).toEqual([
      { path: "lib/agent/loop.ts", anchor: undefined },
      { path: "docs/design.md", anchor: "tool-budget" },
      { path: "lib/guards/", anchor: undefined },
    ]);
    expect(
      pathTokens("import from `@/lib/db/client.ts`; https://example.com/lib/x.ts; ../shared/docs/x.md"),
    ).toEqual([{ path: "lib/db/client.ts", anchor: undefined }]);
  });

  it("expands braces and matches placeholders", () => {
    expect(expandBraces("messages/{de,en,it}.json")).toEqual([
      "messages/de.json",
      "messages/en.json",
      "messages/it.json",
    ]);
    expect(pathExists("messages/de.json")).toBe(true);
    expect(pathExists("lib/guards/*/index.ts")).toBe(true);
    expect(pathExists("lib/<area>/index.ts")).toBe(true);
    expect(pathExists("lib/<area>/no-such-file.ts")).toBe(false);
    expect(pathExists("lib/http/api-handler.ts")).toBe(false);
    expect(pathExists("app/[locale]/(console)/runs/page.tsx")).toBe(true);
  });

  it("computes GitHub heading anchors", () => {
    expect(headingSlug("The embedded PostgreSQL (`lib/db/embedded-postgres.ts`)")).toBe(
      "the-embedded-postgresql-libdbembedded-postgrests",
    );
    expect(headingSlug("Run finalization, guard proxy, MCP gateway")).toBe(
      "run-finalization-guard-proxy-mcp-gateway",
    );
  });

  it("reports a missing path, a broken anchor and an outside document", () => {
    const problems: Problem[] = [];
    checkPathTokens("x.md", 1, "see lib/http/api-handler.ts and docs/design.md#no-such-heading", problems);
    checkOutsideReferences("x.md", 2, `as ${OUTSIDE_DOCUMENTS[0]} section 7 says`, problems);
    expect(problems).toHaveLength(3);
  });

  it("reads comments, not strings", () => {
    const comments = scriptComments(
      "x.ts",
      'const url = "https://example.com/lib/x.ts"; // see lib/a.ts\n/** docs/b.md */\nexport {};\n',
    );
    expect(comments.map((comment) => comment.text)).toEqual(["// see lib/a.ts", "/** docs/b.md */"]);
  });
});

/** Scanning every file takes a few seconds, more on a busy host: a generous bound, not a speed assertion. */
const SCAN_TIMEOUT_MS = 120_000;

describe("the repository is self-contained", { timeout: SCAN_TIMEOUT_MS }, () => {
  it("scans a realistic number of files", () => {
    expect(DOCUMENTS.length).toBeGreaterThan(5);
    expect(SOURCES.length).toBeGreaterThan(300);
  });

  it("documents name only paths, links and anchors that exist", () => {
    expect(DOCUMENTS.flatMap(documentProblems)).toEqual([]);
  });

  it("code comments name only paths that exist and point at no outside document", () => {
    expect(SOURCES.flatMap(commentProblems)).toEqual([]);
  });

  it("no code line points at the planning documents kept outside the repository, except the known test name", () => {
    const problems: Problem[] = [];
    for (const file of SOURCES) {
      read(file)
        .split("\n")
        .forEach((line, index) => {
          checkOutsideReferences(file, index + 1, line, problems);
        });
    }
    expect(problems).toEqual([]);
  });
});
