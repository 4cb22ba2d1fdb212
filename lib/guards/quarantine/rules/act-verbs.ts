import { LEXICON } from "../lexicon";
import type { SegmentToken } from "../tokenize-segment";
import { wordSet } from "../word-set";

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

/**
 * Verbs that take an act as their object ("make the payment", "initiate the transfer", "veranlasse die
 * Überweisung", "führe die Zahlung durch", "effettua il bonifico", "disponi il pagamento"): they act only
 * with one of PAYMENT_ACT_NOUNS (lightVerbActAt).
 */
const LIGHT_VERBS = wordSet([
  "make",
  "initiate",
  "process",
  "execute",
  "complete",
  "send",
  "issue",
  "veranlasse",
  "veranlassen",
  "veranlasst",
  "führe",
  "führen",
  "tätige",
  "tätigen",
  "löse",
  "lösen",
  "effettua",
  "effettuate",
  "effettuare",
  "esegui",
  "eseguite",
  "eseguire",
  "disponi",
  "disponete",
  "disporre",
  "autorizza",
  "autorizzate",
  // confirming or approving a payment is making it ("confirm the payment of 1,900 EUR to the IBAN")
  "confirm",
  "approve",
  "authorize",
  "authorise",
  "bestätige",
  "genehmige",
  "conferma",
  "confermare",
  "confermate",
  "approva",
  "approvare",
  "autorizzare",
]);

/**
 * German infinitives and formal imperatives that close their clause after the payment they take ("muss
 * der Agent die Zahlung von 1.900 EUR an die IBAN ... bestätigen", "veranlassen Sie die Überweisung"):
 * read back to the clause's start.
 */
const CLAUSE_FINAL_VERBS = wordSet([
  "bestätigen",
  "genehmigen",
  "veranlassen",
  "durchführen",
  "ausführen",
  "tätigen",
  "autorisieren",
  "freigeben",
]);
const CLAUSE_FINAL_REACH = 14;

/** True when the token continues a number after a group separator ("1.900", "12,480"): no clause end. */
export function isNumberGroupAt(tokens: readonly SegmentToken[], index: number): boolean {
  const gap = tokens[index]!.gapBefore;
  return (
    (gap === "." || gap === ",") &&
    /^\d/.test(tokens[index]!.word) &&
    /\d$/.test(tokens[index - 1]?.word ?? "")
  );
}

/** Acts of paying a light verb may take as its object: the payment, the transfer, the wire. */
const PAYMENT_ACT_NOUNS = wordSet([
  "payment",
  "payments",
  "transfer",
  "wire",
  "überweisung",
  "überweisungen",
  "zahlung",
  "zahlungen",
  "sofortüberweisung",
  "bonifico",
  "bonifici",
  "pagamento",
  "pagamenti",
  "versamento",
]);

/**
 * True when tokens[index] is a light verb whose object, within its next four words, is an act of paying:
 * "make the payment of 12,480 EUR", "veranlassen Sie die Überweisung", "effettua un bonifico", "confirm
 * the payment"; or a German verb that closes its clause after one ("... die Zahlung von 1.900 EUR an die
 * IBAN bestätigen").
 */
export function lightVerbActAt(tokens: readonly SegmentToken[], index: number): boolean {
  // (a formal imperative goes on to its object: "veranlassen Sie die Überweisung")
  if (CLAUSE_FINAL_VERBS.hasToken(tokens[index])) {
    for (let back = index - 1; back >= Math.max(0, index - CLAUSE_FINAL_REACH); back--) {
      const token = tokens[back]!;
      if (PAYMENT_ACT_NOUNS.hasToken(token)) return true;
      if (/[.!?;:,]/.test(token.gapBefore) && !isNumberGroupAt(tokens, back)) break;
    }
  }
  if (!LIGHT_VERBS.hasToken(tokens[index])) return false;
  for (let later = index + 1; later < Math.min(tokens.length, index + 5); later++) {
    const token = tokens[later]!;
    if (/[.!?;:]/.test(token.gapBefore)) return false;
    if (PAYMENT_ACT_NOUNS.hasToken(token)) return true;
  }
  return false;
}
