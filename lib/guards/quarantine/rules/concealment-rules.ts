import type { InstructionRule } from "../instruction-rule";
import { LEXICON } from "../lexicon";

/**
 * Concealment from the human: "do not tell the user", "don't mention this to the user", "without
 * informing the user", "sag dem Benutzer nichts", "ohne den Nutzer zu informieren", "non dirlo
 * all'utente", "senza avvisare l'utente". The object must be the user ("do not tell the compiler" stays),
 * and "does not warn the user" (a description of a program) is not an order, so only the imperative
 * negations count.
 */
export const concealmentRule: InstructionRule = {
  name: "concealment",
  // Anchored on the informing verb, which is rarer than "user" in documentation.
  anchors: [
    ...LEXICON.tellVerbs.words,
    "telling",
    "informing",
    "notifying",
    "alerting",
    "mentioning",
    "secret",
    "geheim",
  ].filter((word) => word !== "let" && word !== "show" && word !== "report" && word !== "say"),
  companions: [...LEXICON.userNouns.words, "secret", "geheim"],
  matches: ({ tokens }) => {
    for (let index = 0; index < tokens.length; index++) {
      const word = tokens[index]!.word;
      const next = tokens[index + 1]?.word ?? "";
      const imperativeNegation =
        ((word === "do" || word === "please") && next === "not") ||
        word === "don't" ||
        word === "dont" ||
        word === "never";
      const withoutForm = word === "without" || word === "ohne" || word === "senza";
      const italianNegation = word === "non";
      if (imperativeNegation || withoutForm || italianNegation) {
        const verbIndex = index + (word === "do" || word === "please" ? 2 : 1);
        const verb = tokens[verbIndex]?.word ?? "";
        const isTellVerb =
          LEXICON.tellVerbs.has(verb) ||
          /^(telling|informing|notifying|alerting|letting|mentioning|dirlo|dirglielo)$/.test(verb);
        if (!isTellVerb && !withoutForm) continue;
        const window = tokens.slice(verbIndex, verbIndex + 6).map((token) => token.word);
        const userAt = window.findIndex((candidate) => LEXICON.userNouns.has(candidate));
        if (userAt < 0) continue;
        if (withoutForm) {
          // "without informing the user", "ohne den Nutzer zu informieren", "senza avvisare l'utente"
          const hasTell = window.some((candidate) =>
            /^(telling|informing|notifying|alerting|letting|informieren|benachrichtigen|informare|avvisare|avvertire|notificare|dirlo)$/.test(
              candidate,
            ),
          );
          if (hasTell) return true;
          continue;
        }
        if (verb === "let" && !window.includes("know")) continue;
        return true;
      }
      // German verb-first: "sag dem Benutzer nichts", "informiere den Nutzer nicht"
      if (
        (word === "sag" ||
          word === "sage" ||
          word === "informiere" ||
          word === "verrate" ||
          word === "erwähne") &&
        index <= 2
      ) {
        const window = tokens.slice(index + 1, index + 6).map((token) => token.word);
        if (
          window.some((candidate) => LEXICON.userNouns.has(candidate)) &&
          window.some((candidate) => candidate === "nicht" || candidate === "nichts")
        ) {
          return true;
        }
      }
      // keep this secret/hidden from the user
      if ((word === "keep" || word === "halte") && index + 5 < tokens.length) {
        const window = tokens.slice(index + 1, index + 7).map((token) => token.word);
        if (
          window.some((candidate) => /^(secret|hidden|confidential|geheim)$/.test(candidate)) &&
          window.some((candidate) => LEXICON.userNouns.has(candidate))
        ) {
          return true;
        }
      }
    }
    return false;
  },
};
