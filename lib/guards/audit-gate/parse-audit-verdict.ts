import { isJsWhitespace } from "@/lib/text/is-js-whitespace";
/**
 * Reads the auditor's verdict tag from its reply, the way Agent Zero's `parse_result` does, with one
 * deliberate change: a reply without a tag gives `null` ("no verdict") instead of `ok`, so the caller can
 * fail closed.
 *
 * Grammar (case-sensitive, like upstream's three regexes):
 * - `<ok/>` and `<terminate/>`, with optional whitespace before the slash (`<ok />`, `<ok\n/>`);
 * - `<clarify>questions</clarify>`: the questions may span lines; the first `</clarify>` after an opening
 *   tag closes it (non-greedy); an opening tag without a closing one is not a verdict.
 * The LAST tag by start position wins, across the three kinds, so a tag quoted in the chain of thought is
 * overridden by the final one. `<OK/>` or `<Ok />` are not tags.
 *
 * The scan is hand-written with `indexOf` and runs in linear time on any input (no backtracking regex);
 * it never throws.
 */

/** A parsed verdict. `detail` is the trimmed clarify questions; empty for `ok` and `terminate`. */
export type AuditVerdict =
  | { readonly verdict: "ok"; readonly detail: string }
  | { readonly verdict: "clarify"; readonly detail: string }
  | { readonly verdict: "terminate"; readonly detail: string };

type VerdictTag = AuditVerdict & {
  /** Where the tag starts in the reply. */
  readonly start: number;
};

const CLARIFY_OPEN = "<clarify>";
const CLARIFY_CLOSE = "</clarify>";

/**
 * Parses the reply's final verdict tag. Returns `null` when the reply holds no complete tag: the caller
 * must not read that as `ok`.
 */
export function parseAuditVerdict(reply: string): AuditVerdict | null {
  const tag = findFinalVerdictTag(reply);
  return tag === null ? null : { verdict: tag.verdict, detail: tag.detail };
}

/**
 * The auditor's reasoning: the reply's text before its final verdict tag, trimmed (Keel uses it as the
 * terminate reason). A reply without a tag is all reasoning: it is returned whole, trimmed.
 */
export function chainOfThought(reply: string): string {
  const tag = findFinalVerdictTag(reply);
  return (tag === null ? reply : reply.slice(0, tag.start)).trim();
}

function findFinalVerdictTag(reply: string): VerdictTag | null {
  const candidates = [
    lastSelfClosingTag(reply, "<ok", "ok"),
    lastSelfClosingTag(reply, "<terminate", "terminate"),
    lastClarifyTag(reply),
  ];
  let final: VerdictTag | null = null;
  for (const candidate of candidates) {
    if (candidate !== null && (final === null || candidate.start > final.start)) final = candidate;
  }
  return final;
}

/**
 * The last `<name\s*\/>` in the text. Each occurrence of the opener is followed only by its own run of
 * whitespace (the opener starts with `<`, which is not whitespace), so the runs never overlap: linear.
 */
function lastSelfClosingTag(text: string, opener: string, verdict: "ok" | "terminate"): VerdictTag | null {
  let found: VerdictTag | null = null;
  let from = 0;
  for (;;) {
    const start = text.indexOf(opener, from);
    if (start === -1) return found;
    let cursor = start + opener.length;
    while (cursor < text.length && isJsWhitespace(text.charCodeAt(cursor))) cursor += 1;
    if (text.startsWith("/>", cursor)) {
      found = { verdict, detail: "", start };
      from = cursor + 2;
    } else {
      from = cursor;
    }
  }
}

/**
 * The last complete `<clarify>...</clarify>`, matched left to right without overlap like a non-greedy
 * `finditer`: an opening tag is closed by the first closing tag after it, and the search resumes after
 * that closing tag. Once an opening tag has no closing tag, no later one can have one either.
 */
function lastClarifyTag(text: string): VerdictTag | null {
  let found: VerdictTag | null = null;
  let from = 0;
  for (;;) {
    const start = text.indexOf(CLARIFY_OPEN, from);
    if (start === -1) return found;
    const contentStart = start + CLARIFY_OPEN.length;
    const close = text.indexOf(CLARIFY_CLOSE, contentStart);
    if (close === -1) return found;
    found = { verdict: "clarify", detail: text.slice(contentStart, close).trim(), start };
    from = close + CLARIFY_CLOSE.length;
  }
}
