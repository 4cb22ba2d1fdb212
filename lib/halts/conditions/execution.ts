/**
 * Execution halt conditions (docs/halt-conditions.md): three strikes, repeated errors, cascading failures,
 * unknown errors.
 */

import { haltText, listParams } from "@/lib/halts/halt-text";
import { errorSimilarity } from "./error-similarity";
import { type HaltCheckContext, type HaltCondition, readThreshold } from "./halt-condition";

/**
 * Default `max_attempts` of `three_strikes` (the halt design's MAX_ATTEMPTS = 3,
 * docs/halt-conditions.md#three-strikes).
 */
export const DEFAULT_MAX_ATTEMPTS = 3;
/** Default `similarity_threshold` of `repeated_errors`. */
export const DEFAULT_SIMILARITY_THRESHOLD = 0.8;
/** Default `max_chain_length` of `cascading_failures`. */
export const DEFAULT_MAX_CHAIN_LENGTH = 3;
/** Only the most recent errors are compared pairwise (bounds the work to 190 comparisons). */
export const COMPARED_ERROR_COUNT = 20;

function recentErrors(context: HaltCheckContext): string[] {
  return (context.current_context.previous_errors ?? [])
    .filter((error) => error.trim() !== "")
    .slice(-COMPARED_ERROR_COUNT);
}

/**
 * `three_strikes` (high). Rule: `attempt_number >= max_attempts` (threshold, default 3). The halt
 * design's message is kept: "Task has failed N times. Context may be contaminated."
 */
export function threeStrikes(): HaltCondition {
  return (context, settings) => {
    const { max_attempts: maxAttempts = DEFAULT_MAX_ATTEMPTS } = readThreshold("three_strikes", settings);
    const attempt = context.current_context.attempt_number;
    if (attempt === undefined || attempt < maxAttempts) return null;
    return {
      halt_type: "execution",
      condition_name: "three_strikes",
      severity: settings.severity,
      ...haltText("threeStrikes", { attempts: attempt }),
    };
  };
}

/**
 * Messages among `errors` that have a similar partner (normalized token edit similarity >= threshold,
 * see error-similarity.ts), in their original order.
 */
export function findSimilarErrors(errors: readonly string[], threshold: number): string[] {
  const similar = new Set<number>();
  for (let left = 0; left < errors.length; left++) {
    for (let right = left + 1; right < errors.length; right++) {
      if (errorSimilarity(errors[left] as string, errors[right] as string) >= threshold) {
        similar.add(left);
        similar.add(right);
      }
    }
  }
  return [...new Set([...similar].sort((a, b) => a - b).map((index) => errors[index] as string))];
}

/**
 * `repeated_errors` (medium). Rule: among the last 20 non-empty `previous_errors`, some pair has a
 * normalized token edit similarity >= `similarity_threshold` (default 0.8; measure documented in
 * error-similarity.ts). Annotates `similar_previous_errors`.
 */
export function repeatedErrors(): HaltCondition {
  return (context, settings) => {
    const { similarity_threshold: threshold = DEFAULT_SIMILARITY_THRESHOLD } = readThreshold(
      "repeated_errors",
      settings,
    );
    const similar = findSimilarErrors(recentErrors(context), threshold);
    if (similar.length === 0) return null;
    return {
      halt_type: "execution",
      condition_name: "repeated_errors",
      severity: settings.severity,
      ...haltText("repeatedErrors"),
      annotations: { similar_previous_errors: similar },
    };
  };
}

/**
 * Length of the longest failure chain in `errors`: the longest run of consecutive errors where each
 * differs from the one before it (similarity below `similarityThreshold`: fixing one failure surfaced
 * another), or, within one message, 1 + the number of "caused by" links, whichever is longer.
 */
export function failureChainLength(errors: readonly string[], similarityThreshold: number): number {
  let longest = 0;
  let run = 0;
  for (let index = 0; index < errors.length; index++) {
    const message = errors[index] as string;
    const previous = errors[index - 1];
    run = previous !== undefined && errorSimilarity(previous, message) < similarityThreshold ? run + 1 : 1;
    const causedBy = message.match(/caused by\b/gi)?.length ?? 0;
    longest = Math.max(longest, run, causedBy + 1);
  }
  return longest;
}

/**
 * `cascading_failures` (high). Rule: `failureChainLength(previous_errors) >= max_chain_length`
 * (threshold, default 3), with consecutive errors compared at the default similarity threshold 0.8.
 */
