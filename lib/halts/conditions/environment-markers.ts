/**
 * Environment classification for the environment and scope conditions: which deployment environment a
 * name, a command, a path or a credential refers to. Word-based and deterministic.
 */
import { findSecrets, type SecretMatch } from "@/lib/redact/secret-patterns";

/** The four environment classes Keel distinguishes. */
export type EnvironmentClass = "production" | "staging" | "test" | "development";

const DECLARED_ALIASES: Record<string, EnvironmentClass> = {
  prod: "production",
  production: "production",
  prd: "production",
  live: "production",
  staging: "staging",
  stage: "staging",
  stg: "staging",
  preprod: "staging",
  "pre-prod": "staging",
  "pre-production": "staging",
  uat: "staging",
  test: "test",
  testing: "test",
  qa: "test",
  ci: "test",
  sandbox: "test",
  dev: "development",
  development: "development",
  local: "development",
  localhost: "development",
};

/** Words that mark an environment inside commands, paths and credential names (stricter than names). */
const MARKER_WORDS: Record<string, EnvironmentClass> = {
  prod: "production",
  production: "production",
  prd: "production",
  staging: "staging",
  stg: "staging",
  preprod: "staging",
  uat: "staging",
  test: "test",
  testing: "test",
  qa: "test",
  dev: "development",
  development: "development",
  localhost: "development",
};

/** Classifies a declared environment name (`prod`, `Production`, `staging`, `qa`, ...); null if unknown. */
export function classifyEnvironmentName(name: string): EnvironmentClass | null {
  return DECLARED_ALIASES[name.trim().toLowerCase()] ?? null;
}

/**
 * Environment classes named in free text. Device paths (`/dev/...`) and option names (`--production`,
 * `--save-dev`) are ignored, option values are kept (`--env=prod` marks production); the rest is split
 * into words on anything that is not a letter or digit, and each word is looked up whole.
 */
export function findEnvironmentMarkers(text: string): Set<EnvironmentClass> {
  const cleaned = text
    .toLowerCase()
    .replace(/\/dev\/[^\s"'`;|&]{0,256}/g, " ")
    .replace(/(?<![a-z0-9])--?[a-z][a-z0-9-]{0,64}/g, " ");
  const classes = new Set<EnvironmentClass>();
  for (const word of cleaned.split(/[^a-z0-9]+/)) {
    const environment = MARKER_WORDS[word];
    if (environment !== undefined) classes.add(environment);
  }
  return classes;
}

/** A credential found in text, the word around it (secret value masked), its span and environment. */
export type CredentialReference = {
  text: string;
  start: number;
  end: number;
  environment: EnvironmentClass | null;
};

const SECRET_NAME =
  /(?:password|passwd|secret|token|api_?key|access_?key|credential|database_url|db_url|dsn|connection_string)/i;

function isSpace(character: string | undefined): boolean {
  return character === " " || character === "\t" || character === "\n" || character === "\r";
}

/**
 * Credentials referenced in `text` and their environment:
 * - a secret from the pattern table: Stripe `sk_live_` is production and `sk_test_` test; otherwise the
 *   environment words of the whitespace-delimited word around it (`PROD_DB_PASSWORD=...`,
 *   `postgres://u:p@prod-db/app`), with the secret value itself masked;
 * - a secret-named variable or reference (`$STAGING_API_KEY`, `PROD_TOKEN`) naming one environment;
 * - a profile or context selection (`--profile prod`, `AWS_PROFILE=prod`, `--context staging`).
 * A credential word naming no or several environments gets `environment: null`.
 */
export function findCredentialReferences(text: string): CredentialReference[] {
  const references: CredentialReference[] = [];
  const coveredWords = new Set<number>();
  // Group the (sorted) secret matches by the whitespace-delimited word around them: each word is
  // scanned and masked once, which keeps this linear even for long words full of secrets.
  const groups: { start: number; end: number; matches: SecretMatch[] }[] = [];
  for (const match of findSecrets(text).filter((found) => found.certain)) {
    const last = groups[groups.length - 1];
    if (last !== undefined && match.start < last.end) {
      last.matches.push(match);
      last.end = Math.max(last.end, match.end);
      while (last.end < text.length && !isSpace(text[last.end])) last.end++;
      continue;
    }
    let start = match.start;
    while (start > 0 && !isSpace(text[start - 1])) start--;
    let end = match.end;
    while (end < text.length && !isSpace(text[end])) end++;
    groups.push({ start, end, matches: [match] });
  }
  for (const group of groups) {
    coveredWords.add(group.start);
    let masked = "";
    let position = group.start;
    let environment: EnvironmentClass | null = null;
    for (const match of group.matches) {
      masked += `${text.slice(position, match.start)}***`;
      position = match.end;
      const secret = text.slice(match.start, Math.min(match.end, match.start + 8));
      if (environment === null && /^[sr]k_live_/.test(secret)) environment = "production";
      if (environment === null && /^[sr]k_test_/.test(secret)) environment = "test";
    }
    masked += text.slice(position, group.end);
    environment ??= singleClass(findEnvironmentMarkers(masked.replaceAll("***", " ")));
    references.push({ text: masked, start: group.start, end: group.end, environment });
  }
  for (const wordMatch of text.matchAll(/[^\s]{1,2048}/g)) {
    if (coveredWords.has(wordMatch.index)) continue;
    const word = wordMatch[0];
    const name = word.replace(/^[$"'{(]+/, "").split(/[=}"')]/)[0] ?? "";
    if (/^[A-Za-z_][A-Za-z0-9_.]{0,128}$/.test(name) && SECRET_NAME.test(name)) {
      const environment = singleClass(findEnvironmentMarkers(name.replaceAll("_", " ")));
      if (environment !== null) {
        references.push({
          text: name,
          start: wordMatch.index,
          end: wordMatch.index + word.length,
          environment,
        });
      }
    }
  }
  for (const selection of text.matchAll(
    /(?:--profile|--context|--kube-context|AWS_PROFILE=)[ =]?["']?([A-Za-z0-9_.-]{1,64})/g,
  )) {
    const value = selection[1] ?? "";
    const environment = classifyEnvironmentName(value) ?? singleClass(findEnvironmentMarkers(value));
    if (environment !== null) {
      references.push({
        text: selection[0],
        start: selection.index,
        end: selection.index + selection[0].length,
        environment,
      });
    }
  }
  return references;
}

function singleClass(classes: Set<EnvironmentClass>): EnvironmentClass | null {
  return classes.size === 1 ? ([...classes][0] ?? null) : null;
}

/**
 * `text` with every credential word (see `findCredentialReferences`) blanked out, so that
 * environment-boundary checks do not count a credential twice (credential_confusion owns those).
 */
export function withoutCredentialWords(text: string): string {
  const references = findCredentialReferences(text);
  if (references.length === 0) return text;
  const blanked = [...text];
  for (const reference of references) blanked.fill(" ", reference.start, reference.end);
  return blanked.join("");
}
