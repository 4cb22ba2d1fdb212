/**
 * Masks secrets in a value about to be logged: values under secret-looking keys (password, token,
 * secret, authorization, api_key, cookie ...) are replaced whole, and credentials inside strings
 * (URL passwords, bearer tokens, `password=...` assignments, well-known key formats) are masked.
 * Linear-time patterns only. The halt-event redactor (lib/halts/redact.ts) covers more formats for
 * stored events; this one is deliberately cheap because it runs on every log line.
 */
const SECRET_KEY =
  /pass(word|wd)?|secret|token|authori[sz]ation|api[-_]?key|cookie|credential|private[-_]?key/i;

const STRING_PATTERNS: [RegExp, string][] = [
  // scheme://user:password@host
  [/(\b[a-z][a-z0-9+.-]{1,20}:\/\/[^\s:/@]{1,200}:)[^\s@/]{1,200}@/gi, "$1***@"],
  // Authorization: Bearer <token>
  [/\b(bearer|basic)\s+[A-Za-z0-9._~+/=-]{8,}/gi, "$1 ***"],
  // password=..., token: ..., api_key="..."
  [
    /\b(pass(?:word|wd)?|secret|token|api[-_]?key)(["']?\s{0,3}[:=]\s{0,3}["']?)[^\s"'&,;]{1,500}/gi,
    "$1$2***",
  ],
  // Keel's own tokens and common provider key formats
  [/\b(keel_(?:pat|agent)_)[A-Za-z0-9_-]{8,}/g, "$1***"],
  [/\b(sk-(?:ant-)?|ghp_|gho_|github_pat_|xox[abpr]-|AKIA)[A-Za-z0-9_-]{8,}/g, "$1***"],
];

/** Returns a copy of `value` with secrets masked. Cycles and depth beyond 8 are cut. */
export function redactLogValue(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return redactLogString(value);
  if (value === null || typeof value !== "object") return value;
  if (depth > 8) return "[depth limit]";
  if (Array.isArray(value)) return value.map((item) => redactLogValue(item, depth + 1));
  const output: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    output[key] =
      SECRET_KEY.test(key) && item !== null && item !== undefined && item !== ""
        ? "***"
        : redactLogValue(item, depth + 1);
  }
  return output;
}

export function redactLogString(text: string): string {
  let output = text;
  for (const [pattern, replacement] of STRING_PATTERNS) output = output.replace(pattern, replacement);
  return output;
}