export function cascadingFailures(): HaltCondition {
  return (context, settings) => {
    const { max_chain_length: maxChainLength = DEFAULT_MAX_CHAIN_LENGTH } = readThreshold(
      "cascading_failures",
      settings,
    );
    const chainLength = failureChainLength(recentErrors(context), DEFAULT_SIMILARITY_THRESHOLD);
    if (chainLength < maxChainLength) return null;
    return {
      halt_type: "execution",
      condition_name: "cascading_failures",
      severity: settings.severity,
      ...haltText("failureChain", { chainLength }),
    };
  };
}

/** Known error categories (label and pattern on the lower-cased message). */
export const ERROR_CATEGORIES: readonly [string, RegExp][] = [
  [
    "syntax",
    /syntax ?error|unexpected (?:token|end|eof|indent|character|identifier)|parse error|invalid syntax|unterminated/,
  ],
  [
    "type",
    /type ?error|is not a function|cannot read propert|is not iterable|undefined is not|null ?pointer|attributeerror|has no attribute|not assignable|\bts\d{4}\b|is not callable|cannot be null/,
  ],
  [
    "reference",
    /reference ?error|is not defined|name ?error|undefined (?:variable|method|symbol|reference|index)|cannot find name|unbound variable/,
  ],
  [
    "module",
    /cannot find module|module not found|modulenotfounderror|import ?error|no module named|failed to resolve|could not resolve|unresolved import|cannot find package|err_module/,
  ],
  ["not_found", /enoent|no such file|not found|does not exist|filenotfounderror|\b404\b/],
  [
    "permission",
    /eacces|eperm|permission denied|access denied|forbidden|unauthori[sz]ed|not permitted|\b40[13]\b/,
  ],
  [
    "network",
    /econnrefused|econnreset|enotfound|ehostunreach|network|connection (?:refused|reset|closed|failed)|socket hang up|getaddrinfo|certificate|\btls\b|\bssl\b/,
  ],
  ["timeout", /timed? ?out|timeout|deadline exceeded|etimedout/],
  [
    "resource",
    /out of memory|heap|\boom\b|memoryerror|no space left|enospc|killed|too many open files|emfile/,
  ],
  ["test", /assert|expected|test(?:s)? failed|failing|snapshot|mismatch|to equal|to be\b/],
  ["vcs", /merge conflict|conflict|non-fast-forward|rejected|detached head|not a git repository/],
  [
    "build",
    /compil|build failed|linker|exit(?:ed)? (?:code|status|with)|non-zero|returned \d|command failed|lint/,
  ],
  [
    "value",
    /value ?error|key ?error|index ?error|range ?error|out of (?:range|bounds)|invalid (?:argument|value|input|format|json)|illegal argument|overflow/,
  ],
  [
    "http",
    /\b[45]\d\d\b|status code|bad request|too many requests|rate limit|service unavailable|internal server error|bad gateway/,
  ],
  [
    "database",
    /\bsql|database|relation .{1,120} does not exist|duplicate key|constraint|deadlock|prisma|postgres|mysql|sqlite/,
  ],
  [
    "configuration",
    /environment variable|env var|missing (?:required )?(?:config|configuration|option|argument|parameter|key)|invalid config|not configured/,
  ],
  [
    "runtime",
    /panic|segmentation fault|segfault|stack overflow|maximum call stack|recursion|core dumped|abort/,
  ],
];

/** The category of an error message, or null when it fits none of `ERROR_CATEGORIES`. */
export function classifyError(message: string): string | null {
  const lower = message.slice(0, 4000).toLowerCase();
  for (const [category, pattern] of ERROR_CATEGORIES) if (pattern.test(lower)) return category;
  return null;
}

/**
 * `unknown_errors` (medium). Rule: some non-empty previous error matches none of `ERROR_CATEGORIES`
 * (syntax, type, reference, module, not found, permission, network, timeout, resource, test, vcs,
 * build, value, http, database, configuration, runtime).
 */
export function unknownErrors(): HaltCondition {
  return (context, settings) => {
    readThreshold("unknown_errors", settings);
    const unknown = recentErrors(context).filter((error) => classifyError(error) === null);
    if (unknown.length === 0) return null;
    const shown = unknown.map((error) => (error.length > 120 ? `${error.slice(0, 117)}...` : error));
    return {
      halt_type: "execution",
      condition_name: "unknown_errors",
      severity: settings.severity,
      ...haltText("unknownErrors", listParams("errors", shown, 3)),
    };
  };
}
