/**
 * Error-message similarity for `repeated_errors` and `cascading_failures`.
 *
 * Measure: **normalized token edit similarity** = 1 - tokenLevenshtein(a, b) / max(|a|, |b|), where a
 * and b are the masked token sequences of the two messages. Masking (lower case first) replaces URLs
 * with `<url>`, UUIDs with `<id>`, hex ids (0x..., or 7+ hex characters containing a digit) with
 * `<hex>`, paths and file names with `<path>`, quoted strings with `<str>` and digit runs with `<n>`;
 * tokens are then the runs of `[a-z0-9_]` and the placeholders. Only the first 2000 characters and the
 * first 200 tokens of a message count. Example: "TypeError: Cannot read property 'x' of null" and
 * "... of undefined" differ in 1 of 7 tokens: similarity 0.857.
 */

/** Characters of a message that are compared. */
export const COMPARED_MESSAGE_LENGTH = 2000;
/** Tokens of a message that are compared. */
export const COMPARED_TOKEN_COUNT = 200;

const MASKS: [RegExp, string | ((match: string) => string)][] = [
  [/\b[a-z][a-z0-9+.-]{1,20}:\/\/[^\s'"`<>]{1,2048}/g, " <url> "],
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g, " <id> "],
  [/\b0x[0-9a-f]{1,64}\b/g, " <hex> "],
  [/\b[0-9a-f]{7,64}\b/g, (match) => (/[0-9]/.test(match) && /[a-f]/.test(match) ? " <hex> " : match)],
  [/'[^'\n]{0,256}'|"[^"\n]{0,256}"|`[^`\n]{0,256}`/g, " <str> "],
  [/(?:^|(?<=[\s(=:,]))(?:\.{1,2}\/|~\/|\/|[a-z]:\\)[^\s'"():,]{1,1024}/g, " <path> "],
  [/\b[\w.-]{1,128}\/[^\s'"():,]{1,1024}/g, " <path> "],
  [
    /\b[\w-]{1,128}\.(?:js|mjs|cjs|ts|tsx|jsx|py|go|rs|java|kt|rb|php|c|cc|cpp|h|hpp|cs|json|ya?ml|toml|sql|sh|md)\b/g,
    " <path> ",
  ],
  [/\d+/g, " <n> "],
];

/** Masks variable parts of an error message and returns its comparison tokens (see module doc). */
export function errorMessageTokens(message: string): string[] {
  let masked = message.slice(0, COMPARED_MESSAGE_LENGTH).toLowerCase();
  for (const [pattern, replacement] of MASKS) {
    masked =
      typeof replacement === "string"
        ? masked.replace(pattern, replacement)
        : masked.replace(pattern, replacement);
  }
  return [...masked.matchAll(/<[a-z]+>|[a-z0-9_]+/g)].slice(0, COMPARED_TOKEN_COUNT).map((match) => match[0]);
}

/** Levenshtein distance between two token sequences (two-row dynamic programming). */
export function tokenEditDistance(left: readonly string[], right: readonly string[]): number {
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let row = 1; row <= left.length; row++) {
    const current = [row];
    for (let column = 1; column <= right.length; column++) {
      const substitution = (previous[column - 1] as number) + (left[row - 1] === right[column - 1] ? 0 : 1);
      current[column] = Math.min(
        substitution,
        (previous[column] as number) + 1,
        (current[column - 1] as number) + 1,
      );
    }
    previous = current;
  }
  return previous[right.length] as number;
}

/**
 * Normalized token edit similarity of two error messages, from 0 (nothing in common) to 1 (same after
 * masking). Two messages without any token are similar only when their trimmed texts are equal.
 */
export function errorSimilarity(left: string, right: string): number {
  const leftTokens = errorMessageTokens(left);
  const rightTokens = errorMessageTokens(right);
  const longest = Math.max(leftTokens.length, rightTokens.length);
  if (longest === 0) return left.trim() === right.trim() ? 1 : 0;
  return 1 - tokenEditDistance(leftTokens, rightTokens) / longest;
}
