/**
 * The secret pattern table: the single source of truth for `secrets_exposure` detection and for
 * `redactSecrets` (lib/redact/redact.ts). Every regular expression is linear in its input: no nested or
 * adjacent overlapping quantifiers, every repetition bounded; private key blocks are found by plain
 * string search instead of a regex.
 */

/** Kind of secret a pattern detects (used in descriptions; the value itself is never echoed). */
export type SecretKind =
  | "keel_token"
  | "aws_access_key_id"
  | "aws_secret_access_key"
  | "github_token"
  | "gitlab_token"
  | "slack_token"
  | "slack_webhook"
  | "stripe_secret_key"
  | "openai_api_key"
  | "anthropic_api_key"
  | "google_api_key"
  | "npm_token"
  | "huggingface_token"
  | "private_key"
  | "json_web_token"
  | "bearer_token"
  | "url_password"
  | "secret_assignment"
  | "password_phrase";

/** One row of the table: the regex, which capture group is the secret value, and a false-positive filter. */
export type SecretPattern = {
  kind: SecretKind;
  /** Human label used in halt descriptions. */
  label: string;
  /** Global regex with the `d` flag so group positions are available. */
  regex: RegExp;
  /** Capture group holding the secret (0 = whole match). */
  secretGroup: number;
  /** Returns false for values that only look like secrets (placeholders, variable references). */
  accepts?: (value: string) => boolean;
};

/**
 * A secret found in text: where it is (the secret value only) and what kind it is. `certain` is false
 * only for a generic assignment or prose whose value is a short run of letters (`password: incorrect`,
 * "the password is wrong"), which is as likely prose as a password: redaction removes it anyway, detection (`secrets_exposure`) ignores it.
 */
export type SecretMatch = { kind: SecretKind; label: string; start: number; end: number; certain: boolean };

/** True for a generic assignment value that looks like a credential rather than a word. */
export function looksLikeCredentialValue(value: string): boolean {
  return /[^A-Za-z]/.test(value) || value.length >= 16;
}

const PLACEHOLDER_VALUES = new Set([
  "string",
  "number",
  "boolean",
  "null",
  "undefined",
  "none",
  "true",
  "false",
  "str",
  "int",
  "redacted",
  "[redacted]",
  "xxxx",
  "xxxxx",
  "xxxxxx",
  "xxxxxxxx",
  "password",
  "secret",
  "token",
  "example",
  "placeholder",
  "optional",
  "required",
]);

/**
 * True for assignment values that are real literals rather than references or placeholders:
 * `$VAR`, `${VAR}`, `<token>`, `{{ token }}`, `%VAR%`, `process.env.X`, `getToken()`, `****`, type names.
 */
