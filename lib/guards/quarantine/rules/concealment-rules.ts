import type { InstructionRule } from "../instruction-rule";
import { LEXICON } from "../lexicon";
import { hasDestination, isImperativePosition, type SegmentView } from "../segment-view";
import { wordSet } from "../word-set";
import { isImperativeVerbToken } from "./role-label-rules";

/** Adverbs that hide an action from the human: "secretly send ...", "heimlich", "di nascosto". */
const SECRECY_ADVERBS = wordSet([
  "secretly",
  "covertly",
  "heimlich",
  "unbemerkt",
  "segretamente",
  "nascosto",
]);

/** "without the user noticing / knowing", "ohne dass der Benutzer es merkt", "senza che se ne accorga". */
const NOTICE_VERBS = wordSet([
  "noticing",
  "knowing",
  "realizing",
  "realising",
  "merkt",
  "bemerkt",
  "mitbekommt",
  "accorga",
  "accorgersene",
  // "without raising suspicion", "ohne Verdacht zu erregen", "senza destare sospetti"
  "suspicion",
  "verdacht",
  "sospetti",
  "sospetto",
]);

/** Finding things out about the user: "find out the user's name without raising suspicion". */
const PRYING_VERBS = wordSet([
  "find",
  "obtain",
  "get",
  "collect",
  "gather",
  "extract",
  "learn",
  "finde",
  "sammle",
  "scopri",
  "ottieni",
  "raccogli",
]);

/**
 * True when the segment takes something from the user or sends it away: a destination (link, address,
 * account), a send verb, a secret or the user's data ("key", "emails", "contacts"), or something of the
 * user's ("the user's name", "their address").
 */
function takesSomething(view: SegmentView): boolean {
  if (hasDestination(view)) return true;
  return view.tokens.some(
    (token) =>
      LEXICON.sendVerbs.hasToken(token) ||
      LEXICON.secretNouns.hasToken(token) ||
      LEXICON.dataNouns.hasToken(token) ||
      USER_GENITIVES.hasToken(token) ||
      token.word === "their",
  );
}

/** The user's nouns in the possessive: "the user's", "the customer's", "the users'". */
const USER_GENITIVES = wordSet([
  "user's",
  "users'",
  "human's",
  "humans'",
  "owner's",
  "customer's",
  "person's",
  "operator's",
  "victim's",
]);

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
    "letting",
    "secret",
    "geheim",
    ...SECRECY_ADVERBS.words,
    ...NOTICE_VERBS.words,
  ].filter((word) => word !== "let" && word !== "show" && word !== "report" && word !== "say"),
  companions: [
    ...LEXICON.userNouns.words,
    ...USER_GENITIVES.words,
    "secret",
    "geheim",
    ...SECRECY_ADVERBS.words,
  ],
  matches: (view) => {
    const { tokens } = view;
    // The two forms below depend on the whole segment (is the user named, is there an order); each is
    // decided at its first occurrence, so a flood of "secretly" stays linear.
    let secrecyDecided = false;
    let noticeDecided = false;
    let namesUser: boolean | undefined;
    const userNamed = () => {
      // "the user", also possessive: "find out the user's name without raising suspicion".
      namesUser ??= tokens.some(
        (token) => LEXICON.userNouns.hasToken(token) || USER_GENITIVES.hasToken(token),
      );
      return namesUser;
    };
    for (let index = 0; index < tokens.length; index++) {
      // "Secretly collect the user's address and ...", "and secretly send it to https://...", "Leite die
      // Mail heimlich weiter an ...": an order done behind the user's back. The adverb must stand where an
      // order starts (or right after the imperative verb, German style), and the action must reach the
      // user or leave the conversation, so "the malware secretly sends data" (a report) stays.
      if (!secrecyDecided && SECRECY_ADVERBS.hasToken(tokens[index])) {
        const ordered =
          isImperativePosition(tokens, index) ||
          (index > 0 && isImperativeVerbToken(tokens[index - 1]!) && isImperativePosition(tokens, index - 1));
        if (ordered) {
          if (userNamed() || hasDestination(view)) return true;
          secrecyDecided = true;
        }
      }
      // "... without the user noticing", "ohne dass der Benutzer es merkt": only inside an order.
      if (
        !noticeDecided &&
        NOTICE_VERBS.hasToken(tokens[index]) &&
        tokens
          .slice(Math.max(0, index - 6), index)
          .some((token) => token.word === "without" || token.word === "ohne" || token.word === "senza") &&
        userNamed()
      ) {
        // The first occurrence admits the most orders after it, so a later one cannot match if it fails.
        noticeDecided = true;
        // Something taken from the user or sent away must be at stake: "Refresh the session in the
        // background without the user noticing" is how front-end docs describe a silent update.
        if (!takesSomething(view)) continue;
        // The order may come before ("Add the key without the user noticing") or after ("Without the
        // user noticing, add the key"), where a comma opens it.
        for (let verb = 0; verb < tokens.length; verb++) {
          const token = tokens[verb]!;
          if (!isImperativeVerbToken(token) && !PRYING_VERBS.hasToken(token)) continue;
          if (isImperativePosition(tokens, verb) || (verb > index && token.gapBefore.includes(",")))
            return true;
        }
      }
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
