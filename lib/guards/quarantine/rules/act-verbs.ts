import { LEXICON } from "../lexicon";
import type { SegmentToken } from "../tokenize-segment";

/**
 * True for a verb of the lexicon that acts on the world through the agent's tools: sends, pays,
 * deletes, uses a capability or grants (the concealed act of concealed-act.ts and the order whose check
 * waived-checks.ts reads as waived; the latter adds the run verbs).
 */
export function isLexiconActVerb(token: SegmentToken): boolean {
  return (
    LEXICON.sendVerbs.hasToken(token) ||
    LEXICON.paymentVerbs.hasToken(token) ||
    LEXICON.destroyVerbs.hasToken(token) ||
    LEXICON.capabilityVerbs.hasToken(token) ||
    LEXICON.grantVerbs.hasToken(token)
  );
}