export function isLiteralSecretValue(value: string, minLength = 4): boolean {
  const lower = value.toLowerCase();
  if (PLACEHOLDER_VALUES.has(lower)) return false;
  if (/^[$<{%*]/.test(value)) return false;
  if (/^\*+$|^x+$|^\.+$/i.test(value)) return false;
  if (
    value.includes("(") ||
    /^(?:process\.env|os\.environ|env\.|self\.|this\.|config\.|settings\.)/i.test(value)
  )
    return false;
  return value.length >= minLength;
}

const SECRET_KEY_NAME =
  "(?:password|passwort|kennwort|passwd|passphrase|pwd|secret|secret[_-]?key|client[_-]?secret|api[_-]?key|apikey|access[_-]?key|access[_-]?token|auth[_-]?token|refresh[_-]?token|private[_-]?key|token|credentials?)";

/** The pattern table, most specific first (overlapping matches are merged by the callers). */
export const SECRET_PATTERNS: readonly SecretPattern[] = [
  {
    kind: "keel_token",
    label: "Keel access token",
    // keel_pat_<10-char prefix>_<43-char secret> and keel_agent_...; a shorter tail is still a leak.
    regex: /\bkeel_(?:pat|agent)_[A-Za-z0-9_-]{8,300}/dg,
    secretGroup: 0,
  },
  {
    kind: "aws_access_key_id",
    label: "AWS access key ID",
    regex: /\b(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b/dg,
    secretGroup: 0,
  },
  {
    kind: "aws_secret_access_key",
    label: "AWS secret access key",
    regex:
      /(?:\baws_?|\b)secret_?access_?key(?:_?id)?["']?\s{0,4}[:=]\s{0,4}["']?([A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])/dgi,
    secretGroup: 1,
  },
  {
    kind: "github_token",
    label: "GitHub token",
    regex: /\b(?:gh[pousr]_[A-Za-z0-9]{36,251}|github_pat_[A-Za-z0-9_]{22,255})\b/dg,
    secretGroup: 0,
  },
  {
    kind: "gitlab_token",
    label: "GitLab token",
    regex: /\bgl(?:pat|dt|rt|ptt)-[A-Za-z0-9_-]{20,255}/dg,
    secretGroup: 0,
  },
  {
    kind: "slack_webhook",
    label: "Slack webhook URL",
    regex: /https:\/\/hooks\.slack\.com\/services\/[A-Za-z0-9]{1,20}\/[A-Za-z0-9]{1,20}\/[A-Za-z0-9]{8,64}/dg,
    secretGroup: 0,
  },
  {
    kind: "slack_token",
    label: "Slack token",
    regex: /\bxox[abposre]-[A-Za-z0-9-]{10,255}/dg,
    secretGroup: 0,
  },
  {
    kind: "stripe_secret_key",
    label: "Stripe secret key",
    regex: /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,255}\b/dg,
    secretGroup: 0,
  },
  {
    kind: "anthropic_api_key",
    label: "Anthropic API key",
    regex: /\bsk-ant-[A-Za-z0-9_-]{20,255}/dg,
    secretGroup: 0,
  },
  {
    kind: "openai_api_key",
    label: "OpenAI API key",
    regex: /\bsk-(?!ant-)(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,255}/dg,
    secretGroup: 0,
  },
  {
    kind: "google_api_key",
    label: "Google API key",
    regex: /\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/dg,
    secretGroup: 0,
  },
  { kind: "npm_token", label: "npm token", regex: /\bnpm_[A-Za-z0-9]{36}\b/dg, secretGroup: 0 },
  { kind: "huggingface_token", label: "Hugging Face token", regex: /\bhf_[A-Za-z]{34}\b/dg, secretGroup: 0 },
  {
    kind: "json_web_token",
    label: "JSON web token",
    regex: /\beyJ[A-Za-z0-9_-]{5,4096}\.eyJ[A-Za-z0-9_-]{5,8192}\.[A-Za-z0-9_-]{10,4096}/dg,
    secretGroup: 0,
  },
  {
    kind: "bearer_token",
    label: "bearer token",
    regex: /\bBearer[ \t]{1,4}([A-Za-z0-9._~+/-]{20,4096}={0,2})/dg,
    secretGroup: 1,
  },
  {
    kind: "url_password",
    label: "password in a URL or connection string",
    regex: /\b[A-Za-z][A-Za-z0-9+.-]{1,20}:\/\/[^\s:@/]{0,256}:([^\s@/]{1,256})@/dg,
    secretGroup: 1,
    // In a URL even a short literal is a password (`postgres://u:pw@h/db`).
    accepts: (value) => isLiteralSecretValue(value, 1),
  },
  {
    kind: "secret_assignment",
    label: "password or secret assignment",
    regex: new RegExp(
      `(?<![A-Za-z0-9])[A-Za-z0-9_.-]{0,40}${SECRET_KEY_NAME}["']?[ \\t]{0,3}(?::=|=>|[:=])[ \\t]{0,3}["'\`]?([^\\s"'\`,;&|<>]{1,512})`,
      "dgi",
    ),
    secretGroup: 1,
    accepts: isLiteralSecretValue,
  },
  {
    kind: "password_phrase",
    label: "password written in prose",
    // "the database password is hunter2", "password for prod was x", "das Passwort lautet x",
    // "Kennwort ist x", "la password è x", "la parola d'ordine è x". Every repetition is bounded.
    regex:
      /(?<![A-Za-z0-9])(?:password|passwort|kennwort|passphrase|parola d'ordine)(?:[ \t]{1,3}(?:for|of|für|von|del|della|di|per)(?:[ \t]{1,3}(?:the|die|der|das|den|il|la|lo|l'))?[ \t]{1,3}[^\s]{1,64})?[ \t]{1,3}(?:is|was|=|:|lautet|lautete|ist|war|heißt|è|e'|era|vale)[ \t]{1,3}[„"'“«]?([^\s"'”“«»]{1,512})/dgi,
    secretGroup: 1,
    accepts: isLiteralSecretValue,
  },
];

const PRIVATE_KEY_BEGIN = /-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY-----/g;
const PRIVATE_KEY_END_MARKER = "PRIVATE KEY-----";

function findPrivateKeyBlocks(text: string): SecretMatch[] {
  const matches: SecretMatch[] = [];
  PRIVATE_KEY_BEGIN.lastIndex = 0;
  let begin = PRIVATE_KEY_BEGIN.exec(text);
  while (begin !== null) {
    const bodyStart = begin.index + begin[0].length;
    const endIndex = text.indexOf("-----END ", bodyStart);
    const markerIndex = endIndex === -1 ? -1 : text.indexOf(PRIVATE_KEY_END_MARKER, endIndex);
    // An unterminated block is still a key (truncated output): it runs to the end of the text.
    const end = markerIndex === -1 ? text.length : markerIndex + PRIVATE_KEY_END_MARKER.length;
    matches.push({ kind: "private_key", label: "private key block", start: begin.index, end, certain: true });
    PRIVATE_KEY_BEGIN.lastIndex = end;
    begin = end >= text.length ? null : PRIVATE_KEY_BEGIN.exec(text);
  }
  return matches;
}

/**
 * A literal every pattern above needs somewhere in its match (case-insensitive, so a superset of what
 * the case-sensitive patterns need): text without any of them holds no secret, and one linear scan
 * settles it instead of one scan per pattern. Most text an agent sends (operations, file paths,
 * commands) is such text; the halt check scans every string of its input several times.
 * `secret-patterns.test.ts` checks that the prefilter never hides a match the full table finds.
 */
const SECRET_PREFILTER =
  /keel_|AKIA|ASIA|ABIA|ACCA|secret|gh[pousr]_|github_pat_|gl(?:pat|dt|rt|ptt)-|xox[abposre]-|[sr]k_(?:live|test)_|sk-|AIza|npm_|hf_|eyJ|Bearer|:\/\/|pass|pwd|kennwort|parola|key|token|credential/i;

/**
 * Finds every secret in `text`. Returns matches sorted by start, with overlapping spans merged (the
 * merged span keeps the kind of the earliest, longest match and is certain if any part is). Linear
 * time; never throws.
 */
export function findSecrets(text: string): SecretMatch[] {
  return SECRET_PREFILTER.test(text) ? scanForSecrets(text) : [];
}

/** `findSecrets` without the prefilter: every pattern scans `text` (exported for the prefilter's test). */
export function scanForSecrets(text: string): SecretMatch[] {
  const found: SecretMatch[] = findPrivateKeyBlocks(text);
  for (const pattern of SECRET_PATTERNS) {
    pattern.regex.lastIndex = 0;
    for (const match of text.matchAll(pattern.regex)) {
      const value = match[pattern.secretGroup];
      const indices = match.indices?.[pattern.secretGroup];
      if (value === undefined || indices === undefined) continue;
      if (pattern.accepts && !pattern.accepts(value)) continue;
      const generic = pattern.kind === "secret_assignment" || pattern.kind === "password_phrase";
      const certain = !generic || looksLikeCredentialValue(value);
      found.push({ kind: pattern.kind, label: pattern.label, start: indices[0], end: indices[1], certain });
    }
  }
  found.sort((left, right) => left.start - right.start || right.end - left.end);
  const merged: SecretMatch[] = [];
  for (const match of found) {
    const last = merged[merged.length - 1];
    if (last !== undefined && match.start < last.end) {
      last.end = Math.max(last.end, match.end);
      last.certain ||= match.certain;
    } else {
      merged.push({ ...match });
    }
  }
  return merged;
}
